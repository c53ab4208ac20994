import type { Blame } from '@driftgate/surf';

/**
 * One line saying who changed the code under a claim, for the text formats:
 * `changed in 1a2b3c4d5e6f by Ada Lovelace on 2026-12-01: "Round to the cent" (2 commits since)`, or
 * `changed in the working tree, not committed yet`. `safe` makes each untrusted part (author,
 * subject) safe for the format; the date is shown as its day.
 */
export function blameText(blame: Blame, safe: (text: string) => string): string {
  if (blame.uncommitted || blame.commit === undefined) return 'changed in the working tree, not committed yet';
  const day = blame.date === undefined ? '' : ` on ${safe(blame.date.slice(0, 10))}`;
  const since = blame.commits === 1 ? '1 commit since' : `${blame.commits} commits since`;
  return `changed in ${safe(blame.shortCommit ?? blame.commit)} by ${safe(blame.author ?? 'unknown')}${day}: "${safe(blame.subject ?? '')}" (${since})`;
}
