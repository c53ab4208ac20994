import { Box, Text } from 'ink';
import { type TriageState, decisionCounts } from './state.js';
import type { Theme } from './theme.js';

/** The write-and-quit question: what will be written, and that nothing has been yet. */
export function ConfirmDialog({ state, theme, width }: { state: TriageState; theme: Theme; width: number }) {
  const pending = decisionCounts(state);
  const writes = pending.accept + pending.follow;
  const hubs = new Set([...state.decisions].filter(([, d]) => d !== 'skip').map(([id]) => state.items[id]!.hub)).size;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} width={Math.min(width, 72)} paddingX={1}>
      <Text bold>Write and quit?</Text>
      <Text wrap="truncate-end">
        {writes === 0
          ? 'Nothing to stamp: no file will change.'
          : `Re-stamp ${writes} claim(s) (${pending.accept} accepted, ${pending.follow} followed) in ${hubs} hub(s) through surf verify.`}
      </Text>
      <Text wrap="truncate-end" color={theme.muted}>
        {`${pending.skip} skipped; ${state.items.length - state.decisions.size} undecided. Nothing has been written yet.`}
      </Text>
    </Box>
  );
}
