/**
 * A pre-scan of YAML text for nesting depth (hub frontmatter, boundver configs), run before the
 * YAML library composes the document:
 * the library recurses once per level, so a hostile config nested thousands deep would exhaust
 * the stack (and near the stack limit V8 can even abort the process) before the value-level depth
 * check sees it. The scan over-counts (a bracket inside a plain scalar counts), so callers give
 * it a little more room than the exact limit and keep the exact check on the composed values.
 */

/** Where the text first nests deeper than the limit: 1-based line and column. */
export interface YamlDepthExcess {
  readonly line: number;
  readonly column: number;
}

/** A block indicator (`-`, `?`, `:`) at `i` followed by a space, a tab, a line break or the end. */
function isIndicator(yaml: string, i: number): boolean {
  const ch = yaml[i];
  if (ch !== '-' && ch !== '?' && ch !== ':') return false;
  const next = yaml[i + 1];
  return next === undefined || next === ' ' || next === '\t' || next === '\n' || next === '\r';
}

/**
 * Finds the first place the YAML text nests collections deeper than the limit, counting flow
 * brackets (`[`, `{`) outside quoted scalars and comments, on top of the block indentation levels
 * open at that line (compact `- - x` and `? ? x` indicators count as the levels they open).
 */
export function yamlDepthExcess(yaml: string, limit: number): YamlDepthExcess | undefined {
  const indents: number[] = [];
  let flow = 0;
  let line = 1;
  let lineStart = 0;
  let quote: '"' | "'" | null = null;
  let atLineStart = true;
  for (let i = 0; i < yaml.length; i++) {
    const ch = yaml[i]!;
    // YAML breaks lines at LF, CRLF and a lone CR alike.
    if (ch === '\r' && yaml[i + 1] === '\n') continue;
    if (ch === '\n' || ch === '\r') {
      line++;
      lineStart = i + 1;
      atLineStart = true;
      continue;
    }
    if (quote !== null) {
      if (quote === '"' && ch === '\\') i++;
      else if (ch === quote) {
        if (quote === "'" && yaml[i + 1] === "'") i++;
        else quote = null;
      }
      continue;
    }
    if (atLineStart) {
      if (ch === ' ') continue;
      atLineStart = false;
      // Block levels: only a line that starts content outside flow collections opens or closes one.
      if (flow === 0 && ch !== '#') {
        const indent = i - lineStart;
        while (indents.length > 0 && indents.at(-1)! >= indent) indents.pop();
        indents.push(indent);
        if (indents.length > limit) return { line, column: indent + 1 };
        // Compact block nesting (`- - - x`, `? ? ? x`) opens one level per indicator on a single
        // line, with no indentation or bracket to count; the YAML library recurses on each.
        let j = i;
        while (isIndicator(yaml, j)) {
          j++;
          while (yaml[j] === ' ' || yaml[j] === '\t') j++;
          const column = j - lineStart;
          if (column <= indents.at(-1)!) break;
          indents.push(column);
          if (indents.length > limit) return { line, column: column + 1 };
        }
        if (j > i) {
          // The run holds only indicators and blanks: resume the scan after it.
          i = j - 1;
          continue;
        }
      }
    }
    // A run of `- ` / `? ` indicators anywhere else (inside a flow collection, after a key) is
    // invalid YAML, but the library still recurses once per indicator while recovering.
    if ((ch === '-' || ch === '?') && isIndicator(yaml, i) && (i === lineStart || ' \t[{,'.includes(yaml[i - 1]!))) {
      let run = 0;
      let j = i;
      while ((yaml[j] === '-' || yaml[j] === '?') && isIndicator(yaml, j)) {
        run++;
        j++;
        while (yaml[j] === ' ' || yaml[j] === '\t') j++;
      }
      if (indents.length + flow + run > limit) return { line, column: i - lineStart + 1 };
      i = j - 1;
      continue;
    }
    if (ch === '#' && (i === lineStart || yaml[i - 1] === ' ' || yaml[i - 1] === '\t')) {
      while (i + 1 < yaml.length && yaml[i + 1] !== '\n' && yaml[i + 1] !== '\r') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const before = i === lineStart ? ' ' : yaml[i - 1]!;
      // A quote opens a scalar only where a scalar can start, not inside a plain word (`don't`).
      if (' \t[{,:-?'.includes(before)) quote = ch;
      continue;
    }
    if (ch === '[' || ch === '{') {
      flow++;
      if (indents.length + flow > limit) return { line, column: i - lineStart + 1 };
    } else if ((ch === ']' || ch === '}') && flow > 0) {
      flow--;
    }
  }
  return undefined;
}
