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
  // One copy of the whole file, then each run between CRs moved left inside it: `copyWithin`
  // allocates nothing, where `Buffer.copy` of a range makes a typed-array view per run, one per
  // CRLF line, which was a fifth of everything a large generate allocated (and scavenged).
  out.set(buffer, 0);
  let written = 0;
  let start = 0;
  while (crlf !== -1) {
    if (written !== start) out.copyWithin(written, start, crlf);
    written += crlf - start;
    start = crlf + 1;
    crlf = buffer.indexOf(CRLF, crlf + 2);
  }
  out.copyWithin(written, start, buffer.length);
  written += buffer.length - start;
  return out.subarray(0, written);
}
