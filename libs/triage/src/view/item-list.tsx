import { Box, Text } from 'ink';
import type { TriageState } from '../model/state.js';
import type { Theme } from './theme.js';
import { cells, decisionColour, decisionMark, displayLine, fit, fitRow, kindColour, kindTag } from './labels.js';
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

/** The visible items, one truncated line each, scrolled to keep the cursor in view. */
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
      {rows.map((id, k) => {
        const d = state.items[id]!;
        const selected = start + k === state.cursor;
        const decision = state.decisions.get(id);
        const where = `${d.hub}${d.hubLine !== undefined ? `:${d.hubLine}` : ''}`;
        const rest = fitRow(displayLine(where), displayLine(d.at), displayLine(d.prose), width - 10);
        return (
          <Text key={id} wrap="truncate-end" inverse={selected}>
            <Text>{selected ? '›' : ' '} </Text>
            <Text color={decisionColour(decision, theme)}>{decisionMark(decision)} </Text>
            <Text color={kindColour(d, theme)}>{kindTag(d)}</Text>
            <Text> {rest}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
