/**
 * What `surf triage --help` says after the options: the keys of the claims list, what it writes,
 * its exit codes and where the full guide is. The keys mirror the view's bindings
 * (`TRIAGE_BINDINGS` in @driftgate/triage, which this bin loads only with a terminal, so the help
 * does not import it); `test/triage-cli.spec.ts` checks that every binding is listed here.
 */
export const TRIAGE_HELP = `
It writes the stamps of the claims you accept into their hubs (as surf verify
does), hub by hub, only after w and y; nothing else in a hub changes.

Keys in the list (? in the view shows them all):
  a / u             accept: re-stamp this claim on write (u as jest's update)
  s / r             skip: leave it as it is (r as insta's reject)
  f                 follow: re-point a renamed anchor
  z                 undo the last decision (as lazygit)
  A / S             accept all remaining / skip all remaining (asks first)
  w                 write: stamp the accepted claims (asks first)
  ↑/k  ↓/j          previous / next
  g/Home  G/End     first / last
  PgUp / PgDn       scroll detail up / scroll detail down
  Enter             detail full-screen (Enter never accepts)
  d / i             toggle diff / toggle detail
  /                 search claim or path
  n / N             next match / previous match
  h  t  m           hub filter, kind filter, magnitude filter
  x                 clear filters and search
  e / o             edit hub / edit code in $VISUAL or $EDITOR
  ?                 help
  q / Esc           quit (asks when decisions are pending)
  Ctrl-C            cancel, write nothing

Exit codes:
  0    written, or nothing to write (piped: the check was clean)
  1    a chosen claim could not be written (piped: the check found divergences)
  2    usage or configuration error
  130  interrupted (Ctrl-C or a signal); the summary says what was written

Without a terminal, or with CI set, it prints the surf check report instead.
The guide: docs/triage.md.
`;

/** `--base` of check and triage: one wording for one behaviour. */
export const BASE_OPTION_HELP =
  'only claims anchored into files changed since the merge base of <ref> and HEAD; old code and magnitude come from the commit each claim was verified at, else from that merge base';
