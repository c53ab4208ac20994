/** `block` fails `surf lint`; `warn` is advisory. */
export type LintSeverity = 'block' | 'warn';

/**
 * One lint finding. JSON carries `severity, hub, at, message, claim` in that order (see
 * `lintJson`); `hubLine` is for reporters.
 */
export interface LintFinding {
  readonly severity: LintSeverity;
  /** Workspace-relative hub path (`AGENTS.md` for the pointer rule). */
  readonly hub: string;
  /** The site, ref, glob or file the finding is about; empty for hub-wide findings. */
  readonly at: string;
  readonly message: string;
  /** The claim's prose as written (untrimmed); empty when the finding is not about a claim. */
  readonly claim: string;
  /** 1-based line of the claim's `- ` item in the hub, for claim findings. */
  readonly hubLine?: number;
  /**
   * For a finding about a source file rather than about its hub (a public symbol no hub
   * claims): that file. `hub` is then the first hub by path anchoring it, where reports list it;
   * an editor may rather show it on the hub about that file.
   */
  readonly file?: string;
}

/** A finding with the given fields (`claim` and `at` default to empty). */
export function finding(
  severity: LintSeverity,
  hub: string,
  message: string,
  extra: { at?: string; claim?: string; hubLine?: number; file?: string } = {},
): LintFinding {
  return {
    severity,
    hub,
    at: extra.at ?? '',
    message,
    claim: extra.claim ?? '',
    ...(extra.hubLine !== undefined ? { hubLine: extra.hubLine } : {}),
    ...(extra.file !== undefined ? { file: extra.file } : {}),
  };
}

/** `surf lint --format json`: the bare array of findings with exactly the five contract keys. */
export function lintJson(findings: readonly LintFinding[]): Array<Pick<LintFinding, 'severity' | 'hub' | 'at' | 'message' | 'claim'>> {
  return findings.map((f) => ({ severity: f.severity, hub: f.hub, at: f.at, message: f.message, claim: f.claim }));
}
