import type { Report } from '../model/report-model.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * Stderr notes a run prints whatever the format, so that machine-readable stdout stays clean
 * and CI logs still show them: `surf check`'s unmatched `--files` globs, a workspace with no hub
 * at all (a mistyped `hubs` glob would otherwise pass silently), its v1-stamp upgrade hint and
 * what it could not check for a claim that passed (an `@N` claim whose verified commit a shallow
 * clone lacks). Other commands have none.
 */
export function reportNotes(report: Report): string {
  if (report.origin.command !== 'check') return '';
  const { stats } = report.origin.result;
  let err = '';
  if (stats.hubs === 0) err += 'surf check: no hub file matches the `hubs` globs of surf.toml, so nothing was checked; fix the globs, or add a hub with `surf new <name>`.\n';
  if (stats.baseUnavailable) err += `surf check: git could not compare with --base ${terminalSafe(report.origin.result.historyBase)} (an unknown ref, or no git repository), so every claim was checked.\n`;
  for (const pattern of stats.unmatchedGlobs) err += `surf check: --files glob "${terminalSafe(pattern)}" matched no anchored files.\n`;
  if (stats.v1Clean > 0) err += `surf check: ${stats.v1Clean} anchor(s) use v1 hashes; run \`surf verify\` to upgrade.\n`;
  for (const note of report.origin.result.notes ?? []) err += `surf check: note: ${terminalSafe(note.hub)} :: ${terminalSafe(note.at)}: ${terminalSafe(note.message)}\n`;
  return err;
}
