/**
 * The only built-in content conversion: CRLF becomes LF when the bytes contain no NUL. Binary
 * content (any NUL) and lone CR are untouched. Returns the input itself when nothing changes.
 */
export function normalizeContent(bytes: Uint8Array): Uint8Array {
  if (bytes.indexOf(0) !== -1) return bytes;
  let cr = bytes.indexOf(0x0d);
  while (cr !== -1 && bytes[cr + 1] !== 0x0a) cr = bytes.indexOf(0x0d, cr + 1);
  if (cr === -1) return bytes;
  const out = new Uint8Array(bytes.length);
  let written = 0;
  let start = 0;
  while (cr !== -1) {
    if (bytes[cr + 1] === 0x0a) {
      out.set(bytes.subarray(start, cr), written);
      written += cr - start;
      start = cr + 1;
    }
    cr = bytes.indexOf(0x0d, cr + 1);
  }
  out.set(bytes.subarray(start), written);
  written += bytes.length - start;
  return out.subarray(0, written);
}
