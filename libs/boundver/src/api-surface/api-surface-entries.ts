import { createHash } from 'node:crypto';
import { SEMANTIC_MODE, SEMANTIC_TYPE } from '../hashing/digests.js';
import type { HashEntry } from '../hashing/framing.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { compareCodePoints } from '../formats/string-order.js';
import type { ApiSymbol, ReexportFacts } from './api-surface-types.js';
import { type UnresolvedSymbol, describeResolvedSince, describeUnresolved } from './unresolved-reexports.js';

/** `boundary_metadata` key under which API-surface providers record their symbols. */
export const API_SYMBOLS_KEY = 'api_symbols';

/** `<entry>#<name>`: how a symbol is named in the lock and in reports. */
export function symbolKey(symbol: Pick<ApiSymbol, 'entry' | 'name'>): string {
  return `${symbol.entry}#${symbol.name}`;
}

/** What is hashed for a symbol: its kind and its declaration text. */
function symbolContent(symbol: ApiSymbol): Buffer {
  return Buffer.from(`${symbol.kind}\n${symbol.text}`, 'utf8');
}

/**
 * One semantic entry per symbol (`api:<entry>#<name>`, mode `semantic`, type `value`), hashed in
 * the boundary domain like every built-in semantic provider's entries; and the lock metadata that
 * lets `why` and `verify` name what changed: `{api_symbols: {"<entry>#<name>": "<kind>:<16 hex>"}}`,
 * the hex being the start of the entry content's SHA-256.
 */
export function apiSurfaceEntries(symbols: readonly ApiSymbol[]): { entries: HashEntry[]; metadata: JsonObject } {
  const entries: HashEntry[] = [];
  const digests = new Map<string, JsonValue>();
  const sorted = [...symbols].sort((a, b) => compareCodePoints(symbolKey(a), symbolKey(b)));
  for (const symbol of sorted) {
    const key = symbolKey(symbol);
    const content = symbolContent(symbol);
    entries.push({ label: `api:${key}`, mode: SEMANTIC_MODE, type: SEMANTIC_TYPE, content });
    digests.set(key, `${symbol.kind}:${createHash('sha256').update(content).digest('hex').slice(0, 16)}`);
  }
  return { entries, metadata: new Map<string, JsonValue>([[API_SYMBOLS_KEY, digests]]) };
}

/** Exported symbols added, removed and changed between two locks' metadata, each sorted. */
export interface ApiSymbolChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  /**
   * Of `changed`: symbols the lock recorded as unresolved that resolve now. Usually the module
   * they come from was not in the snapshot the lock was generated from (a file not yet added to
   * git), so the lock never held their declarations.
   */
  readonly resolvedSince: readonly string[];
  /**
   * Of `added` and `changed`: symbols that do not resolve now, because the module they are
   * re-exported from is not in the snapshot (an untracked or ignored file, a wrong path, or a
   * package whose types are not in the repository).
   */
  readonly unresolvedNow: readonly string[];
  /**
   * Of `unresolvedNow`: why each does not resolve, sorted by symbol, where the operation that
   * computed the current surface knows it (verify, why); empty when comparing two locks.
   */
  readonly unresolvedCauses: readonly UnresolvedSymbol[];
  /**
   * Of `resolvedSince`: symbols re-exported by name through a specifier the tsconfig `paths` map
   * now, with it: the lock may have been generated before the mapping (or the file) existed.
   */
  readonly resolvedThroughPaths: readonly { readonly symbol: string; readonly specifier: string }[];
}

const UNRESOLVED_PREFIX = 'unresolved:';

/**
 * The symbol differences between a locked and a current `boundary_metadata`, or undefined when
 * either side records no API symbols (another provider, or a failed surface). `facts` are what
 * the operation computing the current surface knows of its re-exports (`EngineContext.reexports`).
 */
export function apiSymbolChanges(locked: unknown, current: unknown, facts?: ReexportFacts): ApiSymbolChanges | undefined {
  const before = symbolDigests(locked);
  const after = symbolDigests(current);
  if (before === undefined || after === undefined) return undefined;
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  const resolvedSince: string[] = [];
  const unresolvedNow: string[] = [];
  for (const [key, digest] of after) {
    const old = before.get(key);
    if (old === digest) continue;
    if (old === undefined) added.push(key);
    else changed.push(key);
    if (digest.startsWith(UNRESOLVED_PREFIX)) unresolvedNow.push(key);
    else if (old?.startsWith(UNRESOLVED_PREFIX)) resolvedSince.push(key);
  }
  for (const key of before.keys()) if (!after.has(key)) removed.push(key);
  const sorted = (names: string[]) => names.sort(compareCodePoints);
  const unresolvedCauses = sorted(unresolvedNow).flatMap((symbol) => {
    const cause = facts?.unresolved.get(symbol);
    return cause === undefined ? [] : [{ symbol, ...cause }];
  });
  const resolvedThroughPaths = sorted(resolvedSince).flatMap((symbol) => {
    const specifier = facts?.mapped.get(symbol);
    return specifier === undefined ? [] : [{ symbol, specifier }];
  });
  return {
    added: sorted(added),
    removed: sorted(removed),
    changed: sorted(changed),
    resolvedSince: sorted(resolvedSince),
    unresolvedNow: sorted(unresolvedNow),
    unresolvedCauses,
    resolvedThroughPaths,
  };
}

function symbolDigests(metadata: unknown): Map<string, string> | undefined {
  const symbols = field(metadata, API_SYMBOLS_KEY);
  if (symbols === undefined) return undefined;
  const out = new Map<string, string>();
  const pairs = symbols instanceof Map ? [...symbols] : typeof symbols === 'object' && symbols !== null ? Object.entries(symbols) : [];
  for (const [key, value] of pairs) if (typeof value === 'string') out.set(String(key), value);
  return out;
}

function field(value: unknown, key: string): unknown {
  if (value instanceof Map) return value.get(key);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return (value as Record<string, unknown>)[key];
  return undefined;
}

/** `added \`a\`; removed \`b\`; changed \`c\``, each list bounded to `limit` names. */
export function describeApiChanges(changes: ApiSymbolChanges, limit = 10): string {
  const list = (names: readonly string[]): string =>
    names.length <= limit ? names.map((n) => `\`${n}\``).join(', ') : `${names.slice(0, limit).map((n) => `\`${n}\``).join(', ')} and ${names.length - limit} more`;
  const parts: string[] = [];
  if (changes.added.length > 0) parts.push(`added ${list(changes.added)}`);
  if (changes.removed.length > 0) parts.push(`removed ${list(changes.removed)}`);
  if (changes.changed.length > 0) parts.push(`changed ${list(changes.changed)}`);
  if (changes.resolvedSince.length > 0) parts.push(...describeResolvedSince(changes.resolvedSince, changes.resolvedThroughPaths, list));
  if (changes.unresolvedNow.length > 0) parts.push(...describeUnresolved(changes.unresolvedNow, changes.unresolvedCauses, list));
  return parts.join('; ');
}
