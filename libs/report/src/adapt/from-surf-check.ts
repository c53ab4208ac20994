import { shortRevision } from '@driftgate/git';
import { blameText } from '../model/blame-text.js';
import type { CheckResult, Divergence, LoadedWorkspace, SpanLocation } from '@driftgate/surf';
import { fingerprint } from '../model/fingerprint.js';
import { locationText } from '../model/location-text.js';
import type { RelatedLocation, Report, ReportCase, ReportContext, ReportLocation, ReportSuite } from '../model/report-model.js';
import { automationId, reportTool } from '../model/report-tool.js';
import { SURF_CHECK_RULES } from '../model/rules.js';
import { SuiteCollector } from './suite-collector.js';

/** Options of {@link fromSurfCheck}. */
export interface SurfCheckReportOptions extends ReportContext {
  /**
   * The workspace the check ran over. With it, every claim of an unscoped run becomes a
   * testcase (passing ones too); a run scoped by `--files`/`--base` lists its divergences only,
   * since the result does not say which clean claims were in scope.
   */
  readonly workspace?: LoadedWorkspace;
}

/**
 * The neutral report of a `surf check`: a suite per hub, a case per claim (and per propagated
 * ref). Changed claims fail with their stamps, advisory magnitude, prose and `file:line`;
 * unverified and referenced-stale claims fail; unresolvable claims and malformed hubs are errors.
 */
export function fromSurfCheck(result: CheckResult, options: SurfCheckReportOptions): Report {
  const suites = new SuiteCollector();
  const scoped = result.stats.globsGiven || result.stats.scopedByBase;
  // A claim is identified by its hub and the line of its `- ` item.
  const byClaim = new Map<string, Divergence>();
  for (const d of result.divergences) if (d.kind !== 'referenced_stale' && d.hubLine !== undefined) byClaim.set(`${d.hub}\0${d.hubLine}`, d);
  const placed = new Set<Divergence>();
  if (options.workspace !== undefined) {
    // Suites in hub path order; the claims come from the result, so no hub is parsed again.
    const reported = new Set<string>();
    for (const loaded of options.workspace.hubs) {
      if (loaded.kind !== 'Concept') continue;
      suites.ensure(loaded.rel);
      reported.add(loaded.rel);
    }
    for (const claim of result.checked) {
      if (!reported.has(claim.hub)) continue;
      const divergence = byClaim.get(`${claim.hub}\0${claim.hubLine}`);
      if (divergence !== undefined) {
        placed.add(divergence);
        suites.add(claim.hub, divergenceCase(divergence, result.historyBase));
      } else if (!scoped) {
        suites.add(claim.hub, passedCase(claim.hub, claim.at, claim.hubLine));
      }
    }
  }
  for (const divergence of result.divergences) if (!placed.has(divergence)) suites.add(divergence.hub, divergenceCase(divergence, result.historyBase));
  const built: ReportSuite[] = suites.suites();
  const nonEmpty = built.filter((suite) => suite.cases.length > 0);
  return {
    tool: reportTool('surf', options),
    automationId: automationId('surf-check'),
    suites: nonEmpty.length > 0 ? nonEmpty : [summarySuite(result)],
    origin: { tool: 'surf', command: 'check', result },
  };
}

function passedCase(hub: string, at: string, line: number): ReportCase {
  return {
    name: at,
    className: hub,
    status: 'passed',
    level: 'none',
    gating: true,
    message: 'the anchored code matches the stored stamp',
    details: [`hub: ${hub}:${line}`],
    related: [],
  };
}

function summarySuite(result: CheckResult): ReportSuite {
  if (!result.passed && result.divergences.length === 0) {
    // Every --files pattern matched nothing: the run is red although nothing diverged.
    const patterns = result.stats.unmatchedGlobs.map((glob) => JSON.stringify(glob)).join(', ');
    return {
      name: 'surf check',
      cases: [
        {
          name: 'anchored spans',
          className: 'surf check',
          status: 'error',
          level: 'error',
          gating: true,
          message: `no --files pattern matched an anchored file (${patterns}), so nothing was checked; fix the pattern`,
          details: [],
          related: [],
        },
      ],
    };
  }
  return {
    name: 'surf check',
    cases: [
      {
        name: 'anchored spans',
        className: 'surf check',
        status: 'passed',
        level: 'none',
        gating: true,
        message: `${result.stats.claims} claim(s) checked, none diverged`,
        details: [],
        related: [],
      },
    ],
  };
}

function divergenceCase(d: Divergence, historyBase: string): ReportCase {
  const rule = SURF_CHECK_RULES[d.kind];
  const hubLocation: ReportLocation = { file: d.hub, startLine: d.hubLine ?? 1 };
  const span: ReportLocation | undefined = d.location === undefined ? undefined : reportSpan(d.location);
  const spans = siteSpans(d, historyBase);
  const details = [`kind: ${d.kind}`, `hub: ${locationText(hubLocation)}`];
  if (d.at !== '') details.push(`at: ${d.at}`);
  if (span !== undefined) details.push(`span: ${locationText(span)}`);
  if (d.id !== undefined) details.push(`id: ${d.id}`);
  if (d.oldHash !== undefined) details.push(`stored: ${d.oldHash}`);
  if (d.newHash !== undefined) details.push(`current: ${d.newHash}`);
  if (d.magnitude !== undefined) {
    details.push(`magnitude: ${d.magnitude} (advisory, from git history at ${shortRevision(d.oldCodeFrom ?? historyBase)}; never affects the verdict)`);
  }
  if (d.blame !== undefined) details.push(`blame: ${blameText(d.blame, (text) => text)}`);
  if (d.historyMissing !== undefined) details.push(`old code unknown: ${d.historyNote ?? d.historyMissing}`);
  if (d.detail !== undefined) details.push(`detail: ${d.detail}`);
  if (d.prose !== '') details.push(`claim: ${d.prose}`);
  details.push(`next: ${rule.help}`);
  return {
    name: d.kind === 'referenced_stale' ? `refs: ${d.at}` : d.at === '' ? '(frontmatter)' : d.at,
    className: d.hub,
    status: d.kind === 'unresolvable' ? 'error' : 'failed',
    ruleId: rule.id,
    // The gate sets the level; the advisory magnitude stays in the message and `magnitude`.
    level: rule.defaultLevel,
    gating: true,
    message: divergenceMessage(d),
    details,
    ...(span !== undefined ? { location: span } : { location: hubLocation }),
    related: span !== undefined ? [{ location: hubLocation, message: 'the claim, in its hub' }] : [],
    ...(spans.length > 0 ? { spans } : {}),
    ...(d.magnitude !== undefined ? { magnitude: d.magnitude } : {}),
    ...(d.blame !== undefined ? { blame: d.blame } : {}),
    fingerprint: fingerprint(['surf', 'check', d.hub, d.id ?? d.at, d.kind]),
  };
}

/**
 * The spans of a claim's sites, the one to show first leading: the first site that changed since
 * the revision its old code was read from (the verified commit, as a single-site claim's) when git could tell (a multi-site claim's stamp covers all its sites, so only
 * history says which one moved), else the first site. Each message names the site.
 */
function siteSpans(d: Divergence, historyBase: string): RelatedLocation[] {
  const locations = d.siteLocations ?? [];
  if (locations.length === 1) return [{ location: reportSpan(locations[0]!), message: 'the anchored code' }];
  const changed = d.changedSites === undefined ? undefined : new Set(d.changedSites);
  const first = d.changedSites?.[0] ?? 0;
  const since = shortRevision(d.oldCodeFrom ?? historyBase);
  const order = locations.map((_, i) => i).filter((i) => i !== first);
  if (locations.length > 0) order.unshift(first);
  return order.map((i) => ({
    location: reportSpan(locations[i]!),
    message: `site ${i + 1} of ${locations.length}: ${d.sites[i] ?? ''}${changed === undefined ? '' : changed.has(i) ? ` (changed since ${since})` : ` (unchanged since ${since})`}`,
  }));
}

/** A surf span (0-based columns) as a report location (1-based columns, end exclusive). */
function reportSpan(location: SpanLocation): ReportLocation {
  return {
    file: location.file,
    startLine: location.startLine,
    startColumn: location.startColumn + 1,
    endLine: location.endLine,
    endColumn: location.endColumn + 1,
  };
}

function divergenceMessage(d: Divergence): string {
  const quoted = d.prose === '' ? '' : ` "${d.prose}"`;
  switch (d.kind) {
    case 'changed': {
      const magnitude = d.magnitude === undefined ? '' : `, magnitude ${d.magnitude}`;
      // A re-pointed claim's stamp may still hold: the detail says what moved, the hashes follow.
      if (d.detail !== undefined) return `changed: claim${quoted} (${d.at}) was ${d.detail}; stored ${d.oldHash} → now ${d.newHash}${magnitude}.`;
      return `changed: the code under claim${quoted} (${d.at}) changed: stored ${d.oldHash} → now ${d.newHash}${magnitude}.`;
    }
    case 'unverified':
      return `unverified: claim${quoted} (${d.at}) has no stored stamp; current ${d.newHash}.`;
    case 'unresolvable':
      return `unresolvable: ${d.detail ?? 'the claim cannot be checked'}${d.at === '' ? '' : ` (${d.at})`}.`;
    case 'referenced_stale':
      return `referenced_stale: ${d.detail ?? `reference ${d.at} is stale`}.`;
  }
}
