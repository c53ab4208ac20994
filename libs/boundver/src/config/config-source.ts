import type { Snapshot } from '@driftgate/git';
import { parseConfigDocument } from './config-parse.js';
import { CONFIG_NAMES, DEFAULT_CONFIG_NAME, type BoundverConfig } from './config-types.js';
import { validateConfig } from './config-validate.js';
import { BoundverError, isBoundverError } from '../errors.js';
import type { JsonValue } from '../formats/json-value.js';
import { readDiskFile, readSourceFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { sourceLabel, sourcePlace } from '../source/source-mode.js';
import { difference, withDifferences, workingTreeDifference, type WorkingTreeDifference } from '../source/working-tree-difference.js';

/** The config of an operation, read from its source. */
export interface LoadedConfig {
  readonly file: RepoFile;
  /** The exact bytes read (for `--strict-config-source` comparisons). */
  readonly bytes: Buffer;
  /** The parsed document (strict parsing by extension). */
  readonly document: JsonValue;
  /** Where it was read, as messages say it (`at HEAD`, `in the index`, `in the working tree`). */
  readonly place: string;
  /**
   * For head/index: the config a working-tree run would read, when it is not this one (other
   * bytes, or a config of higher precedence that only the working tree has); else null.
   */
  readonly workingTree: WorkingTreeDifference | null;
}

function onDisk(file: RepoFile): boolean {
  try {
    return readDiskFile(file.absolute, 0) !== null;
  } catch {
    return false;
  }
}

/**
 * Finds and parses the config in the operation's source. With `name` undefined the default
 * `boundary.config.json` is tried, then `boundary.config.yaml`, `.yml`, `.toml`; an explicit name
 * has no fallbacks. head/index read blobs of the captured tree, which must be regular files;
 * working-tree reads the disk. Parse errors name the file with its place (`… at HEAD`). For
 * head/index the working-tree config is compared, never used, so that callers can say when it
 * differs; a config only the working tree has is named in the not-found error. Throws
 * `BOUNDVER_CONFIG_NOT_FOUND`, `BOUNDVER_CONFIG_UNREADABLE` or the parser's typed error.
 */
export async function loadConfigFromSource(snapshot: Snapshot, name?: string): Promise<LoadedConfig> {
  const candidates = (name === undefined ? CONFIG_NAMES : [name]).map((candidate) => resolveRepoFile(snapshot.root, candidate));
  const inWorkingTree = snapshot.source === 'working-tree' ? undefined : candidates.find(onDisk);
  for (const file of candidates) {
    const found = await readSourceFile(snapshot, file, 'config');
    if (found === null) continue;
    const place = sourcePlace(snapshot.source, file.relative !== null);
    let workingTree: WorkingTreeDifference | null = null;
    if (snapshot.source !== 'working-tree' && inWorkingTree !== undefined) {
      // Candidates are tried in order, so one before this file is absent from the snapshot.
      workingTree =
        inWorkingTree === file
          ? workingTreeDifference(snapshot.source, file, 'config', found.bytes)
          : difference('config', inWorkingTree, snapshot.source, 'added');
    }
    let document: JsonValue;
    try {
      document = parseConfigDocument(found.bytes, file.display, `${file.display} ${place}`);
    } catch (error) {
      throw isBoundverError(error) ? withDifferences(error, [workingTree]) : error;
    }
    return { file, bytes: found.bytes, document, place, workingTree };
  }
  const shown = name ?? DEFAULT_CONFIG_NAME;
  const hint =
    snapshot.source !== 'working-tree' && inWorkingTree !== undefined
      ? difference('config', inWorkingTree, snapshot.source, 'added').message
      : snapshot.source === 'head'
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
 * Validates a loaded config; throws `BOUNDVER_CONFIG_INVALID` ("Config is invalid (<file>
 * <place>):" and one line per issue, also in `details`) when it has any issue. Callers append
 * `loaded.workingTree` to the errors of their operation (`withDifferences`).
 */
export function requireValidConfig(loaded: LoadedConfig, options: { requireSliceFacets: boolean }): BoundverConfig {
  const { config, issues } = validateConfig(loaded.document, { requireSliceFacets: options.requireSliceFacets });
  if (config === null) {
    throw new BoundverError('BOUNDVER_CONFIG_INVALID', `Config is invalid (${loaded.file.display} ${loaded.place}):\n${issues.map((issue) => `  - ${issue}`).join('\n')}`, {
      details: issues,
    });
  }
  return config;
}
