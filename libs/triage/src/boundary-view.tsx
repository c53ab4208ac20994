import { Box, Text, useApp, useInput } from 'ink';
import { useState } from 'react';
import { type BoundaryRow, type BoundaryVerifyInput, boundaryRows } from './boundary-rows.js';
import { BOUNDARY_BINDINGS, commandFor, keyNames } from './key-bindings.js';
import { HelpBar, HelpScreen } from './help-bar.js';
import { displayLine, fit } from './labels.js';
import { DEFAULT_THEME, type Theme } from './theme.js';
import { type TerminalSize, useTerminalSize, windowStart } from './terminal-size.js';

export interface BoundaryViewProps {
  readonly result: BoundaryVerifyInput;
  /** `quit` (q, Esc) or `interrupted` (Ctrl-C, which the CLI turns into exit 130). */
  readonly onEnd: (how: 'quit' | 'interrupted') => void;
  readonly theme?: Theme;
  readonly size?: TerminalSize;
}

/** Read-only: boundver verify issues by facet severity, each with its affected consumers. */
export function BoundaryView(props: BoundaryViewProps) {
  const theme = props.theme ?? DEFAULT_THEME;
  const size = useTerminalSize(props.size);
  const [cursor, setCursor] = useState(0);
  const [help, setHelp] = useState(false);
  const { exit } = useApp();
  const rows = boundaryRows(props.result);
  const lines = boundaryLines(rows);
  const height = Math.max(1, size.rows - 1 - 1 - 1 - 1);

  useInput((input, key) => {
    // Read through a local so keys of one chunk see the help toggled by an earlier one.
    let inHelp = help;
    for (const name of keyNames(input, key)) {
      const command = commandFor(BOUNDARY_BINDINGS, inHelp ? 'help' : 'browse', name);
      if (command === 'up') setCursor((c) => Math.max(0, c - 1));
      else if (command === 'down') setCursor((c) => Math.min(Math.max(0, lines.length - 1), c + 1));
      else if (command === 'first') setCursor(0);
      else if (command === 'last') setCursor(Math.max(0, lines.length - 1));
      else if (command === 'help' || command === 'back') setHelp((inHelp = command === 'help' ? !inHelp : false));
      else if (command === 'quit' || command === 'cancel') {
        props.onEnd(command === 'cancel' ? 'interrupted' : 'quit');
        exit();
        return;
      }
    }
  });

  const start = windowStart(cursor, height, lines.length);
  return (
    <Box flexDirection="column" width={size.columns}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>boundary </Text>
        <Text>{fit(`${rows.length} issue(s) · exit ${props.result.exitCode} · read-only`, size.columns - 10)}</Text>
      </Text>
      {help ? (
        <HelpScreen bindings={BOUNDARY_BINDINGS} mode="browse" theme={theme} width={size.columns - 1} height={height} scroll={0} />
      ) : (
      <Box flexDirection="column" height={height}>
        {lines.length === 0 ? <Text color={theme.muted}>no boundary issues</Text> : null}
        {lines.slice(start, start + height).map((line, k) => (
          <Text key={start + k} wrap="truncate-end" inverse={start + k === cursor} {...(line.severity !== undefined ? { color: theme.facet[line.severity] } : { color: theme.muted })} bold={line.heading}>
            {fit(line.text, size.columns - 1)}
          </Text>
        ))}
      </Box>
      )}
      <Text color={theme.muted}>{fit(lines.length > height ? `rows ${start + 1}–${Math.min(lines.length, start + height)} of ${lines.length}` : ' ', size.columns - 1)}</Text>
      <HelpBar bindings={BOUNDARY_BINDINGS} mode={help ? 'help' : 'browse'} theme={theme} width={size.columns} />
    </Box>
  );
}

/** Display lines: a heading per severity present, each issue, then its consumers indented. */
export function boundaryLines(rows: readonly BoundaryRow[]): Array<{ text: string; severity: BoundaryRow['severity'] | undefined; heading: boolean }> {
  const out: Array<{ text: string; severity: BoundaryRow['severity'] | undefined; heading: boolean }> = [];
  let last: BoundaryRow['severity'] | undefined;
  for (const row of rows) {
    if (row.severity !== last) {
      out.push({ text: row.severity.toUpperCase(), severity: row.severity, heading: true });
      last = row.severity;
    }
    // The symbols behind a boundary drift come first; the digests follow, indented under them.
    for (const api of row.api) out.push({ text: `  ${displayLine(api)}`, severity: row.severity, heading: false });
    out.push({ text: `${row.api.length > 0 ? '    ' : '  '}${displayLine(row.text)}`, severity: row.severity, heading: false });
    if (row.consumers.length > 0) out.push({ text: `    consumers: ${row.consumers.map(displayLine).join(', ')}`, severity: undefined, heading: false });
  }
  return out;
}
