import { randomBytes } from 'node:crypto';
import { link, mkdir, open, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Facet } from '../config/config-types.js';
import { BoundverError, isBoundverError } from '../errors.js';
import type { FacetPolicy } from './facet-policy.js';
import { isJsonObject, type JsonValue } from '../formats/json-value.js';
import { pythonJsonDumps } from '../formats/python-json.js';
import { sha256Hex } from '../hashing/sha256.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { compareCodePoints } from '../formats/string-order.js';
import { isSafetyIssue } from './verify-issues.js';
import type { SourceMode } from '@driftgate/git';

/** Version of the baseline document. */
export const BASELINE_SCHEMA = 'boundver-verify-baseline/v1';
/** `$schema` of a baseline, the published schema of the reference release line this follows. */
export const BASELINE_SCHEMA_URL = 'https://raw.githubusercontent.com/yzm1/boundver/v0.15.1/spec/verify-baseline.schema.json';
/** Largest baseline file read or written. */
export const MAX_BASELINE_BYTES = 2 * 1024 * 1024;
/** Most violation identities one baseline holds. */
export const MAX_BASELINE_VIOLATIONS = 10_000;
const MAX_BASELINE_TEXT = 4_096;

/** What a violation identity is about. */
export type ViolationKind = 'component-facet' | 'slice-facet' | 'affected-consumers';

/**
 * One reviewed violation. `id` is the SHA-256 (hex) of `schema NUL kind NUL subject NUL facet`
 * (UTF-8), so it is the same on every run and machine and never depends on digests or wording.
 */
export interface BaselineViolation {
  readonly id: string;
  readonly kind: ViolationKind;
  /** Component or slice name. */
  readonly subject: string;
  /** The facet; for `affected-consumers`, `direct` or `transitive`. */
  readonly facet: string;
}

/**
 * The scope a baseline was written for. `--baseline` requires all of it to match the run;
 * `--update-baseline` requires all but the two digests, which it refreshes.
 */
export interface BaselineContext {
  readonly project: string;
  readonly lock_schema: string;
  /** SHA-256 of the lock as sorted, compact, ASCII JSON: the baseline is about this lock. */
  readonly lock_digest: string;
  readonly config_contract: string;
  readonly source: SourceMode;
  /** Sorted, unique; empty for the whole lock. */
  readonly components_filter: string[];
  /** Explicit `--facets` (sorted) or null. */
  readonly facets: Facet[] | null;
  readonly transitive: boolean;
  /** SHA-256 of the effective facet policy (verify's `facet_policy`) as sorted, compact, ASCII JSON. */
  readonly policy_digest: string;
}

/** A baseline file's content, in its key order. */
export interface BaselineDocument extends BaselineContext {
  readonly $schema: string;
  readonly schema: string;
  /** Sorted by id, unique. */
  readonly violations: BaselineViolation[];
}

const FACETS = new Set(['exact', 'behavior', 'boundary', 'compat']);
const KIND_FACETS: Record<ViolationKind, ReadonlySet<string>> = {
  'component-facet': FACETS,
  'slice-facet': FACETS,
  'affected-consumers': new Set(['direct', 'transitive']),
};
const CONTEXT_KEYS = ['project', 'lock_schema', 'lock_digest', 'config_contract', 'source', 'components_filter', 'facets', 'transitive', 'policy_digest'] as const;
const SCOPE_KEYS = CONTEXT_KEYS.filter((key) => key !== 'lock_digest' && key !== 'policy_digest');

const COMPONENT_FACET = /^MISMATCH (.+)\.(exact|behavior|boundary|compat):/s;
const SLICE_FACET = /^SLICE MISMATCH (.+)\.(exact|behavior|boundary|compat):/s;
const CONSUMERS = /^AFFECTED CONSUMERS( \(TRANSITIVE\))? (.+)$/s;
// Version and semver metadata are the same observed change as the compat mismatch they come with.
const COMPAT_METADATA = /^METADATA MISMATCH (.+)\.(?:version|semver):/s;
// An API-surface provider names the symbols behind the boundary mismatch it comes with.
const API_CHANGE = /^API CHANGE (.+?): /s;

function baselineError(message: string, cause?: unknown): BoundverError {
  return new BoundverError('BOUNDVER_BASELINE', message, cause === undefined ? {} : { cause });
}

/** The identity of (kind, subject, facet); throws `BOUNDVER_BASELINE` for an invalid one. */
export function violationIdentity(kind: ViolationKind, subject: string, facet: string): BaselineViolation {
  if (!(kind in KIND_FACETS)) throw baselineError(`Unknown baseline violation kind ${JSON.stringify(kind)}.`);
  if (!KIND_FACETS[kind].has(facet)) throw baselineError(`Invalid facet ${JSON.stringify(facet)} for baseline violation kind ${kind}.`);
  if (subject === '' || subject.length > MAX_BASELINE_TEXT) throw baselineError(`A baseline violation subject must be 1 to ${MAX_BASELINE_TEXT} characters.`);
  return { id: sha256Hex([BASELINE_SCHEMA, kind, subject, facet].join('\0')), kind, subject, facet };
}

/** An issue with its identity (null: not baselinable on its own). */
interface IdentifiedIssue {
  readonly issue: string;
  readonly identity: BaselineViolation | null;
}

/**
 * Identities of verify's issues, in order. An AFFECTED CONSUMERS line is bound to the component
 * mismatch right before it (names and consumer lists may both contain `: `, so the line is never
 * split to find its owner).
 */
function identify(issues: readonly string[]): IdentifiedIssue[] {
  const out: IdentifiedIssue[] = [];
  let owner: string | null = null;
  for (const issue of issues) {
    let identity: BaselineViolation | null = null;
    const component = COMPONENT_FACET.exec(issue);
    const slice = component === null ? SLICE_FACET.exec(issue) : null;
    const consumers = component === null && slice === null ? CONSUMERS.exec(issue) : null;
    if (component !== null) {
      identity = violationIdentity('component-facet', component[1]!, component[2]!);
      owner = identity.subject;
    } else if (slice !== null) {
      identity = violationIdentity('slice-facet', slice[1]!, slice[2]!);
      owner = null;
    } else if (consumers !== null) {
      if (owner !== null && consumers[2]!.startsWith(`${owner}: `)) identity = violationIdentity('affected-consumers', owner, consumers[1] === undefined ? 'direct' : 'transitive');
      owner = null;
    } else {
      owner = null;
    }
    out.push({ issue, identity });
  }
  return out;
}

/** Subjects with a component-facet identity among `facets`. */
function subjectsWith(identified: readonly IdentifiedIssue[], facets: ReadonlySet<string>): Set<string> {
  const subjects = new Set<string>();
  for (const { identity } of identified) if (identity?.kind === 'component-facet' && facets.has(identity.facet)) subjects.add(identity.subject);
  return subjects;
}

const COMPAT = new Set(['compat']);
const SURFACE = new Set(['boundary', 'compat']);

/**
 * The subject an annotation issue belongs to when its owner is among `owners` (version/semver
 * metadata of a compat mismatch, API CHANGE of a boundary mismatch), else null.
 */
function annotationOwner(issue: string, compatOwners: ReadonlySet<string>, surfaceOwners: ReadonlySet<string>): string | null {
  const metadata = COMPAT_METADATA.exec(issue);
  if (metadata !== null) return compatOwners.has(metadata[1]!) ? metadata[1]! : null;
  const api = API_CHANGE.exec(issue);
  if (api !== null) return surfaceOwners.has(api[1]!) ? api[1]! : null;
  return null;
}

function sortedJson(value: JsonValue): string {
  return pythonJsonDumps(value, { sortKeys: true, ensureAscii: true, separators: [',', ':'], maxNodes: 50_000_000 });
}

/** The facet policy as verify's JSON shows it, as a JSON value. */
function policyValue(policy: FacetPolicy): JsonValue {
  return new Map<string, JsonValue>([
    ['explicit', policy.explicit],
    ['defaults', policy.defaults],
    ['components', new Map([...policy.components].map(([name, facets]) => [name, [...facets]]))],
    ['slices', new Map([...policy.slices].map(([name, slice]) => [name, new Map<string, JsonValue>([['mode', slice.mode], ['gated', slice.gated]])]))],
  ]);
}

/** Inputs of {@link baselineContext}. */
export interface BaselineContextInputs {
  /** The lock as verified (its text). */
  readonly lockText: string;
  readonly source: SourceMode;
  readonly componentsFilter: readonly string[];
  readonly facets: readonly Facet[] | null;
  readonly transitive: boolean;
  readonly policy: FacetPolicy;
}

/** The scope of this verification, as a baseline records it. */
export function baselineContext(inputs: BaselineContextInputs): BaselineContext {
  const lock = parseStrictJson(inputs.lockText, 'lock');
  const field = (key: string): string => {
    const value = isJsonObject(lock) ? lock.get(key) : undefined;
    return typeof value === 'string' && value !== '' ? value : 'unknown';
  };
  return {
    project: field('project'),
    lock_schema: field('schema'),
    lock_digest: sha256Hex(sortedJson(lock)),
    config_contract: field('config_contract'),
    source: inputs.source,
    components_filter: [...new Set(inputs.componentsFilter)].sort(compareCodePoints),
    facets: inputs.facets === null ? null : [...new Set(inputs.facets)].sort(compareCodePoints),
    transitive: inputs.transitive,
    policy_digest: sha256Hex(sortedJson(policyValue(inputs.policy))),
  };
}

/**
 * A new baseline of `issues` (verify's full list): one identity per component or slice facet
 * mismatch and per AFFECTED CONSUMERS line; version/semver metadata of a compat mismatch and the
 * API CHANGE of a boundary mismatch are covered by it. Anything else (integrity, config, digest
 * errors, unavailable facets, other metadata, NEW/REMOVED entries) must be fixed, not recorded:
 * `BOUNDVER_BASELINE` names the first such issue.
 */
export function createBaseline(context: BaselineContext, issues: readonly string[]): BaselineDocument {
  const identified = identify(issues);
  const compat = subjectsWith(identified, COMPAT);
  const surface = subjectsWith(identified, SURFACE);
  const violations = new Map<string, BaselineViolation>();
  for (const { issue, identity } of identified) {
    if (identity !== null) violations.set(identity.id, identity);
    else if (annotationOwner(issue, compat, surface) === null) {
      throw baselineError(`Cannot baseline this issue; fix it first (a baseline only records facet drift): ${issue.slice(0, MAX_BASELINE_TEXT)}`);
    }
  }
  if (violations.size > MAX_BASELINE_VIOLATIONS) throw baselineError(`Verification has more than ${MAX_BASELINE_VIOLATIONS} distinct violations; narrow it with --components.`);
  return { $schema: BASELINE_SCHEMA_URL, schema: BASELINE_SCHEMA, ...context, violations: [...violations.values()].sort((a, b) => compareCodePoints(a.id, b.id)) };
}

/** How a baseline sorted verify's issues. */
export interface BaselineSplit {
  /** Issues the baseline does not cover: they gate with their normal exit code. */
  readonly fresh: string[];
  /** Issues the baseline covers. */
  readonly acknowledged: string[];
  /** Baseline identities this run no longer sees, sorted. */
  readonly resolved: BaselineViolation[];
}

/**
 * Sorts `issues` into new and acknowledged by `baseline`'s identities. Safety (exit-2) issues
 * are never acknowledged. An AFFECTED CONSUMERS line, version/semver metadata or API CHANGE is
 * acknowledged with the boundary/compat mismatch it belongs to.
 */
export function splitByBaseline(baseline: BaselineDocument, issues: readonly string[]): BaselineSplit {
  const known = new Map(baseline.violations.map((violation) => [violation.id, violation]));
  const identified = identify(issues);
  const acknowledgedIdentities = identified.flatMap(({ identity }) => (identity !== null && known.has(identity.id) ? [identity] : []));
  const compat = subjectsWith(acknowledgedIdentities.map((identity) => ({ issue: '', identity })), COMPAT);
  const surface = subjectsWith(acknowledgedIdentities.map((identity) => ({ issue: '', identity })), SURFACE);
  const fresh: string[] = [];
  const acknowledged: string[] = [];
  const observed = new Set<string>();
  for (const { issue, identity } of identified) {
    if (identity !== null) observed.add(identity.id);
    const covered =
      !isSafetyIssue(issue) &&
      (identity !== null
        ? known.has(identity.id) || (identity.kind === 'affected-consumers' && surface.has(identity.subject))
        : annotationOwner(issue, compat, surface) !== null);
    (covered ? acknowledged : fresh).push(issue);
  }
  const resolved = [...known.values()].filter((violation) => !observed.has(violation.id)).sort((a, b) => compareCodePoints(a.id, b.id));
  return { fresh, acknowledged, resolved };
}

/** Refuses a baseline written for another scope; `scopeOnly` leaves out the lock and policy digests. */
export function requireMatchingContext(baseline: BaselineDocument, context: BaselineContext, file: string, scopeOnly: boolean): void {
  for (const key of scopeOnly ? SCOPE_KEYS : CONTEXT_KEYS) {
    if (JSON.stringify(baseline[key]) === JSON.stringify(context[key])) continue;
    const hint =
      key === 'lock_digest' || key === 'policy_digest'
        ? `the ${key === 'lock_digest' ? 'lock' : 'facet policy'} changed since the baseline was written; review what changed, then shrink it with --update-baseline ${file} (or write a new one with --write-baseline)`
        : `run with the baseline's own ${key === 'components_filter' ? '--components' : key === 'facets' ? '--facets' : key === 'transitive' ? '--transitive' : key === 'source' ? '--source' : key}, or write a baseline for this scope with --write-baseline`;
    throw baselineError(`Verification baseline ${file} does not match this verification: ${key} is ${JSON.stringify(baseline[key])} there, ${JSON.stringify(context[key])} here; ${hint}.`);
  }
}

/** The baseline file text: 2-space JSON in the document's key order, ASCII, LF-terminated. */
export function baselineText(document: BaselineDocument): string {
  const value = new Map<string, JsonValue>([
    ['$schema', document.$schema],
    ['schema', document.schema],
    ...CONTEXT_KEYS.map((key): [string, JsonValue] => [key, document[key] as JsonValue]),
    ['violations', document.violations.map((v) => new Map<string, JsonValue>([['id', v.id], ['kind', v.kind], ['subject', v.subject], ['facet', v.facet]]))],
  ]);
  const text = `${pythonJsonDumps(value, { indent: 2, ensureAscii: true, maxNodes: 50_000_000 })}\n`;
  if (Buffer.byteLength(text) > MAX_BASELINE_BYTES) throw baselineError(`The baseline would exceed the ${MAX_BASELINE_BYTES}-byte limit; narrow it with --components.`);
  return text;
}

function stringField(document: Map<string, JsonValue>, key: string, file: string): string {
  const value = document.get(key);
  if (typeof value !== 'string' || value === '' || value.length > MAX_BASELINE_TEXT) throw baselineError(`Verification baseline ${file}: "${key}" must be a non-empty string.`);
  return value;
}

function sortedUnique(values: readonly string[]): boolean {
  return values.every((value, index) => index === 0 || compareCodePoints(values[index - 1]!, value) < 0);
}

/**
 * Parses and validates a baseline file: every key of the format and no other, the schema and
 * `$schema` this version writes, sorted unique lists, and each violation's id recomputed from its
 * fields. Throws `BOUNDVER_BASELINE` saying what is wrong.
 */
export function parseBaseline(bytes: Uint8Array, file: string): BaselineDocument {
  if (bytes.length > MAX_BASELINE_BYTES) throw baselineError(`Verification baseline ${file} exceeds the ${MAX_BASELINE_BYTES}-byte limit.`);
  let document: JsonValue;
  try {
    document = parseStrictJson(bytes, file);
  } catch (cause) {
    if (!isBoundverError(cause)) throw cause;
    throw baselineError(`Verification baseline ${file} is not valid JSON: ${cause.message}`, cause);
  }
  if (!isJsonObject(document)) throw baselineError(`Verification baseline ${file} must be a JSON object.`);
  const expected = new Set<string>(['$schema', 'schema', ...CONTEXT_KEYS, 'violations']);
  const unknown = [...document.keys()].filter((key) => !expected.has(key));
  const missing = [...expected].filter((key) => !document.has(key));
  if (unknown.length > 0 || missing.length > 0) {
    throw baselineError(`Verification baseline ${file} has ${unknown.length > 0 ? `unknown fields ${unknown.join(', ')}` : ''}${unknown.length > 0 && missing.length > 0 ? ' and ' : ''}${missing.length > 0 ? `missing fields ${missing.join(', ')}` : ''}; write it with --write-baseline.`);
  }
  if (document.get('$schema') !== BASELINE_SCHEMA_URL || document.get('schema') !== BASELINE_SCHEMA) {
    throw baselineError(`Verification baseline ${file} is not a ${BASELINE_SCHEMA} file of this version (expected $schema ${BASELINE_SCHEMA_URL}); write it again with --write-baseline.`);
  }
  const source = stringField(document, 'source', file);
  if (source !== 'head' && source !== 'index' && source !== 'working-tree') throw baselineError(`Verification baseline ${file}: "source" must be head, index or working-tree.`);
  const filter = document.get('components_filter');
  if (!Array.isArray(filter) || !filter.every((item) => typeof item === 'string' && item !== '') || !sortedUnique(filter as string[])) {
    throw baselineError(`Verification baseline ${file}: "components_filter" must be a sorted list of unique names.`);
  }
  const facets = document.get('facets');
  if (facets !== null && (!Array.isArray(facets) || !facets.every((item) => typeof item === 'string' && FACETS.has(item)) || !sortedUnique(facets as string[]))) {
    throw baselineError(`Verification baseline ${file}: "facets" must be null or a sorted list of unique facets.`);
  }
  const transitive = document.get('transitive');
  if (typeof transitive !== 'boolean') throw baselineError(`Verification baseline ${file}: "transitive" must be true or false.`);
  for (const key of ['lock_digest', 'policy_digest']) {
    if (!/^[0-9a-f]{64}$/.test(stringField(document, key, file))) throw baselineError(`Verification baseline ${file}: "${key}" must be a SHA-256 hex digest.`);
  }
  const entries = document.get('violations');
  if (!Array.isArray(entries)) throw baselineError(`Verification baseline ${file}: "violations" must be a list.`);
  if (entries.length > MAX_BASELINE_VIOLATIONS) throw baselineError(`Verification baseline ${file} has more than ${MAX_BASELINE_VIOLATIONS} violations.`);
  const violations = entries.map((entry, index) => {
    const keys = isJsonObject(entry) ? [...entry.keys()].sort() : [];
    if (!isJsonObject(entry) || keys.join(',') !== 'facet,id,kind,subject') throw baselineError(`Verification baseline ${file}: violations[${index}] must have exactly id, kind, subject and facet.`);
    const identity = violationIdentity(stringField(entry, 'kind', file) as ViolationKind, stringField(entry, 'subject', file), stringField(entry, 'facet', file));
    if (entry.get('id') !== identity.id) throw baselineError(`Verification baseline ${file}: violations[${index}].id does not match its kind, subject and facet; do not edit ids by hand.`);
    return identity;
  });
  if (!sortedUnique(violations.map((violation) => violation.id))) throw baselineError(`Verification baseline ${file}: violations must be sorted by id, without duplicates.`);
  return {
    $schema: BASELINE_SCHEMA_URL,
    schema: BASELINE_SCHEMA,
    project: stringField(document, 'project', file),
    lock_schema: stringField(document, 'lock_schema', file),
    lock_digest: document.get('lock_digest') as string,
    config_contract: stringField(document, 'config_contract', file),
    source,
    components_filter: [...(filter as string[])],
    facets: facets === null ? null : ([...facets] as Facet[]),
    transitive,
    policy_digest: document.get('policy_digest') as string,
    violations,
  };
}

/**
 * Creates `path` with `text`, never replacing a file: the bytes go to a temporary sibling first,
 * which is then hard-linked to the name (an atomic create that fails when the name exists), so a
 * reader or a killed run never sees a partial baseline. Throws `BOUNDVER_BASELINE` when the file
 * exists, `BOUNDVER_WRITE_FAILED` when it cannot be written.
 */
export async function writeBaselineCreateOnly(path: string, text: string, display: string): Promise<void> {
  const directory = dirname(path);
  const temporary = join(directory, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temporary, path);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'EEXIST') {
        throw baselineError(`Verification baseline already exists: ${display}; --write-baseline never replaces one. Shrink it with --update-baseline ${display}, or remove it first.`, cause);
      }
      throw cause;
    }
  } catch (cause) {
    if (isBoundverError(cause)) throw cause;
    throw new BoundverError('BOUNDVER_WRITE_FAILED', `Cannot write ${display}: ${(cause as Error).message}; check the directory exists and is writable.`, { cause });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
