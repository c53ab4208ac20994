import type { Snapshot, SourceMode } from '@driftgate/git';
import { declaredPathProblem, isGlobPattern, normalizePosixPath, pythonStrip } from '../paths/declared-path.js';
import { BoundverError } from '../errors.js';
import { GlobOperation } from '../paths/glob.js';
import { isJsonObject, type JsonValue } from '../formats/json-value.js';
import { compareCodePoints } from '../formats/string-order.js';

/** `schema` of the `migrate-lock --explain` document. */
export const MIGRATION_ANALYSIS_SCHEMA = 'boundver-migration-analysis/v1';
/** `$schema` of the `migrate-lock --explain` document (the reference release line of lock v3). */
export const MIGRATION_ANALYSIS_SCHEMA_URL = 'https://raw.githubusercontent.com/yzm1/boundver/v0.14.1/spec/cli-output.migrate-lock.schema.json';
/** Most declarations analysed. */
export const MAX_ANALYZED_DECLARATIONS = 2_000;
/** Aggregate matching work of one analysis (index ranges, candidate tests, glob NFA steps). */
export const MAX_SELECTOR_MATCH_EVALUATIONS = 5_000_000;
const MAX_EXAMPLES = 5;
const MAX_EXAMPLE_CHARS = 1_024;
const MAX_LABEL_CHARS = 4_096;
const MAX_SELECTOR_CHARS = 16_384;

/** What a lock needs: nothing, a mechanical rewrite, or regeneration from repository content. */
export type LockMigrationAction = 'none' | 'normalize' | 'regenerate';

/** How a selector's meaning compares between Boundver 0.10 and the current contract. */
export type SelectorAnalysisStatus = 'compared' | 'legacy-rejected' | 'current-rejected' | 'not-applicable' | 'provider-specific';

/** One boundary or behavior declaration, analysed (field names are the JSON document's). */
export interface SelectorAnalysis {
  readonly component: string;
  readonly facet: 'boundary' | 'behavior';
  /** Boundary provider (null for behavior). */
  readonly provider: string | null;
  readonly selector: string;
  readonly selector_kind: 'glob' | 'literal';
  readonly analysis_status: SelectorAnalysisStatus;
  /** Why the declaration was not compared; null when it was. */
  readonly detail: string | null;
  readonly impact: 'unchanged' | 'narrowed' | 'broadened' | 'changed' | 'not-comparable';
  readonly legacy_match_count: number | null;
  readonly current_match_count: number | null;
  readonly legacy_only_count: number | null;
  readonly current_only_count: number | null;
  readonly legacy_only_examples: string[];
  readonly current_only_examples: string[];
  readonly legacy_only_omitted: number;
  readonly current_only_omitted: number;
}

/** The `migrate-lock --explain` document. */
export interface MigrationAnalysis {
  readonly $schema: string;
  readonly schema: string;
  readonly lock: { readonly path: string; readonly source_schema: string | null; readonly action: LockMigrationAction; readonly reason: string | null };
  readonly source: { readonly mode: SourceMode; readonly tree_oid: string | null };
  readonly summary: {
    readonly declaration_count: number;
    readonly compared_declaration_count: number;
    readonly uncompared_declaration_count: number;
    readonly changed_declaration_count: number;
    readonly legacy_only_match_count: number;
    readonly current_only_match_count: number;
    readonly match_evaluations: number;
  };
  readonly declarations: SelectorAnalysis[];
}

/** The lock side of an analysis. */
export interface MigrationLockInfo {
  readonly path: string;
  readonly sourceSchema: JsonValue | undefined;
  readonly action: LockMigrationAction;
  readonly reason: string | null;
}

// Built-in providers of 0.10 that selected raw files, and those that parsed them (no globs there).
const LEGACY_RAW_PROVIDERS = new Set([
  'openapi',
  'openapi-raw',
  'json-file',
  'json-file-raw',
  'python-exports',
  'python-exports-raw',
  'typescript-exports',
  'typescript-exports-raw',
]);
const LEGACY_CANONICAL_PROVIDERS = new Set(['json-canonical', 'openapi-canonical']);

// 0.10 matched globs with fnmatch over the whole component-relative path, so `*` crossed `/`.
// Mapping `/` to a character no path uses turns the whole path into one segment for the current
// matcher, whose classes, `?` and `*` then behave exactly as fnmatch does. (A class range that
// spans `/` itself is the one spelling this cannot reproduce.)
const SLASH_STAND_IN = '\uffff';
const wholePath = (text: string): string => text.split('/').join(SLASH_STAND_IN);

const bounded = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

function usage(message: string): BoundverError {
  return new BoundverError('BOUNDVER_USAGE', message);
}

function boundaryStatus(provider: string, glob: boolean): { status: SelectorAnalysisStatus; detail: string | null } {
  if (LEGACY_RAW_PROVIDERS.has(provider) || provider === 'implicit') return { status: 'compared', detail: null };
  if (provider === 'path-hash') return { status: 'legacy-rejected', detail: 'Boundver 0.10 did not register path-hash as a public boundary provider' };
  if (LEGACY_CANONICAL_PROVIDERS.has(provider)) {
    return glob ? { status: 'legacy-rejected', detail: `Boundver 0.10 rejected glob selectors for the ${provider} boundary provider` } : { status: 'compared', detail: null };
  }
  if (provider === 'leaf') return { status: 'not-applicable', detail: 'The leaf boundary provider ignored boundary.paths in Boundver 0.10' };
  return {
    status: 'provider-specific',
    detail: bounded(`Selector semantics for boundary provider '${provider}' cannot be inferred from the Boundver 0.10 built-ins`, MAX_LABEL_CHARS),
  };
}

interface Prepared {
  readonly facet: 'boundary' | 'behavior';
  readonly provider: string | null;
  readonly label: string;
  readonly legacy: string;
  readonly current: string | null;
  readonly glob: boolean;
  readonly status: SelectorAnalysisStatus;
  readonly detail: string | null;
}

function prepareComponent(name: string, component: JsonValue): { path: string; declarations: Prepared[] } {
  if (name === '' || name.length > MAX_LABEL_CHARS) throw usage(`Component names must be non-empty strings of at most ${MAX_LABEL_CHARS} characters`);
  if (!isJsonObject(component)) throw usage(`Component '${name}' must be an object`);
  const rawPath = component.get('path');
  if (typeof rawPath !== 'string' || pythonStrip(rawPath) === '') throw usage(`Component '${name}' must define a non-empty string path`);
  // 0.10 trimmed and normpath-normalized component roots before any provider saw them.
  const path = normalizePosixPath(rawPath);
  if (path !== '.') {
    const problem = declaredPathProblem(path);
    if (problem !== null) throw usage(`Component '${name}' legacy-normalized path '${path}' ${problem}`);
  }
  const boundary = component.get('boundary');
  if (!isJsonObject(boundary)) throw usage(`Component '${name}' boundary must be an object`);
  const provider = boundary.get('provider');
  if (typeof provider !== 'string' || provider === '' || provider.length > MAX_LABEL_CHARS) {
    throw usage(`Component '${name}' boundary.provider must be a non-empty string of at most ${MAX_LABEL_CHARS} characters`);
  }
  const groups: Array<['boundary' | 'behavior', string | null, JsonValue | undefined]> = [['boundary', provider, boundary.get('paths') ?? []]];
  const behavior = component.get('behavior');
  if (behavior !== undefined && behavior !== null) {
    if (!isJsonObject(behavior)) throw usage(`Component '${name}' behavior must be an object`);
    groups.push(['behavior', null, behavior.get('paths') ?? []]);
  }
  const declarations: Prepared[] = [];
  for (const [facet, facetProvider, list] of groups) {
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) throw usage(`Component '${name}' ${facet}.paths must be a string array`);
    for (const declaration of [...(list as string[])].sort(compareCodePoints)) {
      if (declaration === '') throw usage(`Component '${name}' ${facet} selector must not be empty`);
      const legacy = pythonStrip(declaration);
      const glob = isGlobPattern(legacy);
      let { status, detail } = facet === 'boundary' ? boundaryStatus(provider, glob) : { status: 'compared' as SelectorAnalysisStatus, detail: null as string | null };
      const problem = declaredPathProblem(declaration);
      const current = problem === null ? declaration.replace(/\/$/, '') : null;
      if (status === 'compared' && problem !== null) {
        status = 'current-rejected';
        detail = bounded(`Current Boundver rejects this declaration (${problem}); Boundver 0.10 trimmed and evaluated '${bounded(legacy, MAX_EXAMPLE_CHARS)}'`, MAX_LABEL_CHARS);
      }
      declarations.push({ facet, provider: facetProvider, label: bounded(declaration, MAX_SELECTOR_CHARS), legacy, current, glob, status, detail });
    }
  }
  return { path, declarations };
}

/**
 * Literal selection as both contracts apply it to a component's files: a selector ending in `/`
 * (0.10 only; the current contract strips it) selects what lies below it; otherwise a directory
 * selects itself and what lies below, a file itself.
 */
function literalMatches(files: readonly string[], selector: string, operation: GlobOperation): string[] {
  const prefix = selector.replace(/\/+$/, '');
  const below = (candidate: string): boolean => candidate.startsWith(`${prefix}/`);
  if (selector.endsWith('/')) {
    operation.spend(files.length);
    return files.filter(below);
  }
  let directory = false;
  for (const candidate of files) {
    operation.spend(1);
    if (below(candidate)) {
      directory = true;
      break;
    }
  }
  operation.spend(files.length);
  return files.filter((candidate) => candidate === prefix || (directory && below(candidate)));
}

/**
 * `migrate-lock --explain`: for every boundary and behavior declaration of the config document,
 * the files it selected under Boundver 0.10 (fnmatch over the whole path, so `*` crossed `/`)
 * and under the current segment-aware contract, in the snapshot's tracked files. Declarations
 * whose 0.10 meaning cannot be known (path-hash, canonical globs, leaf, custom providers) or that
 * the current contract rejects are listed, not compared. Bounded: 2,000 declarations and
 * 5,000,000 matching steps (`BOUNDVER_GLOB_GUARDRAIL` / `BOUNDVER_USAGE` past them).
 */
export function analyzeSelectorMigration(snapshot: Snapshot, config: JsonValue, lock: MigrationLockInfo, treeOid: string | null): MigrationAnalysis {
  const components = isJsonObject(config) ? config.get('components') : undefined;
  if (!isJsonObject(components)) throw usage("Config field 'components' must be an object; fix the config before analysing the migration.");
  const prepared: Array<{ name: string; path: string; declarations: Prepared[] }> = [];
  let declarationCount = 0;
  for (const name of [...components.keys()].sort(compareCodePoints)) {
    const { path, declarations } = prepareComponent(name, components.get(name)!);
    declarationCount += declarations.length;
    if (declarationCount > MAX_ANALYZED_DECLARATIONS) {
      throw usage(`Migration selector analysis exceeds the ${MAX_ANALYZED_DECLARATIONS}-declaration limit; analyse a smaller config.`);
    }
    prepared.push({ name, path, declarations });
  }
  const operation = new GlobOperation({ maxStepsPerOperation: MAX_SELECTOR_MATCH_EVALUATIONS });
  const results: SelectorAnalysis[] = [];
  let compared = 0;
  let uncompared = 0;
  let changed = 0;
  let legacyOnlyTotal = 0;
  let currentOnlyTotal = 0;
  for (const { name, path, declarations } of prepared) {
    if (declarations.length === 0) continue;
    let files: string[] = [];
    if (declarations.some((declaration) => declaration.status === 'compared')) {
      const root = path === '.' ? '' : path;
      const entries = snapshot.list(root);
      operation.spend(entries.length + 1);
      files = entries.map((entry) => (root === '' ? entry.path : entry.path.slice(root.length + 1))).filter((file) => file !== '');
    }
    for (const declaration of declarations) {
      const kind = declaration.glob ? 'glob' : 'literal';
      if (declaration.status !== 'compared' || declaration.current === null) {
        uncompared += 1;
        results.push({
          component: name,
          facet: declaration.facet,
          provider: declaration.provider,
          selector: declaration.label,
          selector_kind: kind,
          analysis_status: declaration.status === 'compared' ? 'current-rejected' : declaration.status,
          detail: declaration.detail ?? 'The declaration cannot be compared',
          impact: 'not-comparable',
          legacy_match_count: null,
          current_match_count: null,
          legacy_only_count: null,
          current_only_count: null,
          legacy_only_examples: [],
          current_only_examples: [],
          legacy_only_omitted: 0,
          current_only_omitted: 0,
        });
        continue;
      }
      compared += 1;
      let legacy: string[];
      let current: string[];
      if (declaration.glob) {
        const legacyPattern = operation.compile(wholePath(declaration.legacy));
        legacy = files.filter((file) => operation.matches(wholePath(file), legacyPattern));
        const currentPattern = operation.compile(declaration.current);
        current = files.filter((file) => operation.matches(file, currentPattern));
      } else {
        legacy = literalMatches(files, declaration.legacy, operation);
        current = literalMatches(files, declaration.current, operation);
      }
      const legacySet = new Set(legacy);
      const currentSet = new Set(current);
      const legacyOnly = [...legacySet].filter((file) => !currentSet.has(file)).sort(compareCodePoints);
      const currentOnly = [...currentSet].filter((file) => !legacySet.has(file)).sort(compareCodePoints);
      const impact = legacyOnly.length > 0 && currentOnly.length > 0 ? 'changed' : legacyOnly.length > 0 ? 'narrowed' : currentOnly.length > 0 ? 'broadened' : 'unchanged';
      if (impact !== 'unchanged') changed += 1;
      legacyOnlyTotal += legacyOnly.length;
      currentOnlyTotal += currentOnly.length;
      results.push({
        component: name,
        facet: declaration.facet,
        provider: declaration.provider,
        selector: declaration.label,
        selector_kind: kind,
        analysis_status: 'compared',
        detail: null,
        impact,
        legacy_match_count: legacySet.size,
        current_match_count: currentSet.size,
        legacy_only_count: legacyOnly.length,
        current_only_count: currentOnly.length,
        legacy_only_examples: legacyOnly.slice(0, MAX_EXAMPLES).map((file) => bounded(file, MAX_EXAMPLE_CHARS)),
        current_only_examples: currentOnly.slice(0, MAX_EXAMPLES).map((file) => bounded(file, MAX_EXAMPLE_CHARS)),
        legacy_only_omitted: Math.max(0, legacyOnly.length - MAX_EXAMPLES),
        current_only_omitted: Math.max(0, currentOnly.length - MAX_EXAMPLES),
      });
    }
  }
  return {
    $schema: MIGRATION_ANALYSIS_SCHEMA_URL,
    schema: MIGRATION_ANALYSIS_SCHEMA,
    lock: {
      path: lock.path,
      source_schema: typeof lock.sourceSchema === 'string' ? bounded(lock.sourceSchema, MAX_LABEL_CHARS) : null,
      action: lock.action,
      reason: lock.reason === null ? null : bounded(lock.reason, MAX_LABEL_CHARS),
    },
    source: { mode: snapshot.source, tree_oid: treeOid },
    summary: {
      declaration_count: declarationCount,
      compared_declaration_count: compared,
      uncompared_declaration_count: uncompared,
      changed_declaration_count: changed,
      legacy_only_match_count: legacyOnlyTotal,
      current_only_match_count: currentOnlyTotal,
      match_evaluations: operation.steps,
    },
    declarations: results,
  };
}
