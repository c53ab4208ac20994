/** Where a TOML 1.0 inline-table rule is broken, 1-based, and which rule. */
export interface InlineTableViolation {
  readonly kind: string;
  readonly line: number;
  readonly column: number;
}

/**
 * TOML 1.0 keeps an inline table on one line (no newline or comment between its braces, outside
 * nested arrays and multi-line strings) and allows no trailing comma in it. smol-toml also reads
 * the later draft that lifts both rules, and Python's tomllib, which the reference reads configs
 * with, does not; so a config is checked against them before it is parsed. Strings, comments and
 * table headers are skipped the way a TOML lexer skips them.
 */
export function inlineTableViolation(text: string): InlineTableViolation | undefined {
  /** Open brackets of values: `{` inline table, `[` array. */
  const stack: Array<'{' | '['> = [];
  let line = 1;
  let lineStart = 0;
  let onlySpaceSoFar = true;
  const at = (i: number, kind: string): InlineTableViolation => ({ kind, line, column: i - lineStart + 1 });
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      if (stack.at(-1) === '{') return at(i, 'Unclosed inline table (TOML 1.0 ends an inline table on the line it starts)');
      line++;
      lineStart = i + 1;
      onlySpaceSoFar = true;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    const firstOnLine = onlySpaceSoFar;
    onlySpaceSoFar = false;
    if (ch === '#') {
      if (stack.at(-1) === '{') return at(i, 'Comment inside an inline table (TOML 1.0 ends an inline table on the line it starts)');
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const triple = text.startsWith(ch.repeat(3), i);
      const end = skipString(text, i, ch, triple);
      // Multi-line strings may span lines; keep the line count right.
      for (let k = i; k < end; k++) {
        if (text[k] === '\n') {
          line++;
          lineStart = k + 1;
        }
      }
      i = end - 1;
      continue;
    }
    if (ch === '[' && firstOnLine && stack.length === 0) {
      // A table header (`[a.b]`, `[[a]]`): keys, not values; quoted keys may hold brackets.
      while (i + 1 < text.length && text[i + 1] !== '\n' && text[i + 1] !== '#') {
        i++;
        if (text[i] === '"' || text[i] === "'") i = skipString(text, i, text[i] as '"' | "'", false) - 1;
      }
      continue;
    }
    if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',' && stack.at(-1) === '{') {
      let k = i + 1;
      while (text[k] === ' ' || text[k] === '\t') k++;
      if (text[k] === '}') return at(i, 'Trailing comma in an inline table (TOML 1.0 allows none)');
    }
  }
  return undefined;
}

/** Index just past the string that opens at `start` (or the end of the text when it does not close). */
function skipString(text: string, start: number, quote: '"' | "'", triple: boolean): number {
  const close = triple ? quote.repeat(3) : quote;
  let i = start + close.length;
  while (i < text.length) {
    if (quote === '"' && text[i] === '\\') {
      i += 2;
      continue;
    }
    if (!triple && text[i] === '\n') return i;
    if (text.startsWith(close, i)) {
      let end = i + close.length;
      // A multi-line string may end with up to two extra quotes of its kind (`""""` closes after one).
      while (triple && text[end] === quote && end - i < 5) end++;
      return end;
    }
    i++;
  }
  return i;
}
