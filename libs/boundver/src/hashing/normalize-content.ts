const CRLF = Buffer.from('\r\n', 'latin1');

/**
 * The only built-in content conversion: CRLF becomes LF when the bytes contain no NUL. Binary
 * content (any NUL) and lone CR are untouched. Returns the input itself when nothing changes.
 * `output`, when given, supplies the buffer (of at least `size` bytes) the result is written to,
 * so a caller hashing many files can reuse one buffer instead of allocating per file.
 */
export function normalizeContent(bytes: Uint8Array, output?: (size: number) => Buffer): Uint8Array {
  // Native searches and copies: this runs once per hashed file, over every byte.
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let crlf = buffer.indexOf(CRLF);
  if (crlf === -1 || buffer.indexOf(0) !== -1) return bytes;
  const out = output === undefined ? Buffer.allocUnsafe(buffer.length) : output(buffer.length);
  let written = 0;
  let start = 0;
  while (crlf !== -1) {
    written += buffer.copy(out, written, start, crlf);
    start = crlf + 1;
    crlf = buffer.indexOf(CRLF, crlf + 2);
  }
  written += buffer.copy(out, written, start);
  return out.subarray(0, written);
}
