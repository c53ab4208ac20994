import { Box, Text } from 'ink';
import { memo } from 'react';
import { ScrolledRows } from './detail-pane.js';
import { type Command, type KeyBinding, helpEntries } from '../model/key-bindings.js';
import { cells, pad, wrapCells } from './labels.js';
import type { TriageMode } from '../model/state.js';
import type { Theme } from './theme.js';

/**
 * Commands a narrow help bar gives up first, in this order; then any other but the ones that get
 * a person out (help, quit, back, yes), which go last: at 60 columns `? help` and `q quit` stay.
 */
const DROP_ORDER: readonly Command[] = ['follow', 'undo', 'search', 'write', 'skip', 'accept'];
const KEPT_LAST: readonly Command[] = ['help', 'quit', 'back', 'yes'];

/** The primary bindings of `mode` as `key label` pairs on one line; drawn again only when its props change, not per key. */
export const HelpBar = memo(function HelpBar({ bindings, mode, theme, width }: { bindings: readonly KeyBinding[]; mode: TriageMode; theme: Theme; width: number }) {
  // Cut by cells here, not by ink, so a narrow terminal drops whole pairs rather than mangling one.
  const shown = helpEntries(bindings, mode);
  const used = () => shown.reduce((sum, e, i) => sum + (i > 0 ? 2 : 0) + cells(`${e.key} ${e.label}`), 0);
  const rank = (command: Command) => (DROP_ORDER.includes(command) ? DROP_ORDER.indexOf(command) : KEPT_LAST.includes(command) ? DROP_ORDER.length + 1 : DROP_ORDER.length);
  while (shown.length > 0 && used() > width - 1) {
    let drop = 0;
    shown.forEach((e, i) => {
      // The lowest rank goes first; among equals, the rightmost.
      if (rank(e.command) <= rank(shown[drop]!.command)) drop = i;
    });
    shown.splice(drop, 1);
  }
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {shown.map((e, i) => (
          <Text key={e.key + e.label}>
            {i > 0 ? '  ' : ''}
            <Text bold color={theme.accent}>{e.key}</Text>
            <Text color={theme.muted}> {e.label}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
});

/**
 * Every binding of `mode`, one per row, in a window of `height` rows that scrolls (j/k, Space), so
 * the full list can be read at any terminal size; keys in a column as wide as the widest key.
 */
export function HelpScreen({ bindings, mode, theme, width, height, scroll, extra = [] }: { bindings: readonly KeyBinding[]; mode: TriageMode; theme: Theme; width: number; height: number; scroll: number; extra?: readonly string[] }) {
  const rows = helpRows(bindings, mode, width, extra);
  return <ScrolledRows rows={rows.map((text) => ({ text }))} scroll={scroll} height={height} width={width} theme={theme} hint="j/k Space scroll · ? close" />;
}

/** The help's rows as text (the key column padded to the widest key, at most half the width). */
export function helpRows(bindings: readonly KeyBinding[], mode: TriageMode, width: number, extra: readonly string[] = []): string[] {
  const entries = helpEntries(bindings, mode, true);
  const keyWidth = Math.min(Math.max(...entries.map((e) => cells(e.key)), 1) + 2, Math.floor(width / 2));
  // Labels and sentences wrap (a label under its own column), so nothing is cut at 60 columns.
  const keyed = entries.flatMap((e) => wrapCells(e.label, Math.max(1, width - keyWidth)).map((part, i) => `${i === 0 ? pad(e.key, keyWidth) : ' '.repeat(keyWidth)}${part}`));
  return [...keyed, ...extra.flatMap((line) => wrapCells(line, width))];
}
