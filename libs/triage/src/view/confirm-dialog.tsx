import { Box, Text } from 'ink';
import { fit, wrapCells } from './labels.js';
import { type TriageState, decisionCounts, decisionProblem, remainingShown } from '../model/state.js';
import type { Theme } from './theme.js';

/** The question a dialog mode asks: a title and its lines (plain text). */
export function dialogText(state: TriageState): { title: string; lines: string[] } {
  const pending = decisionCounts(state);
  if (state.mode === 'confirm-quit') {
    return {
      title: 'Quit and discard your decisions?',
      lines: [`${pending.accept} accepted, ${pending.follow} followed and ${pending.skip} skipped would be lost; no file has been changed.`, 'y discards them and quits · n goes back · w (after n) writes them'],
    };
  }
  if (state.mode === 'confirm-all') {
    const decision = state.bulk ?? 'skip';
    const remaining = remainingShown(state);
    const can = remaining.filter((id) => decisionProblem(state.items[id]!, decision, state.follows.get(id)) === undefined).length;
    const verb = decision === 'accept' ? 'Accept' : 'Skip';
    return {
      title: `${verb} all ${can} remaining shown item(s)?`,
      lines: [
        decision === 'accept'
          ? `Each will be re-stamped on write: say so only if you have read every one of them.${remaining.length > can ? ` ${remaining.length - can} cannot be accepted and stay undecided.` : ''}`
          : 'They are left as they are; nothing is written for them.',
        'y to apply · n goes back · z undoes it afterwards',
      ],
    };
  }
  const writes = pending.accept + pending.follow;
  const hubs = new Set([...state.decisions].filter(([, d]) => d !== 'skip').map(([id]) => state.items[id]!.hub)).size;
  return {
    title: 'Write and quit?',
    lines: [
      writes === 0
        ? 'Nothing to stamp: no file will change.'
        : `Re-stamp ${writes} claim(s) (${pending.accept} accepted, ${pending.follow} followed) in ${hubs} hub(s) through surf verify.`,
      `${pending.skip} skipped; ${state.items.length - state.decisions.size} undecided. Nothing has been written yet.`,
      'y writes · n goes back',
    ],
  };
}

/** A dialog as wide as the terminal, its text wrapped (never cut) within `height` rows. */
export function ConfirmDialog({ state, theme, width, height }: { state: TriageState; theme: Theme; width: number; height: number }) {
  const { title, lines } = dialogText(state);
  // The border and padding take four columns and two rows.
  const inner = Math.max(1, width - 4);
  const rows = lines.flatMap((line, i) => wrapCells(line, inner).map((text) => ({ text, muted: i > 0 })));
  const room = Math.max(0, height - 3);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} width={width} paddingX={1}>
      <Text bold wrap="truncate-end">{fit(title, inner)}</Text>
      {rows.slice(0, room).map((row, i) => (
        <Text key={i} wrap="truncate-end" {...(row.muted ? { color: theme.muted } : {})}>
          {row.text}
        </Text>
      ))}
    </Box>
  );
}
