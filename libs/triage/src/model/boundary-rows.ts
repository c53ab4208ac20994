import { classifyIssue } from '@driftgate/report';

/** Facet severities, most severe first; `other` holds metadata, new/removed and digest errors. */
export type BoundarySeverity = 'compat' | 'boundary' | 'behavior' | 'exact' | 'other';

export const BOUNDARY_SEVERITIES: readonly BoundarySeverity[] = ['compat', 'boundary', 'behavior', 'exact', 'other'];

/** The parts of boundver's `VerifyResult` the boundary view reads (structurally compatible). */
export interface BoundaryVerifyInput {
  readonly issues: readonly string[];
  readonly consumerImpact: ReadonlyArray<{
    readonly component: string;
    readonly facets: readonly string[];
    readonly components: readonly string[];
    readonly externalConsumers: readonly string[];
  }>;
  readonly exitCode: number;
  /** `API CHANGE` lines with their symbol lists unbounded (boundver's `apiChanges`). */
  readonly apiChanges?: ReadonlyArray<{ readonly component: string; readonly text: string }>;
}

/** One gated issue in the boundary view. */
export interface BoundaryRow {
  readonly severity: BoundarySeverity;
  /** The issue line as boundver wrote it (untrusted: make it terminal-safe before showing). */
  readonly text: string;
  /** The component or slice it is about, when known. */
  readonly subject: string | undefined;
  /** Internal then external consumers affected by a boundary/compat drift, sorted each. */
  readonly consumers: readonly string[];
  /**
   * `API CHANGE …` lines of a boundary drift: the exported symbols added, removed or changed,
   * which the view shows before the digests.
   */
  readonly api: readonly string[];
  /** {@link api} with every symbol named (no `and N more`), for the issue shown whole. */
  readonly apiWhole: readonly string[];
}

/**
 * Groups verify issues by facet severity (compat > boundary > behavior > exact > other), keeping
 * boundver's order within a group. `AFFECTED CONSUMERS` lines are folded into their drift row as
 * {@link BoundaryRow.consumers} (from `consumerImpact`), `API CHANGE` lines into their
 * component's boundary row as {@link BoundaryRow.api} (a row of their own when there is none).
 */
export function boundaryRows(result: BoundaryVerifyInput): BoundaryRow[] {
  const known = result.consumerImpact.map((impact) => impact.component);
  const rows: Array<BoundaryRow & { api: string[]; apiWhole: string[] }> = [];
  const apiChanges: Array<{ text: string; whole: string; subject: string | undefined }> = [];
  // Each bounded API CHANGE line, matched in order to its component's unbounded one.
  const unbounded = [...(result.apiChanges ?? [])];
  const wholeOf = (text: string, subject: string | undefined): string => {
    const at = unbounded.findIndex((change) => change.component === subject);
    return at < 0 ? text : unbounded.splice(at, 1)[0]!.text;
  };
  for (const text of result.issues) {
    const issue = classifyIssue(text, known, []);
    if (issue.apiChange === true) apiChanges.push({ text, whole: wholeOf(text, issue.subject.name), subject: issue.subject.name });
    if (issue.affected) continue;
    const facet = issue.subject.kind === 'component' ? issue.subject.facet : issue.subject.kind === 'slice' ? issue.subject.mode : undefined;
    const drift = facet !== undefined && (issue.rule === facet || issue.rule === 'slice-mismatch');
    const severity: BoundarySeverity = drift ? facet : 'other';
    const subject = issue.subject.name;
    const impact =
      issue.subject.kind === 'component' && facet !== undefined
        ? result.consumerImpact.find((i) => i.component === subject && i.facets.includes(facet))
        : undefined;
    rows.push({ severity, text, subject, consumers: impact === undefined ? [] : [...impact.components, ...impact.externalConsumers.map((e) => `${e} (external)`)], api: [], apiWhole: [] });
  }
  for (const change of apiChanges) {
    const row = rows.find((r) => r.severity === 'boundary' && r.subject === change.subject);
    if (row !== undefined) {
      row.api.push(change.text);
      row.apiWhole.push(change.whole);
    } else rows.push({ severity: 'boundary', text: change.text, subject: change.subject, consumers: [], api: [], apiWhole: [change.whole] });
  }
  return BOUNDARY_SEVERITIES.flatMap((severity) => rows.filter((row) => row.severity === severity));
}
