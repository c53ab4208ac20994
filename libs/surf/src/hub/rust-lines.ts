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

/** Rust `str::trim_end`: removes trailing Unicode `White_Space` (JS `trimEnd` also strips U+FEFF). */
export function rustTrimEnd(text: string): string {
  return text.replace(TRAILING_WS, '');
}

/** Rust `str::trim_start`. */
export function rustTrimStart(text: string): string {
  return text.replace(LEADING_WS, '');
}
