import { Box, Text, useApp, useInput } from 'ink';
import { useState } from 'react';
import { type BoundaryRow, type BoundaryVerifyInput, boundaryRows } from '../model/boundary-rows.js';
import { BOUNDARY_BINDINGS, commandFor, keyNames } from '../model/key-bindings.js';
import { HelpBar, HelpScreen } from './help-bar.js';
import { displayLine, fit, wrapCells } from './labels.js';
import { DEFAULT_THEME, type Theme } from './theme.js';
import { type TerminalSize, useTerminalSize, windowStart } from './terminal-size.js';

export interface BoundaryViewProps {
  readonly result: BoundaryVerifyInput;
  /** `quit` (q, Esc) or `interrupted` (Ctrl-C, which the CLI turns into exit 130). */
  readonly onEnd: (how: 'quit' | 'interrupted') => void;
  readonly theme?: Theme;
  readonly size?: TerminalSize;
}

/**
 * Read-only: boundver verify issues by facet severity, each with its affected consumers. The
 * cursor moves between issues (never onto a heading or a consumer line) and is marked by `›` in
 * its own column as well as inverse video, so it shows without colour (NO_COLOR). Enter shows the
 * selected issue whole, wrapped, as the claims view's Enter does; Esc, q or Enter go back.
 */
export function BoundaryView(props: BoundaryViewProps) {
  const theme = props.theme ?? DEFAULT_THEME;
  const size = useTerminalSize(props.size);
  // The k-th issue (an index into `starts`), the full-screen issue's scroll, the help.
  const [cursor, setCursor] = useState(0);
  const [pager, setPager] = useState<number | undefined>(undefined);
  const [help, setHelp] = useState(false);
  const { exit } = useApp();
  const rows = boundaryRows(props.result);
  const lines = boundaryLines(rows);
  const starts = lines.flatMap((line, i) => (line.row !== undefined && (i === 0 || lines[i - 1]!.row !== line.row) ? [i] : []));
  const height = Math.max(1, size.rows - 1 - 1 - 1 - 1);
  const width = size.columns - 1;
  const selectedRow = lines[starts[cursor] ?? -1]?.row;
  // The issue whole: every symbol of its API changes, not the list's `and N more`.
  const whole = selectedRow === undefined ? [] : boundaryLines(rows, true).filter((line) => line.row === selectedRow).flatMap((line) => wrapCells(line.text.trimStart(), width));

  useInput((input, key) => {
    // Read through locals so keys of one chunk see the mode an earlier one set.
    let inHelp = help;
    let inPager = pager !== undefined;
    for (const name of keyNames(input, key)) {
      const mode = inHelp ? 'help' : inPager ? 'pager' : 'browse';
      const command = commandFor(BOUNDARY_BINDINGS, mode, name);
      const last = Math.max(0, starts.length - 1);
      if (mode === 'pager' && (command === 'up' || command === 'down')) {
        setPager((p) => Math.max(0, Math.min(Math.max(0, whole.length - height), (p ?? 0) + (command === 'up' ? -1 : 1))));
      } else if (command === 'up') setCursor((c) => Math.max(0, c - 1));
      else if (command === 'down') setCursor((c) => Math.min(last, c + 1));
      else if (command === 'first') setCursor(0);
      else if (command === 'last') setCursor(last);
      else if (command === 'pager' && starts.length > 0) {
        inPager = true;
        setPager(0);
      } else if (command === 'back' && inPager) {
        inPager = false;
        setPager(undefined);
      } else if (command === 'help' || command === 'back') setHelp((inHelp = command === 'help' ? !inHelp : false));
      else if (command === 'quit' || command === 'cancel') {
        props.onEnd(command === 'cancel' ? 'interrupted' : 'quit');
        exit();
        return;
      }
    }
  });

  const at = starts[cursor] ?? 0;
  const start = windowStart(at, height, lines.length);
  const mode = help ? 'help' : pager !== undefined ? 'pager' : 'browse';
  return (
    <Box flexDirection="column" width={size.columns}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>boundary </Text>
        <Text>{fit(boundaryHeader(starts.length, props.result), size.columns - 10)}</Text>
      </Text>
      {help ? (
        <HelpScreen bindings={BOUNDARY_BINDINGS} mode="browse" theme={theme} width={width} height={height} scroll={0} />
      ) : pager !== undefined ? (
        <Box flexDirection="column" height={height}>
          {whole.slice(pager, pager + height).map((text, k) => (
            <Text key={k} wrap="truncate-end">
              {fit(text, width)}
            </Text>
          ))}
        </Box>
      ) : (
        <Box flexDirection="column" height={height}>
          {lines.length === 0 ? <Text color={theme.muted}>no boundary issues</Text> : null}
          {lines.slice(start, start + height).map((line, k) => {
            const selected = line.row !== undefined && line.row === selectedRow;
            const marker = selected && start + k === at ? '› ' : '  ';
            return (
              <Text key={start + k} wrap="truncate-end" inverse={selected && start + k === at} {...(line.severity !== undefined ? { color: theme.facet[line.severity] } : { color: theme.muted })} bold={line.heading}>
                {fit(`${marker}${line.text}`, width)}
              </Text>
            );
          })}
        </Box>
      )}
      <Text color={theme.muted}>
        {fit(positionLine(mode, { pager, whole: whole.length, start, lines: lines.length, height }), width)}
      </Text>
      <HelpBar bindings={BOUNDARY_BINDINGS} mode={mode} theme={theme} width={size.columns} />
    </Box>
  );
}

/**
 * The line above the help bar: where the window is in the list or in the issue shown whole, and
 * nothing over the help, whose keys the help bar already gives (as it gives the pager's way back).
 */
function positionLine(mode: 'help' | 'pager' | 'browse', at: { pager: number | undefined; whole: number; start: number; lines: number; height: number }): string {
  if (mode === 'help') return ' ';
  if (mode === 'pager') return at.whole > at.height ? `lines ${(at.pager ?? 0) + 1}–${Math.min(at.whole, (at.pager ?? 0) + at.height)} of ${at.whole}` : ' ';
  return at.lines > at.height ? `rows ${at.start + 1}–${Math.min(at.lines, at.start + at.height)} of ${at.lines}` : ' ';
}

/** One display line of the boundary view; `row` is the index of its issue (absent on a heading). */
export interface BoundaryLine {
  readonly text: string;
  readonly severity: BoundaryRow['severity'] | undefined;
  readonly heading: boolean;
  readonly row?: number;
}

/**
 * What the header says: the issues shown, what they are of boundver verify's lines (API changes
 * are folded into their drift, consumer lines under it, so the counts differ), and the exit code
 * this command ends with, beside boundver verify's own graded one it maps from.
 */
export function boundaryHeader(shown: number, result: BoundaryVerifyInput): string {
  const folded = result.issues.length !== shown ? ` from ${result.issues.length} verify lines` : '';
  const exit = result.exitCode === 0 ? 0 : result.exitCode === 2 ? 2 : 1;
  return `${shown} issue(s)${folded} · exits ${exit}${exit !== result.exitCode ? ` (boundver ${result.exitCode})` : ''} · read-only`;
}

/**
 * Display lines: a heading per severity present, each issue, then its consumers indented. `whole`:
 * API changes with every symbol named (the issue shown whole), not bounded as in the list.
 */
export function boundaryLines(rows: readonly BoundaryRow[], whole = false): BoundaryLine[] {
  const out: BoundaryLine[] = [];
  let last: BoundaryRow['severity'] | undefined;
  rows.forEach((row, index) => {
    if (row.severity !== last) {
      out.push({ text: row.severity.toUpperCase(), severity: row.severity, heading: true });
      last = row.severity;
    }
    // The symbols behind a boundary drift come first; the digests follow, indented under them.
    for (const api of whole ? row.apiWhole : row.api) out.push({ text: `  ${displayLine(api)}`, severity: row.severity, heading: false, row: index });
    out.push({ text: `${row.api.length > 0 ? '    ' : '  '}${displayLine(row.text)}`, severity: row.severity, heading: false, row: index });
    if (row.consumers.length > 0) out.push({ text: `    consumers: ${row.consumers.map(displayLine).join(', ')}`, severity: undefined, heading: false, row: index });
  });
  return out;
}
