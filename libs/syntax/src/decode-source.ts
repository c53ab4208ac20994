import { SourceDecodeError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Source (or hub) bytes or text → text. Bytes must be valid UTF-8; a byte-order mark is kept, as
 * the reference reads files verbatim. Anything else is `SourceDecodeError`, never replacement
 * characters: `verify` would otherwise write U+FFFD over the bytes of a hub it cannot read.
 */
export function decodeSource(source: string | Uint8Array, file?: string, what: 'source' | 'hub' = 'source'): string {
  if (typeof source === 'string') return source;
  try {
    return utf8.decode(source);
  } catch (cause) {
    throw new SourceDecodeError(file, cause, what);
  }
}
