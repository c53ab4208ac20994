import { SourceDecodeError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Source bytes or text → text. Bytes must be valid UTF-8; a byte-order mark is kept, as the
 * reference reads files verbatim. Anything else is `SourceDecodeError`, never replacement
 * characters: a caller that writes text back would otherwise write U+FFFD over bytes it cannot read.
 */
export function decodeSource(source: string | Uint8Array, file?: string): string {
  if (typeof source === 'string') return source;
  try {
    return utf8.decode(source);
  } catch (cause) {
    throw new SourceDecodeError(file, cause);
  }
}
