import { Box, Text } from 'ink';
import { type TriageState, decisionCounts } from './state.js';
import type { Theme } from './theme.js';
import { fit } from './labels.js';
import { displayLine } from './labels.js';

/** Two lines: counts by magnitude and kind; active filters and pending decisions. */
export function HeaderBar({ state, theme, width }: { state: TriageState; theme: Theme; width: number }) {
  const count = (pred: (i: number) => boolean): number => state.items.filter((_, i) => pred(i)).length;
  const changed = (m: string | undefined) => count((i) => state.items[i]!.kind === 'changed' && state.items[i]!.magnitude === m);
  const kind = (k: string) => count((i) => state.items[i]!.kind === k);
  const pending = decisionCounts(state);
  const filters = [
    state.filters.hub !== undefined ? `hub=${displayLine(state.filters.hub)}` : '',
    state.filters.kind !== undefined ? `kind=${state.filters.kind}` : '',
    state.filters.magnitude !== undefined ? `magnitude=${state.filters.magnitude}` : '',
  ].filter((f) => f !== '');
  const unknown = changed(undefined);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>surf triage </Text>
        <Text>{state.items.length} diverged: </Text>
        <Text color={theme.magnitude.large}>{changed('large')} large </Text>
        <Text color={theme.magnitude.medium}>{changed('medium')} medium </Text>
        <Text color={theme.magnitude.small}>{changed('small')} small </Text>
        {unknown > 0 ? <Text color={theme.magnitude.none}>{unknown} changed </Text> : null}
        <Text color={theme.unresolvable}>{kind('unresolvable')} unresolvable </Text>
        <Text color={theme.unverified}>{kind('unverified')} unverified </Text>
        <Text color={theme.stale}>{kind('referenced_stale')} stale</Text>
      </Text>
      <Text wrap="truncate-end" color={theme.muted}>
        {fit(
          `${state.visible.length} shown${filters.length > 0 ? ` (${filters.join(' ')})` : ''} · pending: ${pending.accept} accept, ${pending.follow} follow, ${pending.skip} skip · magnitude is advisory (git history)`,
          width,
        )}
      </Text>
    </Box>
  );
}
