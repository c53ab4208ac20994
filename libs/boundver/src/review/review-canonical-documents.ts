import type { Snapshot } from '@driftgate/git';
import { comparableJson } from '../formats/comparable-json.js';
import type { ComponentConfig } from '../config/config-types.js';
import { isJsonObject, type JsonValue } from '../formats/json-value.js';
import { openApiCanonicalValue } from '../providers/openapi-canonical.js';
import { selectDeclaredPaths } from '../paths/select-declared-paths.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { compareCodePoints } from '../formats/string-order.js';
import { decodeUtf8Strict } from '../formats/text-decoding.js';
import type { JsonTypeName, StructuralChange, StructuralDocument } from './review-types.js';

/** Providers whose boundary is a canonical JSON value, which a structural diff can explain. */
export const CANONICAL_PROVIDERS: ReadonlySet<string> = new Set(['json-canonical', 'openapi-canonical']);

/** Most structural changes one component's explanation lists before it is given up as too large. */
export const MAX_STRUCTURAL_CHANGES = 10_000;

/** A component's boundary documents at one endpoint, by label `canonical:<component-relative path>`. */
export type CanonicalDocuments = Map<string, JsonValue>;

/**
 * The canonical value of each file a `json-canonical` / `openapi-canonical` component's boundary
 * paths select in `snapshot`, as its provider hashes it. Throws the provider's own error (a file
 * that is not valid JSON, YAML or OpenAPI) or a message saying the paths select nothing.
 */
export async function canonicalDocuments(snapshot: Snapshot, component: ComponentConfig): Promise<CanonicalDocuments> {
  const base = component.path === '' || component.path === '.' ? '' : `${component.path.replace(/\/$/, '')}/`;
  const candidates = snapshot.list(component.path === '.' ? '' : component.path).map((entry) => entry.path.slice(base.length));
  const selected = selectDeclaredPaths(component.boundary.paths ?? [], candidates);
  if (!selected.ok) throw new Error(selected.errors.join('; '));
  const documents: CanonicalDocuments = new Map();
  for (const path of selected.paths) {
    const bytes = (await snapshot.read(`${base}${path}`)).content;
    const value = component.boundary.provider === 'openapi-canonical' ? openApiCanonicalValue(bytes, path) : parseStrictJson(decodeUtf8Strict(bytes, path), path);
    documents.set(`canonical:${path}`, value);
  }
  return documents;
}

function typeOf(value: JsonValue): JsonTypeName {
  if (value === null) return 'null';
  if (isJsonObject(value)) return 'object';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'string' ? 'string' : 'boolean';
}

const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Thrown when a diff passes {@link MAX_STRUCTURAL_CHANGES}. */
export class StructuralLimitError extends Error {}

function diff(before: JsonValue, after: JsonValue, path: string, out: StructuralChange[]): void {
  const push = (change: StructuralChange) => {
    if (out.length >= MAX_STRUCTURAL_CHANGES) throw new StructuralLimitError(`more than ${MAX_STRUCTURAL_CHANGES} structural changes`);
    out.push(change);
  };
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of [...new Set([...before.keys(), ...after.keys()])].sort(compareCodePoints)) {
      const at = `${path}/${token(key)}`;
      if (!after.has(key)) push({ kind: 'removed', path: at, before_type: typeOf(before.get(key)!), after_type: null });
      else if (!before.has(key)) push({ kind: 'added', path: at, before_type: null, after_type: typeOf(after.get(key)!) });
      else diff(before.get(key)!, after.get(key)!, at, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      const at = `${path}/${index}`;
      if (index >= after.length) push({ kind: 'removed', path: at, before_type: typeOf(before[index]!), after_type: null });
      else if (index >= before.length) push({ kind: 'added', path: at, before_type: null, after_type: typeOf(after[index]!) });
      else diff(before[index]!, after[index]!, at, out);
    }
    return;
  }
  if (comparableJson(before) !== comparableJson(after)) push({ kind: 'changed', path, before_type: typeOf(before), after_type: typeOf(after) });
}

/**
 * The documents that differ between two endpoints, by label: added and removed documents as one
 * change at the root (`""`), changed ones as JSON-pointer changes (objects key by key, arrays
 * index by index, a scalar or a type that differs as `changed`). Sorted by label; throws
 * {@link StructuralLimitError} past {@link MAX_STRUCTURAL_CHANGES} changes in all.
 */
export function canonicalDocumentChanges(before: CanonicalDocuments, after: CanonicalDocuments): StructuralDocument[] {
  const documents: StructuralDocument[] = [];
  let total = 0;
  for (const label of [...new Set([...before.keys(), ...after.keys()])].sort(compareCodePoints)) {
    const old = before.get(label);
    const now = after.get(label);
    const changes: StructuralChange[] = [];
    if (old === undefined) changes.push({ kind: 'added', path: '', before_type: null, after_type: typeOf(now!) });
    else if (now === undefined) changes.push({ kind: 'removed', path: '', before_type: typeOf(old), after_type: null });
    else diff(old, now, '', changes);
    if (changes.length === 0) continue;
    total += changes.length;
    if (total > MAX_STRUCTURAL_CHANGES) throw new StructuralLimitError(`more than ${MAX_STRUCTURAL_CHANGES} structural changes`);
    documents.push({ label, status: old === undefined ? 'added' : now === undefined ? 'removed' : 'changed', changes });
  }
  return documents;
}
