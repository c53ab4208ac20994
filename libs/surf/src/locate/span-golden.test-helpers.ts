import type { Span } from './resolve.js';

/** One anchor of a span golden: its span and stamp, or the error it resolves to. */
export type GoldenResult =
  | { readonly label: string; readonly span: Span; readonly stamp: string }
  | { readonly label: string; readonly error: string };

/** Anchors listed at the top of a golden input: leading `<comment> anchor: <segments>` lines. */
export function goldenAnchors(text: string, comment: string): string[] {
  const anchors: string[] = [];
  for (const line of text.split('\n')) {
    const match = line.startsWith(comment) ? /^\s*anchor:\s*(.+?)\s*$/.exec(line.slice(comment.length)) : null;
    if (!match) break;
    anchors.push(match[1]!);
  }
  return anchors;
}

/**
 * The golden text: a header listing every anchor with its stamp under `recipe` and lines (or its error),
 * then the source with a line-number gutter and caret lines under each span's first and last
 * line (`^ X starts` / `^ X ends`), or under the whole span when it fits on one line.
 */
export function renderSpanGolden(
  file: string,
  comment: string,
  text: string,
  results: readonly GoldenResult[],
  recipe = 'v2',
): string {
  const out: string[] = [`${comment} ${file}: resolved span and ${recipe} stamp of each anchor listed on top.`, comment];
  const width = Math.max(...results.map((r) => r.label.length));
  for (const r of results) {
    const detail =
      'error' in r ? `error: ${r.error}` : `${r.stamp}  lines ${r.span.startLine}-${r.span.endLine}`;
    out.push(`${comment}   ${r.label.padEnd(width)}  →  ${detail}`);
  }
  out.push(comment);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const gutter = String(lines.length).length;
  const blank = `${' '.repeat(gutter)} |`;
  lines.forEach((line, i) => {
    const number = i + 1;
    out.push(`${String(number).padStart(gutter)} | ${line}`.trimEnd());
    // Keep tabs so carets line up under tab-indented code.
    const pad = (column: number): string => line.slice(0, column).replace(/[^\t]/g, ' ');
    for (const r of results) {
      if ('error' in r) continue;
      const { span } = r;
      if (span.startLine === number && span.endLine === number) {
        const carets = '^'.repeat(Math.max(1, span.endColumn - span.startColumn));
        out.push(`${blank} ${pad(span.startColumn)}${carets} ${r.label}`);
      } else if (span.startLine === number) {
        out.push(`${blank} ${pad(span.startColumn)}^ ${r.label} starts`);
      } else if (span.endLine === number) {
        out.push(`${blank} ${pad(Math.max(0, span.endColumn - 1))}^ ${r.label} ends`);
      }
    }
  });
  return `${out.join('\n')}\n`;
}

/** A unified diff (3 lines of context) of two texts, for golden mismatches. */
export function unifiedDiff(expected: string, actual: string, name: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // LCS table from the end, then walk forward emitting =, -, + operations.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Array<{ op: ' ' | '-' | '+'; line: string; ai: number; bi: number }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ op: ' ', line: a[i]!, ai: i++, bi: j++ });
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      ops.push({ op: '-', line: a[i]!, ai: i++, bi: j });
    } else {
      ops.push({ op: '+', line: b[j]!, ai: i, bi: j++ });
    }
  }
  const out = [`--- ${name} (expected)`, `+++ ${name} (actual)`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.op === ' ') {
      k++;
      continue;
    }
    const start = Math.max(0, k - 3);
    let end = k;
    // Extend the hunk while changes are within 6 lines of each other.
    while (end < ops.length) {
      let next = end;
      while (next < ops.length && ops[next]!.op === ' ') next++;
      if (next >= ops.length || next - end > 6) break;
      end = next + 1;
    }
    const stop = Math.min(ops.length, end + 3);
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    out.push(`@@ -${hunk[0]!.ai + 1},${aCount} +${hunk[0]!.bi + 1},${bCount} @@`);
    for (const o of hunk) out.push(`${o.op}${o.line}`);
    k = stop;
  }
  return out.join('\n');
}
