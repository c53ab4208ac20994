import type { Divergence } from '@driftgate/surf';
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Decision, TriageState } from '../model/state.js';
import type { Theme } from './theme.js';
import { cells, compactSites, decisionColour, decisionMark, displayLine, fit, fitRow, kindColour, kindTag } from './labels.js';
import { windowStart } from './terminal-size.js';

/** The rule under the list, saying how many shown items are above and below its window. */
export function listRule(state: TriageState, height: number, width: number): string {
  const start = windowStart(state.cursor, height, state.visible.length);
  const above = start;
  const below = Math.max(0, state.visible.length - start - height);
  const label = above + below === 0 ? '' : ` ${above > 0 ? `↑ ${above} above` : ''}${above > 0 && below > 0 ? ' · ' : ''}${below > 0 ? `↓ ${below} more below` : ''} `;
  const line = `──${label}`;
  return fit(line + '─'.repeat(Math.max(0, width - 1 - cells(line))), width - 1);
}

/**
 * The visible items, one truncated line each, scrolled to keep the cursor in view. Each row is
 * memoised on what it shows, so a key that moves the cursor renders the two rows whose selection
 * changed (and the one that scrolls in), not every row of the window.
 */
export function ItemList({ state, theme, width, height }: { state: TriageState; theme: Theme; width: number; height: number }) {
  if (state.visible.length === 0) {
    return (
      <Box height={height} width={width}>
        <Text color={theme.muted}>{state.items.length === 0 ? 'no divergences' : 'nothing matches the filters (x clears them)'}</Text>
      </Box>
    );
  }
  const start = windowStart(state.cursor, height, state.visible.length);
  const rows = state.visible.slice(start, start + height);
  return (
    <Box flexDirection="column" height={height} width={width}>
      {rows.map((id, k) => (
        <ItemRow key={id} divergence={state.items[id]!} selected={start + k === state.cursor} decision={state.decisions.get(id)} theme={theme} width={width} />
      ))}
    </Box>
  );
}

const ItemRow = memo(function ItemRow({ divergence: d, selected, decision, theme, width }: { divergence: Divergence; selected: boolean; decision: Decision | undefined; theme: Theme; width: number }) {
  const where = `${d.hub}${d.hubLine !== undefined ? `:${d.hubLine}` : ''}`;
  const at = d.sites.length > 1 ? compactSites(d.sites) : d.at;
  const rest = fitRow(displayLine(where), displayLine(at), displayLine(d.prose), width - 10);
  return (
    <Text wrap="truncate-end" inverse={selected}>
      <Text>{selected ? '›' : ' '} </Text>
      <Text color={decisionColour(decision, theme)}>{decisionMark(decision)} </Text>
      <Text color={kindColour(d, theme)}>{kindTag(d)}</Text>
      <Text> {rest}</Text>
    </Text>
  );
});
