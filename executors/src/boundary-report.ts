import type { FacetPolicy, GenerateResult, VerifyResult } from '@driftgate/boundver';
import { shortDigest } from '@driftgate/boundver';
import { terminalSafe } from '@driftgate/report';

/** What each graded exit code of `boundver verify` means (spec §11). */
const EXIT_MEANINGS: Readonly<Record<number, string>> = {
  0: 'the lock matches',
  1: 'exact or metadata drift',
  2: 'cannot verify (usage, config, lock or digest error)',
  3: 'behavior drift',
  4: 'boundary drift',
  5: 'compat drift',
};

/** The JSON report: the object `boundver verify --format json` prints (spec §13), keys in order. */
export function verifyJson(result: VerifyResult): string {
  const value = {
    ok: result.ok,
    updated: result.updated,
    issues: result.issues,
    resolved_issues: result.resolvedIssues,
    observations: result.observations,
    facets: result.facets,
    facet_policy: policyJson(result.facetPolicy),
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
    exit_code: result.exitCode,
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

function policyJson(policy: FacetPolicy | null): unknown {
  if (policy === null) return { explicit: null, defaults: null, components: {}, slices: {} };
  return {
    explicit: policy.explicit,
    defaults: policy.defaults,
    components: Object.fromEntries(policy.components),
    slices: Object.fromEntries([...policy.slices].map(([name, slice]) => [name, { mode: slice.mode, gated: slice.gated }])),
  };
}

/** The human text of a verify run, every untrusted value terminal-safe. */
export function verifyText(result: VerifyResult): string[] {
  const scope = result.componentsFilter.length > 0 ? ` components=${result.componentsFilter.join(',')}` : '';
  const lines = [terminalSafe(`Inputs: source=${result.inputs.source} config=${result.inputs.config} lock=${result.inputs.lock}${scope}`)];
  if (result.issues.length === 0) {
    lines.push('Lockfile is up to date.');
  } else {
    lines.push(`${result.exitCode === 2 ? 'CANNOT VERIFY' : 'LOCKFILE OUT OF DATE'} (${result.issues.length} issue(s)):`);
    for (const issue of result.issues) lines.push(`  ${terminalSafe(issue)}`);
  }
  if (result.observations.length > 0) {
    lines.push(`Non-gating drift observed (${result.observations.length}):`);
    for (const observation of result.observations) lines.push(`  ${terminalSafe(observation)}`);
  }
  lines.push(`boundver verify: exit ${result.exitCode} (${EXIT_MEANINGS[result.exitCode]}).`);
  if (result.exitCode !== 0 && result.exitCode !== 2) {
    lines.push('Review the drift, then regenerate the lock (the generate-boundary target) to record it.');
  }
  return lines;
}

/** The human summary of a generate run. */
export function generateText(result: GenerateResult): string[] {
  const { lock } = result;
  const from = result.source === 'head' ? `HEAD@${(result.headCommit ?? 'unborn').slice(0, 12)}` : result.source === 'index' ? 'the index' : 'the working tree';
  const lines = [
    terminalSafe(
      `${result.written ? 'Generated' : 'Dry run, not written:'} ${result.out.display} from ${from} (config ${result.config.display}): ${lock.components.size} component(s), ${lock.slices.size} slice(s).`,
    ),
  ];
  for (const [name, entry] of lock.components) {
    const boundary = entry.boundary_status === 'ok' ? shortDigest(entry.fingerprints.boundary) : entry.boundary_status;
    lines.push(terminalSafe(`  ${name} @ ${entry.version ?? 'unversioned'}  exact=${shortDigest(entry.fingerprints.exact)} boundary=${boundary}`));
  }
  return lines;
}
