import type { Snapshot, SourceMode } from '@driftgate/git';
import { loadConfigFromSource } from '../config/config-source.js';
import type { BoundverConfig } from '../config/config-types.js';
import { validateConfig } from '../config/config-validate.js';
import { loadCustomProviders } from '../providers/custom-providers.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { GlobOperation } from '../paths/glob.js';
import { captureOperationSource, type RepoFile } from '../source/operation-source.js';
import { BUILT_IN_PROVIDERS, EXTENSION_PROVIDERS } from '../providers/provider-registry.js';
import { selectDeclaredPaths } from '../paths/select-declared-paths.js';
import { sourcePlace } from '../source/source-mode.js';
import { boundDiagnostics } from '../verify/verify-issues.js';
import type { WorkingTreeDifference } from '../source/working-tree-difference.js';

/** Options of {@link checkConfig}. */
export interface CheckConfigOptions {
  cwd: string;
  /** Config file; undefined means `boundary.config.json` with its fallbacks. */
  config?: string;
  /**
   * The snapshot the config and the tracked files are read from. Default `head`, as for
   * `generate` and `verify`: valid means valid for what they read by default.
   */
  source?: SourceMode;
  /** Accept slices whose mode some member cannot supply. */
  allowPartial?: boolean;
  /**
   * Import the declared custom providers and report load failures (trusted code). Without it a
   * config that declares any is refused, as generate and verify refuse it, and nothing is imported.
   */
  allowCustomProviders?: boolean;
  /**
   * Also refuse what only this boundver computes: the API-surface providers (driftgate
   * extensions) and custom providers (JavaScript modules), so a lock stays verifiable by the
   * Python boundver.
   */
  portable?: boolean;
  limits?: EngineLimits;
}

/** Result of {@link checkConfig}. */
export interface CheckConfigResult {
  readonly ok: boolean;
  /** Every problem, bounded like verify's diagnostics. */
  readonly issues: string[];
  readonly config: RepoFile;
  readonly source: SourceMode;
  /** Where the config was read, as messages say it (`at HEAD`, `in the index`, `in the working tree`). */
  readonly place: string;
  /** The working-tree config when it is not the one checked (head/index only). */
  readonly workingTreeDifferences: WorkingTreeDifference[];
}

/**
 * `boundver validate-config`: the config's schema and semantic rules (strict slice facets unless
 * `allowPartial`), then the checks that need the repository: every component path and vendored
 * copy has tracked files, every declared boundary/behavior path selects one, every version file
 * exists. Everything is read from one snapshot of `source`, so the answer is the one `generate`
 * with that source would act on. A missing or unparseable config throws (usage error).
 */
export async function checkConfig(options: CheckConfigOptions): Promise<CheckConfigResult> {
  const source = options.source ?? 'head';
  const snapshot = await captureOperationSource(options.cwd, source, options.limits);
  try {
    const loaded = await loadConfigFromSource(snapshot, options.config);
    const { config, issues } = validateConfig(loaded.document, { requireSliceFacets: !options.allowPartial });
    if (config !== null) {
      if (options.portable === true) issues.push(...portabilityIssues(config));
      issues.push(...sourceIssues(snapshot, config, options.limits ?? {}));
      // Without the opt-in nothing is imported, and the config gets the refusal generate and
      // verify would give it: valid here means that they would act on it.
      const loadedProviders = await loadCustomProviders(config.providers, { root: snapshot.root, allow: options.allowCustomProviders ?? false });
      issues.push(...loadedProviders.errors.map((error) => `Custom provider loading failed: ${error}`));
    }
    return {
      ok: issues.length === 0,
      issues: boundDiagnostics(issues),
      config: loaded.file,
      source,
      place: loaded.place,
      workingTreeDifferences: loaded.workingTree === null ? [] : [loaded.workingTree],
    };
  } finally {
    await snapshot.close();
  }
}

function sourceIssues(snapshot: Snapshot, config: BoundverConfig, limits: EngineLimits): string[] {
  const issues: string[] = [];
  const where = sourcePlace(snapshot.source);
  for (const component of config.components) {
    const entries = snapshot.list(component.path);
    const name = component.name;
    if (entries.length === 0) {
      issues.push(`Component '${name}' path is not a tracked directory ${where}: ${component.path}`);
      continue;
    }
    const candidates = entries.filter((entry) => entry.path !== component.path).map((entry) => entry.path.slice(component.path.length + 1));
    const glob = new GlobOperation(limits.glob);
    const declared: Array<[string, readonly string[] | null]> = [['behavior', component.behaviorPaths]];
    const provider = BUILT_IN_PROVIDERS.get(component.boundary.provider);
    if (provider === undefined || provider.kind !== 'leaf') declared.unshift(['boundary', component.boundary.paths]);
    for (const [facet, paths] of declared) {
      if (paths === null || paths.length === 0) continue;
      try {
        const selection = selectDeclaredPaths(paths, candidates, { operation: glob });
        if (!selection.ok) issues.push(...selection.errors.map((error) => `Component '${name}' ${facet}: ${error}`));
      } catch (error) {
        issues.push(`Component '${name}' ${facet}: ${(error as Error).message}`);
      }
    }
    for (const copy of component.vendoredCopies ?? []) {
      if (snapshot.list(copy.replace(/\/+$/, '')).length === 0) issues.push(`Component '${name}' vendored copy has no tracked files ${where}: ${copy}`);
    }
    const version = component.versionSource;
    if (version?.kind === 'file' && snapshot.get(`${component.path}/${version.file}`) === undefined) {
      issues.push(`Component '${name}' version_source.file is not a tracked file ${where}: ${component.path}/${version.file}`);
    }
  }
  return issues;
}

/** Why the Python boundver could not verify a lock of this config (`--portable`). */
function portabilityIssues(config: BoundverConfig): string[] {
  const issues: string[] = [];
  for (const component of config.components) {
    const provider = component.boundary.provider;
    if (EXTENSION_PROVIDERS.has(provider)) {
      issues.push(
        `Component '${component.name}': boundary provider '${provider}' is a driftgate extension the Python boundver does not have; use a built-in provider (typescript-exports, python-exports, path-hash, …) where the lock must stay portable`,
      );
    } else if (provider.startsWith('custom.')) {
      issues.push(`Component '${component.name}': custom provider '${provider}' is a JavaScript module the Python boundver cannot load`);
    }
  }
  return issues;
}
