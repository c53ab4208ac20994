import { GitError } from '../git-error.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const SURROGATE = /[\uD800-\uDFFF]/;
const ESCAPE_BASE = 0xdc00;

/**
 * Decodes a Git file name (raw bytes, no NUL) into the lossless string form used everywhere in
 * driftgate: UTF-8 with Python's *surrogateescape* rule.
 *
 * Every byte that starts a valid, shortest-form, non-surrogate UTF-8 sequence is decoded as
 * usual; every other byte (necessarily ≥ 0x80) becomes the lone surrogate U+DC00 + byte.
 * This is exactly what Python's `bytes.decode('utf-8', 'surrogateescape')` yields, so labels built
 * from these strings hash identically to the Python reference, and {@link encodeGitPath} maps
 * the string back to the original bytes. Valid UTF-8 names come out as ordinary strings.
 */
export function decodeGitPath(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return decodeEscaped(bytes);
  }
}

/**
 * Encodes a path string back to Git's bytes: U+DC80..U+DCFF become the single byte they escape,
 * everything else is UTF-8. Any other lone surrogate cannot have come from
 * {@link decodeGitPath} and is rejected with `GIT_BAD_PATH`.
 */
export function encodeGitPath(path: string): Buffer {
  if (!SURROGATE.test(path)) return Buffer.from(path, 'utf8');
  const out = Buffer.allocUnsafe(path.length * 3);
  let n = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c <= 0xdbff && i + 1 < path.length && isLowSurrogate(path.charCodeAt(i + 1))) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (path.charCodeAt(++i) - 0xdc00);
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    } else if (c >= 0xdc80 && c <= 0xdcff) {
      out[n++] = c - ESCAPE_BASE;
    } else {
      throw new GitError(
        'GIT_BAD_PATH',
        `Path contains the lone surrogate U+${c.toString(16).toUpperCase()} at index ${i}, which no Git file name decodes to; pass paths exactly as this package returned them.`,
      );
    }
  }
  return out.subarray(0, n);
}

/** Orders two path strings by their encoded Git bytes (the order Git and the reference use). */
export function compareGitPaths(a: string, b: string): number {
  const len = Math.min(a.length, b.length);
  let i = 0;
  while (i < len && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === len) {
    if (a.length === b.length) return 0;
    // Equal prefixes: the shorter string encodes to a byte prefix of the longer one.
    return a.length < b.length ? -1 : 1;
  }
  const ca = a.charCodeAt(i);
  const cb = b.charCodeAt(i);
  if (ca < 0x80 && cb < 0x80) return ca - cb;
  // Rare: non-ASCII at the first difference; back up over a surrogate pair's first half.
  const from = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
  return Buffer.compare(encodeGitPath(a.slice(from)), encodeGitPath(b.slice(from)));
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function decodeEscaped(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = '';
  let runStart = 0;
  let i = 0;
  while (i < buf.length) {
    const len = validSequenceLength(buf, i);
    if (len > 0) {
      i += len;
      continue;
    }
    if (runStart < i) out += buf.toString('utf8', runStart, i);
    out += String.fromCharCode(ESCAPE_BASE + (buf[i] as number));
    i += 1;
    runStart = i;
  }
  if (runStart < buf.length) out += buf.toString('utf8', runStart, buf.length);
  return out;
}

const isCont = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;
const inRange = (b: number | undefined, lo: number, hi: number): boolean => b !== undefined && b >= lo && b <= hi;

/** Length of the valid UTF-8 sequence starting at `i` (Unicode table 3-7), or 0. */
function validSequenceLength(buf: Buffer, i: number): number {
  const b0 = buf[i] as number;
  if (b0 < 0x80) return 1;
  const b1 = buf[i + 1];
  if (b0 >= 0xc2 && b0 <= 0xdf) return isCont(b1) ? 2 : 0;
  const b2 = buf[i + 2];
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return inRange(b1, lo, hi) && isCont(b2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return inRange(b1, lo, hi) && isCont(b2) && isCont(buf[i + 3]) ? 4 : 0;
  }
  return 0;
}
