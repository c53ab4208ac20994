import type { Divergence } from '@driftgate/surf';
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
  const logical: DetailRow[] = [];
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
  if (d.location !== undefined) logical.push({ text: `code: ${displayLine(d.location.file)}:${d.location.startLine}-${d.location.endLine}`, dim: true });
  // A shallow clone lacks the verified commit: say so, and how to fetch it, as surf check does,
  // rather than let the code now pass for the whole story.
  if (d.historyMissing !== undefined && d.oldCode === undefined) {
    logical.push({ text: `old code unknown: ${displayLine(d.historyNote ?? `the claim was verified at ${d.historyMissing}, which this clone does not have`)}`, colour: theme.unverified });
  }
  const diff = options.showDiff ? codeDiff(d) : undefined;
  if (diff !== undefined) {
    logical.push({ text: diff.title, dim: true });
    for (const l of diff.lines) {
      const colour = l.op === '+' ? theme.diffAdded : l.op === '-' ? theme.diffRemoved : undefined;
      logical.push({ text: `${l.op} ${displayLine(l.text)}`, ...(colour !== undefined ? { colour } : {}) });
    }
  } else if (!options.showDiff && (d.oldCode !== undefined || d.newCode !== undefined)) {
    logical.push({ text: 'diff hidden (d shows it)', dim: true });
  }
  return logical.flatMap((row) => wrapCells(row.text, width).map((text) => ({ ...row, text })));
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

function codeDiff(d: Divergence): { title: string; lines: DiffLine[] } | undefined {
  if (d.oldCode !== undefined && d.newCode !== undefined) {
    return { title: '--- old (from git history, advisory)  +++ now', lines: lineDiff(d.oldCode, d.newCode) };
  }
  if (d.newCode !== undefined) return { title: 'code now:', lines: lineDiff(d.newCode, d.newCode) };
  return undefined;
}
