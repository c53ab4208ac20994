import { BoundverError } from '../errors.js';
import {
  MAX_DECLARED_PATH_BYTES,
  MAX_DECLARED_PATH_SEGMENTS,
  MAX_GLOB_SEGMENT_BYTES,
  MAX_GLOB_SEGMENT_METACHARACTERS,
} from '../limits.js';
import { hasLoneSurrogate } from '../formats/string-order.js';

/** True when a declaration contains a glob metacharacter (`*`, `?` or `[`). */
export function isGlobPattern(path: string): boolean {
  return path.includes('*') || path.includes('?') || path.includes('[');
}

// Python's str.strip() whitespace set.
const WHITESPACE = '\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const ALL_WHITESPACE = new RegExp(`^[${WHITESPACE}]*$`);
const EDGE_WHITESPACE = new RegExp(`^[${WHITESPACE}]|[${WHITESPACE}]$`);
const TRIM_WHITESPACE = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, 'g');

/** Python's `str.strip()`: removes its whitespace set from both ends. */
export function pythonStrip(value: string): string {
  return value.replace(TRIM_WHITESPACE, '');
}

const CONTROL = /[\u0000-\u001f\u007f]/;
const DRIVE = /^[A-Za-z]:/;

/**
 * Why `path` is not a valid declared path (component- or repository-relative POSIX path, a
 * single trailing `/` allowed), or null when it is valid. The reason completes the sentence
 * "Invalid declared boundary path '<p>': <reason>".
 */
export function declaredPathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'must be a string';
  if (ALL_WHITESPACE.test(path)) return 'must not be empty or whitespace';
  if (EDGE_WHITESPACE.test(path)) return 'must not have leading or trailing whitespace';
  if (hasLoneSurrogate(path)) return 'must contain valid Unicode';
  if (CONTROL.test(path)) return 'must not contain control characters';
  if (Buffer.byteLength(path, 'utf8') > MAX_DECLARED_PATH_BYTES) return `must not exceed ${MAX_DECLARED_PATH_BYTES} UTF-8 bytes`;
  if (path.includes('\\')) return "must use '/' separators";
  if (path.startsWith('/') || DRIVE.test(path)) return 'must be relative';
  const body = path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = body.split('/');
  if (segments.length > MAX_DECLARED_PATH_SEGMENTS) return `must not exceed ${MAX_DECLARED_PATH_SEGMENTS} path segments`;
  if (segments.includes('')) return 'must not contain empty path segments';
  if (segments.includes('.')) return "must not contain '.' path segments";
  if (segments.includes('..')) return "must not contain '..' path segments; the path escapes its declared root";
  for (const segment of segments) {
    if (!isGlobPattern(segment)) continue;
    if (Buffer.byteLength(segment, 'utf8') > MAX_GLOB_SEGMENT_BYTES) {
      return `glob segments must not exceed ${MAX_GLOB_SEGMENT_BYTES} UTF-8 bytes`;
    }
    let metacharacters = 0;
    for (const character of segment) if (character === '*' || character === '?' || character === '[') metacharacters += 1;
    if (metacharacters > MAX_GLOB_SEGMENT_METACHARACTERS) {
      return `glob segments must not contain more than ${MAX_GLOB_SEGMENT_METACHARACTERS} wildcard metacharacters`;
    }
  }
  return null;
}

/**
 * Validates a declared path and returns its canonical spelling (trailing `/` removed). Throws
 * `BOUNDVER_INVALID_DECLARED_PATH` with "Invalid declared boundary path '<p>': <reason>".
 */
export function normalizeDeclaredPath(path: string): string {
  const problem = declaredPathProblem(path);
  if (problem !== null) {
    throw new BoundverError('BOUNDVER_INVALID_DECLARED_PATH', `Invalid declared boundary path '${path}': ${problem}`);
  }
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Python's `posixpath.normpath` after trimming whitespace, except that an empty input stays
 * empty: collapses `a//b` and `a/./b`, resolves `a/x/../b`, drops a trailing `/`. Used where
 * the reference normalizes config paths for the semantic digest.
 */
export function normalizePosixPath(path: string): string {
  const trimmed = pythonStrip(path);
  if (trimmed === '') return '';
  const leadingSlashes = trimmed.startsWith('/') ? (trimmed.startsWith('//') && !trimmed.startsWith('///') ? 2 : 1) : 0;
  const parts: string[] = [];
  for (const part of trimmed.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..' || (leadingSlashes === 0 && parts.length === 0) || (parts.length > 0 && parts[parts.length - 1] === '..')) {
      parts.push(part);
    } else if (parts.length > 0) {
      parts.pop();
    }
  }
  const joined = '/'.repeat(leadingSlashes) + parts.join('/');
  return joined === '' ? '.' : joined;
}
