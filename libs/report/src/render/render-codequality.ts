import { findingCases, findingFingerprint, findingRule } from './finding-cases.js';
import { fingerprint } from '../model/fingerprint.js';
import type { Rendered } from '../model/rendered.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase } from '../model/report-model.js';
import { terminalSafe, terminalSafeLines } from './terminal-safe.js';

/** GitLab Code Quality severities. */
export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/** One GitLab Code Quality issue, in the key order we write. */
export interface CodeQualityIssue {
  readonly description: string;
  readonly check_name: string;
  readonly fingerprint: string;
  readonly severity: CodeQualitySeverity;
  readonly location: { readonly path: string; readonly lines: { readonly begin: number } };
}

/**
 * GitLab Code Quality JSON (`artifacts: reports: codequality:`): an array with one issue per finding
 * (every case with a rule, and a failed case without one), so each shows in the merge request's Code Quality widget and on the
 * diff. `check_name` is the rule id; `fingerprint` is the SARIF `partialFingerprints` value (stable
 * across line moves; a repeated one is made unique); `description` is the case's message, terminal-safe line by line. Severity: a finding that
 * fails the gate is `critical` at level error and `major` otherwise (an unverified claim, a gated
 * `exact` or `behavior` facet), never graded by a changed claim's advisory magnitude, which stays in
 * the description; an advisory finding is `minor` at level warning and
 * `info` otherwise. A finding without a location points at the lock file (boundver) or the hub
 * (surf) at line 1. Sorted by path, line, rule id and fingerprint; pretty-printed, trailing newline.
 */
export function renderCodeQuality(report: Report): Rendered {
  const seen = new Map<string, number>();
  const issues = findingCases(report)
    .map((c) => {
      // Two findings with one identity (two claims on one symbol in one hub) stay two issues: the
      // n-th repeat, in report order, gets a fingerprint derived from the first and n.
      const first = findingFingerprint(report, c);
      const repeat = seen.get(first) ?? 0;
      seen.set(first, repeat + 1);
      return issue(report, c, repeat === 0 ? first : fingerprint([first, String(repeat + 1)]));
    })
    .sort(compareIssues);
  return { out: `${JSON.stringify(issues, null, 2)}\n`, err: reportNotes(report) };
}

/** The Code Quality severity of a finding. */
export function codeQualitySeverity(c: Pick<ReportCase, 'gating' | 'level'>): CodeQualitySeverity {
  if (c.gating) return c.level === 'error' ? 'critical' : 'major';
  return c.level === 'warning' || c.level === 'error' ? 'minor' : 'info';
}

function issue(report: Report, c: ReportCase, id: string): CodeQualityIssue {
  const path = c.location?.file ?? fallbackPath(report, c);
  return {
    // The text's own line breaks stay (JSON writes them `\n`, GitLab shows a newline).
    description: terminalSafeLines(c.message),
    check_name: findingRule(report, c),
    fingerprint: id,
    severity: codeQualitySeverity(c),
    location: { path: terminalSafe(path), lines: { begin: c.location?.startLine ?? 1 } },
  };
}

function fallbackPath(report: Report, c: ReportCase): string {
  const origin = report.origin;
  if (origin.tool === 'boundver') return origin.result.lockFile.relative ?? origin.result.lockFile.display.split(/[\\/]/).at(-1)!;
  return c.className;
}

function compareIssues(a: CodeQualityIssue, b: CodeQualityIssue): number {
  return (
    compareText(a.location.path, b.location.path) ||
    a.location.lines.begin - b.location.lines.begin ||
    compareText(a.check_name, b.check_name) ||
    compareText(a.fingerprint, b.fingerprint) ||
    compareText(a.description, b.description)
  );
}

/** Code-unit order, independent of the locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
