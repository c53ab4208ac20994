import type { Snapshot } from '@driftgate/git';
import { parseConfigDocument } from './config-parse.js';
import { CONFIG_FALLBACK_NAMES, DEFAULT_CONFIG_NAME, type BoundverConfig } from './config-types.js';
import { validateConfig } from './config-validate.js';
import { BoundverError } from './errors.js';
import type { JsonValue } from './json-value.js';
import { readSourceFile, resolveRepoFile, type RepoFile } from './operation-source.js';
import { sourceLabel } from './source-mode.js';

/** The config of an operation, read from its source. */
export interface LoadedConfig {
  readonly file: RepoFile;
  /** The exact bytes read (for `--strict-config-source` comparisons). */
  readonly bytes: Buffer;
  /** The parsed document (strict parsing by extension). */
  readonly document: JsonValue;
}

/**
 * Finds and parses the config in the operation's source. With `name` undefined the default
 * `boundary.config.json` is tried, then `boundary.config.yaml`, `.yml`, `.toml`; an explicit name
 * has no fallbacks. head/index read blobs of the captured tree, which must be regular files;
 * working-tree reads the disk. Throws `BOUNDVER_CONFIG_NOT_FOUND`, `BOUNDVER_CONFIG_UNREADABLE`
 * or the parser's typed error.
 */
export async function loadConfigFromSource(snapshot: Snapshot, name?: string): Promise<LoadedConfig> {
  const candidates = name === undefined ? [DEFAULT_CONFIG_NAME, ...CONFIG_FALLBACK_NAMES] : [name];
  for (const candidate of candidates) {
    const file = resolveRepoFile(snapshot.root, candidate);
    const found = await readSourceFile(snapshot, file, 'config');
    if (found === null) continue;
    return { file, bytes: found.bytes, document: parseConfigDocument(found.bytes, file.display) };
  }
  const shown = name ?? DEFAULT_CONFIG_NAME;
  const hint =
    snapshot.source === 'head'
      ? 'Commit it, or run with --source working-tree to read the file on disk.'
      : snapshot.source === 'index'
        ? 'Stage it (git add), or run with --source working-tree to read the file on disk.'
        : name === undefined
          ? 'Create one with `boundver init`, or pass --config.'
          : 'Check the --config path.';
  const where = snapshot.source === 'working-tree' ? 'on disk' : `in the ${sourceLabel(snapshot.source)} snapshot`;
  throw new BoundverError('BOUNDVER_CONFIG_NOT_FOUND', `Config file not found: ${shown} ${where}. ${hint}`);
}

/**
 * Validates a loaded config; throws `BOUNDVER_CONFIG_INVALID` ("Config is invalid:" and one
 * line per issue, also in `details`) when it has any issue.
 */
export function requireValidConfig(loaded: LoadedConfig, options: { requireSliceFacets: boolean }): BoundverConfig {
  const { config, issues } = validateConfig(loaded.document, { requireSliceFacets: options.requireSliceFacets });
  if (config === null) {
    throw new BoundverError('BOUNDVER_CONFIG_INVALID', `Config is invalid (${loaded.file.display}):\n${issues.map((issue) => `  - ${issue}`).join('\n')}`, {
      details: issues,
    });
  }
  return config;
}
