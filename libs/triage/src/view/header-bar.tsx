import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { displayLine, fit } from './labels.js';
import { type TriageState, decisionCounts } from '../model/state.js';
import type { Theme } from './theme.js';

/** The review position and decision counters, as a snapshot reviewer shows them; shorter when `width` is tight. */
export function progressLine(state: TriageState, width = Number.MAX_SAFE_INTEGER): string {
  const pending = decisionCounts(state);
  const position = state.visible.length === 0 ? 0 : state.cursor + 1;
  const accepted = pending.accept + pending.follow;
  const follow = pending.follow > 0 ? ` (${pending.follow} follow)` : '';
  const line = (extra: string) => `Reviewing [${position}/${state.visible.length}] · remaining ${state.items.length - state.decisions.size} · accepted ${accepted}${extra} · skipped ${pending.skip}`;
  // The follow count is also in the list's → marks: it goes first.
  return line(follow).length <= width ? line(follow) : line('');
}

/** Two lines: position and counters; counts by magnitude and kind, filters and search. */
export function HeaderBar({ state, theme, width }: { state: TriageState; theme: Theme; width: number }) {
  // The counts change only with the items (a hub read again), not with each key.
  const totals = useMemo(() => itemTotals(state.items), [state.items]);
  const changed = (m: 'large' | 'medium' | 'small' | undefined) => totals.changed[m ?? 'unknown'];
  const kind = (k: 'unresolvable' | 'unverified' | 'referenced_stale') => totals[k];
  const filters = [
    state.filters.hub !== undefined ? `hub=${displayLine(state.filters.hub)}` : '',
    state.filters.kind !== undefined ? `kind=${state.filters.kind}` : '',
    state.filters.magnitude !== undefined ? `magnitude=${state.filters.magnitude}` : '',
    state.query !== '' ? `search="${displayLine(state.query)}"` : '',
  ].filter((f) => f !== '');
  const unknown = changed(undefined);
  const progress = progressLine(state, width - 1);
  const title = 'surf triage  ';
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        {/* The counters matter more than the title: the title goes first when space is short. */}
        {title.length + progress.length <= width - 1 ? <Text bold color={theme.accent}>{title}</Text> : null}
        <Text bold>{fit(progress, width - 1)}</Text>
      </Text>
      <Text wrap="truncate-end" color={theme.muted}>
        {fit(
          [
            filters.length > 0 ? `${state.visible.length} shown (${filters.join(' ')})` : '',
            `${state.items.length} diverged: ${changed('large')} large ${changed('medium')} medium ${changed('small')} small${unknown > 0 ? ` ${unknown} changed` : ''} ${kind('unresolvable')} unresolvable ${kind('unverified')} unverified ${kind('referenced_stale')} stale`,
            'magnitude is advisory (git history)',
          ]
            .filter((part) => part !== '')
            .join(' · '),
          width - 1,
        )}
      </Text>
    </Box>
  );
}

/** How many items there are of each kind, and of changed ones by magnitude (`unknown`: none graded). */
function itemTotals(items: TriageState['items']) {
  const totals = { changed: { large: 0, medium: 0, small: 0, unknown: 0 }, unresolvable: 0, unverified: 0, referenced_stale: 0 };
  for (const d of items) {
    if (d.kind === 'changed') totals.changed[d.magnitude ?? 'unknown']++;
    else totals[d.kind]++;
  }
  return totals;
}
