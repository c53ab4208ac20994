import { BoundverError } from '../errors.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes strict UTF-8 (no replacement characters). A leading BOM is kept so parsers can reject
 * it the way Python's `json` does. `source` names the input in the error.
 */
export function decodeUtf8Strict(bytes: Uint8Array, source: string): string {
  try {
    return UTF8.decode(bytes);
  } catch (cause) {
    throw new BoundverError('BOUNDVER_TEXT_ENCODING', `${source} is not valid UTF-8; re-save it as UTF-8`, { cause });
  }
}

/** Accepts text or bytes; bytes are decoded with {@link decodeUtf8Strict}. */
export function asText(input: string | Uint8Array, source: string): string {
  return typeof input === 'string' ? input : decodeUtf8Strict(input, source);
}
