import type { FacetPolicy, VerifyResult } from '@driftgate/boundver';
import type { Blame, Divergence, LintResult } from '@driftgate/surf';
import type { Rendered } from '../model/rendered.js';
import type { Report } from '../model/report-model.js';
import { reportNotes } from './report-notes.js';

/**
 * Each tool's own JSON, unchanged: `surf check`'s versioned envelope (`{version: 1,
 * divergences}`, spec §7.6), `surf lint`'s bare array of findings (§7.5), and `boundver verify`'s
 * object (§13). Pretty-printed with two spaces and a trailing newline; JSON escaping makes
 * untrusted text safe.
 */
export function renderJson(report: Report): Rendered {
  const origin = report.origin;
  switch (origin.command) {
    case 'check':
      return { out: pretty({ version: 1, divergences: origin.result.divergences.map(envelopeDivergence) }), err: reportNotes(report) };
    case 'lint':
      return { out: pretty(lintFindings(origin.result)), err: '' };
    case 'verify':
      return { out: pretty(verifyObject(origin.result)), err: '' };
  }
}

function pretty(value: unknown): string {
  return `${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item instanceof Map ? Object.fromEntries(item) : item), 2)}\n`;
}

/** One divergence in the seam's key order; optional keys absent, never null. */
function envelopeDivergence(d: Divergence): Record<string, unknown> {
  const out: Record<string, unknown> = { hub: d.hub, claim: d.claim, at: d.at, kind: d.kind };
  if (d.id !== undefined) out.id = d.id;
  if (d.oldHash !== undefined) out.old_hash = d.oldHash;
  if (d.newHash !== undefined) out.new_hash = d.newHash;
  if (d.oldCode !== undefined) out.old_code = d.oldCode;
  if (d.newCode !== undefined) out.new_code = d.newCode;
  out.prose = d.prose;
  if (d.magnitude !== undefined) out.magnitude = d.magnitude;
  if (d.detail !== undefined) out.detail = d.detail;
  if (d.oldCodeFrom !== undefined) out.old_code_from = d.oldCodeFrom;
  if (d.historyMissing !== undefined) out.history_missing = d.historyMissing;
  if (d.blame !== undefined) out.blame = blameObject(d.blame);
  return out;
}

/** The envelope's `blame`, in its key order (as surf's `checkEnvelope` writes it). */
function blameObject(blame: Blame): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (blame.commit !== undefined) out.commit = blame.commit;
  if (blame.shortCommit !== undefined) out.short_commit = blame.shortCommit;
  if (blame.author !== undefined) out.author = blame.author;
  if (blame.date !== undefined) out.date = blame.date;
  if (blame.subject !== undefined) out.subject = blame.subject;
  out.commits = blame.commits;
  out.uncommitted = blame.uncommitted;
  return out;
}

function lintFindings(result: LintResult): unknown[] {
  return result.findings.map((f) => ({ severity: f.severity, hub: f.hub, at: f.at, message: f.message, claim: f.claim }));
}

function verifyObject(result: VerifyResult): unknown {
  return {
    ok: result.ok,
    updated: result.updated,
    issues: result.issues,
    resolved_issues: result.resolvedIssues,
    observations: result.observations,
    facets: result.facets,
    facet_policy: policyObject(result.facetPolicy),
    components_filter: result.componentsFilter,
    changed_components: result.changedComponents,
    inputs: result.inputs,
    consumer_impact: result.consumerImpact.map((impact) => ({
      component: impact.component,
      facets: impact.facets,
      components: impact.components,
      external_consumers: impact.externalConsumers,
      transitive: impact.transitive,
    })),
    // Only with a baseline option, so a plain run keeps the reference's shape.
    ...(result.baseline === null
      ? {}
      : {
          baseline: {
            mode: result.baseline.mode,
            file: result.baseline.file,
            violations: result.baseline.violations,
            written: result.baseline.written,
            acknowledged_issues: result.baseline.acknowledged,
            resolved_violations: result.baseline.resolved,
          },
        }),
  };
}

function policyObject(policy: FacetPolicy | null): unknown {
  if (policy === null) return { explicit: null, defaults: null, components: {}, slices: {} };
  return {
    explicit: policy.explicit,
    defaults: policy.defaults,
    components: Object.fromEntries(policy.components),
    slices: Object.fromEntries([...policy.slices].map(([name, slice]) => [name, { mode: slice.mode, gated: slice.gated }])),
  };
}
