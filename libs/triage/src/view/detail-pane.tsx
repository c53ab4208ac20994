import { blameText } from '@driftgate/report';
import type { Divergence, SpanLocation } from '@driftgate/surf';
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { FollowPreview } from '../model/follow-preview.js';
import { type DiffLine, lineDiff } from '../model/line-diff.js';
import { displayLine, fit, kindColour, kindTag, wrapCells } from './labels.js';
import type { Colour, Theme } from './theme.js';

/** One display row of the detail pane. */
export interface DetailRow {
  readonly text: string;
  readonly colour?: Colour;
  readonly dim?: boolean;
}

export interface DetailOptions {
  /** Whether the old → new code diff is shown (`d` toggles it). */
  readonly showDiff: boolean;
  /** What `follow` would write for this item, when known. */
  readonly follow?: FollowPreview | undefined;
}

/**
 * The selected claim, whole: hub and line, anchor, the full prose, stored → current hash (or why
 * it failed), what `follow` would write, then old → new code of the anchored span as a unified diff,
 * every line wrapped to `width` cells so nothing is cut — the pane scrolls instead.
 */
export function detailRows(d: Divergence, theme: Theme, options: DetailOptions, width: number): DetailRow[] {
  /** `marker`: a diff line's `- `/`+ `/`  `, repeated on every row the line wraps over. */
  const logical: Array<DetailRow & { readonly marker?: string }> = [];
  const line = d.hubLine !== undefined ? `:${d.hubLine}` : '';
  logical.push({ text: `${kindTag(d).trim()} ${d.kind}  ${displayLine(d.hub)}${line}${d.id !== undefined ? `  ${displayLine(d.id)}` : ''}`, colour: kindColour(d, theme) });
  if (d.at !== '') logical.push({ text: `at: ${displayLine(d.at)}` });
  if (d.prose !== '') logical.push({ text: `claim: ${displayLine(d.prose)}` });
  if (d.oldHash !== undefined || d.newHash !== undefined) {
    logical.push({ text: `hash: ${displayLine(d.oldHash ?? '(none)')} → ${displayLine(d.newHash ?? '(unresolved)')}` });
  }
  if (d.detail !== undefined) logical.push({ text: displayLine(d.detail), colour: theme.danger });
  if (options.follow !== undefined) {
    logical.push(
      'newAt' in options.follow
        ? { text: `f follows to: ${displayLine(options.follow.newAt)}`, colour: theme.followed }
        : { text: `follow not possible: ${displayLine(options.follow.problem)}`, dim: true },
    );
  }
  const hunks = options.showDiff ? codeHunks(d) : undefined;
  if (hunks === undefined && d.location !== undefined) logical.push({ text: `code: ${codeWhere(d.location)}`, dim: true });
  // A shallow clone lacks the verified commit: say so, and how to fetch it, as surf check does,
  // rather than let the code now pass for the whole story.
  if (d.historyMissing !== undefined && d.oldCode === undefined) {
    logical.push({ text: `old code unknown: ${displayLine(d.historyNote ?? `the claim was verified at ${d.historyMissing}, which this clone does not have`)}`, colour: theme.unverified });
  }
  if (hunks !== undefined) {
    logical.push({ text: hunks.title, dim: true });
    for (const hunk of hunks.hunks) {
      if (hunk.header !== undefined) logical.push({ text: hunk.header, dim: true });
      for (const l of hunk.lines) {
        const colour = l.op === '+' ? theme.diffAdded : l.op === '-' ? theme.diffRemoved : undefined;
        logical.push({ text: displayLine(l.text), marker: `${l.op} `, ...(colour !== undefined ? { colour } : {}) });
      }
    }
    if (hunks.unchanged.length > 0) logical.push({ text: `unchanged: ${hunks.unchanged.map(displayLine).join(', ')}`, dim: true });
  } else if (!options.showDiff && (d.oldCode !== undefined || d.newCode !== undefined)) {
    logical.push({ text: 'diff hidden (d shows it)', dim: true });
  }
  // Who changed it comes after the diff: on a short terminal the code the reviewer accepts stays on screen.
  if (d.blame !== undefined) logical.push({ text: blameText(d.blame, displayLine), dim: true });
  // A diff line wrapped over several rows keeps its `-`/`+` on each, so it reads without colour.
  return logical.flatMap(({ marker, ...row }) =>
    marker === undefined ? wrapCells(row.text, width).map((text) => ({ ...row, text })) : wrapCells(row.text, Math.max(1, width - marker.length)).map((text) => ({ ...row, text: marker + text })),
  );
}

/** The first scroll offset at which the last row is shown in a window of `height` rows. */
export function maxScroll(rowCount: number, height: number): number {
  // A window that cannot show every row gives its last row to the position line.
  return rowCount <= height ? 0 : rowCount - Math.max(1, height - 1);
}

/** `height` rows of `rows` from `scroll`, with a position line when they do not all fit. */
export function ScrolledRows({ rows, scroll, height, width, theme, hint }: { rows: readonly DetailRow[]; scroll: number; height: number; width: number; theme: Theme; hint: string }) {
  const fits = rows.length <= height;
  const top = fits ? 0 : Math.min(Math.max(0, scroll), maxScroll(rows.length, height));
  const body = fits ? rows : rows.slice(top, top + Math.max(1, height - 1));
  const below = rows.length - top - body.length;
  const position = `${top > 0 ? `↑ ${top} above  ` : ''}${below > 0 ? `↓ ${below} more` : 'end'}  ·  ${hint}`;
  return (
    <Box flexDirection="column" height={height} width={width}>
      {body.map((row, i) => (
        <Text key={i} wrap="truncate-end" {...(row.colour !== undefined ? { color: row.colour } : {})} dimColor={row.dim === true}>
          {fit(row.text, width)}
        </Text>
      ))}
      {fits ? null : (
        <Text wrap="truncate-end" color={theme.muted}>
          {fit(position, width)}
        </Text>
      )}
    </Box>
  );
}

/**
 * The detail pane under the list: {@link detailRows} in a scrollable window. Memoised: a key that
 * changes neither the item, the options, the size nor the scroll does not lay it out again.
 */
export const DetailPane = memo(function DetailPane({ divergence, theme, width, height, options, scroll }: { divergence: Divergence | undefined; theme: Theme; width: number; height: number; options: DetailOptions; scroll: number }) {
  const rows = divergence === undefined ? [] : detailRows(divergence, theme, options, width);
  return <ScrolledRows rows={rows} scroll={scroll} height={height} width={width} theme={theme} hint="PgUp/PgDn scroll · Enter full screen" />;
});

/** One site's part of the diff: a `code: file:lines` header, then its lines. */
interface CodeHunk {
  readonly header?: string;
  readonly lines: readonly DiffLine[];
}

/**
 * The diff of the claim's code, old → now: one hunk per changed site of a multi-site claim, each
 * under its own `code:` header, and the sites that did not change named after them.
 */
function codeHunks(d: Divergence): { title: string; hunks: readonly CodeHunk[]; unchanged: readonly string[] } | undefined {
  const title = '--- old (from git history, advisory)  +++ now';
  if (d.siteCode !== undefined && d.siteCode.length > 0 && d.sites.length > 1) {
    const shown = new Set(d.siteCode.map((c) => c.site));
    const hunks = d.siteCode.map((c): CodeHunk => {
      const at = d.siteLocations?.[c.site];
      const where = at !== undefined ? codeWhere(at) : (d.sites[c.site] ?? '');
      const lines = c.oldCode !== undefined && c.newCode !== undefined ? diffOf(indented([c.oldCode, c.newCode], at)) : c.newCode !== undefined ? added(indented([c.newCode], at)[0]!) : removed(indented([c.oldCode ?? ''], at)[0]!);
      return { header: `code: ${where}  (${displayLine(d.sites[c.site] ?? '')})`, lines };
    });
    return { title, hunks, unchanged: d.sites.filter((_, k) => !shown.has(k)) };
  }
  const header = d.location !== undefined ? `code: ${codeWhere(d.location)}` : undefined;
  const withHeader = (lines: readonly DiffLine[]): CodeHunk => (header !== undefined ? { header, lines } : { lines });
  if (d.oldCode !== undefined && d.newCode !== undefined) return { title, hunks: [withHeader(diffOf(indented([d.oldCode, d.newCode], d.location)))], unchanged: [] };
  if (d.newCode !== undefined) {
    const [now] = indented([d.newCode], d.location);
    return { title: 'code now:', hunks: [withHeader(lineDiff(now!, now!))], unchanged: [] };
  }
  return undefined;
}

function codeWhere(at: SpanLocation): string {
  return `${displayLine(at.file)}:${at.startLine}-${at.endLine}`;
}

function diffOf([before, after]: readonly string[]): DiffLine[] {
  return lineDiff(before!, after!);
}

function added(code: string): DiffLine[] {
  return code.split('\n').map((text) => ({ op: '+', text }));
}

function removed(code: string): DiffLine[] {
  return code.split('\n').map((text) => ({ op: '-', text }));
}

/**
 * The code blocks as they sit in their file, then dedented together. A span starts at its
 * keyword, so its first line has lost the indentation its later lines keep: a method's body would
 * look a level deeper than its `fn`. The first line gets back the span's start column (as tabs
 * when the later lines are tab-indented), then the indentation every non-blank line shares is
 * taken off all blocks alike, so old and new lines still pair up in the diff.
 */
function indented(blocks: readonly string[], at: SpanLocation | undefined): string[] {
  const column = at?.startColumn ?? 0;
  const lines = blocks.map((block) => block.split('\n'));
  const restored = lines.map((block) => {
    if (column === 0 || block.length < 2) return block;
    const tabs = block.slice(1).some((line) => line.startsWith('\t'));
    return [(tabs ? '\t' : ' ').repeat(column) + block[0]!, ...block.slice(1)];
  });
  const lead = (line: string) => /^[ \t]*/.exec(line)![0];
  const indents = restored.flat().filter((line) => line.trim() !== '').map(lead);
  let common = indents[0] ?? '';
  for (const indent of indents) while (!indent.startsWith(common)) common = common.slice(0, -1);
  return restored.map((block) => block.map((line) => (line.startsWith(common) ? line.slice(common.length) : line)).join('\n'));
}
