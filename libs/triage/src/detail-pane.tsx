import type { Divergence } from '@driftgate/surf';
import { Box, Text } from 'ink';
import { type DiffLine, lineDiff } from './line-diff.js';
import { displayLine, fit, kindColour, kindTag } from './labels.js';
import type { Colour, Theme } from './theme.js';

interface Row {
  readonly text: string;
  readonly colour?: Colour;
  readonly dim?: boolean;
}

/**
 * The selected claim: hub and line, anchor, prose, stored → current hash (or why it failed),
 * then old → new code of the anchored span as a coloured unified diff, cut to `height` rows.
 */
export function DetailPane({ divergence, theme, width, height }: { divergence: Divergence | undefined; theme: Theme; width: number; height: number }) {
  const rows = divergence === undefined ? [] : detailRows(divergence, theme);
  const shown = rows.length > height ? [...rows.slice(0, height - 1), { text: `… ${rows.length - height + 1} more line(s)`, dim: true }] : rows;
  return (
    <Box flexDirection="column" height={height} width={width}>
      {shown.map((row, i) => (
        <Text key={i} wrap="truncate-end" {...(row.colour !== undefined ? { color: row.colour } : {})} dimColor={row.dim === true}>
          {fit(row.text, width)}
        </Text>
      ))}
    </Box>
  );
}

function detailRows(d: Divergence, theme: Theme): Row[] {
  const rows: Row[] = [];
  const line = d.hubLine !== undefined ? `:${d.hubLine}` : '';
  rows.push({ text: `${kindTag(d).trim()} ${d.kind}  ${displayLine(d.hub)}${line}${d.id !== undefined ? `  ${displayLine(d.id)}` : ''}`, colour: kindColour(d, theme) });
  if (d.at !== '') rows.push({ text: `at: ${displayLine(d.at)}` });
  if (d.prose !== '') rows.push({ text: `claim: ${displayLine(d.prose)}` });
  if (d.oldHash !== undefined || d.newHash !== undefined) {
    rows.push({ text: `hash: ${displayLine(d.oldHash ?? '(none)')} → ${displayLine(d.newHash ?? '(unresolved)')}` });
  }
  if (d.detail !== undefined) rows.push({ text: displayLine(d.detail), colour: theme.danger });
  if (d.location !== undefined) rows.push({ text: `code: ${displayLine(d.location.file)}:${d.location.startLine}-${d.location.endLine}`, dim: true });
  const diff = codeDiff(d);
  if (diff !== undefined) {
    rows.push({ text: diff.title, dim: true });
    for (const l of diff.lines) {
      const colour = l.op === '+' ? theme.diffAdded : l.op === '-' ? theme.diffRemoved : undefined;
      rows.push({ text: `${l.op} ${displayLine(l.text)}`, ...(colour !== undefined ? { colour } : {}) });
    }
  }
  return rows;
}

function codeDiff(d: Divergence): { title: string; lines: DiffLine[] } | undefined {
  if (d.oldCode !== undefined && d.newCode !== undefined) {
    return { title: '--- old (from git history, advisory)  +++ now', lines: lineDiff(d.oldCode, d.newCode) };
  }
  if (d.newCode !== undefined) return { title: 'code now:', lines: lineDiff(d.newCode, d.newCode) };
  return undefined;
}
