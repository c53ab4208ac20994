/**
 * Splits like Rust's `str::lines`: on `\n`, dropping one `\r` right before each `\n`; a final
 * terminator yields no empty last line; a lone trailing `\r` without `\n` is kept (Rust ≥ 1.77).
 */
export function rustLines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  const terminated = text.endsWith('\n');
  if (terminated) parts.pop();
  const lastTerminated = terminated ? parts.length : parts.length - 1;
  for (let i = 0; i < lastTerminated; i++) {
    const line = parts[i];
    if (line.endsWith('\r')) parts[i] = line.slice(0, -1);
  }
  return parts;
}

const TRAILING_WS = /\p{White_Space}+$/u;
const LEADING_WS = /^\p{White_Space}+/u;

/**
 * Whether the UTF-16 unit is printable ASCII other than space, which is never `White_Space`: an
 * end of a text that is one needs no trimming. Checked first because nearly every trimmed text
 * (a claim, an anchor segment, tens of thousands per check) has nothing to trim, and the
 * Unicode-aware pattern costs far more than the look.
 */
function plainAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/** Rust `str::trim_end`: removes trailing Unicode `White_Space` (JS `trimEnd` also strips U+FEFF). */
export function rustTrimEnd(text: string): string {
  if (text.length === 0 || plainAscii(text.charCodeAt(text.length - 1))) return text;
  return text.replace(TRAILING_WS, '');
}

/** Rust `str::trim_start`. */
export function rustTrimStart(text: string): string {
  if (text.length === 0 || plainAscii(text.charCodeAt(0))) return text;
  return text.replace(LEADING_WS, '');
}

/** Rust `str::trim`. */
export function rustTrim(text: string): string {
  return rustTrimStart(rustTrimEnd(text));
}
