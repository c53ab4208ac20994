import type { FacetPolicy, VerifyResult } from '@driftgate/boundver';

/** verify's JSON object (spec §13), key order fixed. */
export function verifyJson(result: VerifyResult): unknown {
  return {
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
  };
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

/** verify's human report (not yet terminal-safe: the caller escapes every line). */
export function verifyText(result: VerifyResult, options: { quiet: boolean; verbose: boolean; update: boolean; changedFrom: boolean }): string[] {
  const lines: string[] = [];
  const inputs = `Inputs: source=${result.inputs.source} config=${result.inputs.config} lock=${result.inputs.lock}`;
  if (!options.quiet) lines.push(inputs);
  if (options.changedFrom && !options.quiet) {
    const changed = result.changedComponents;
    lines.push(`Changed component paths (${changed.length}): ${changed.length > 0 ? changed.join(', ') : 'none'}; validating full lock integrity.`);
  }
  if (result.updated) {
    if (!options.quiet) {
      lines.push(`Updated ${result.lockFile.display} after successful generation (${result.resolvedIssues.length} issue${result.resolvedIssues.length === 1 ? '' : 's'} resolved).`);
      for (const issue of result.resolvedIssues) lines.push(`  resolved: ${issue}`);
      if (result.inputs.source !== 'working-tree') {
        lines.push(`Next: ${result.inputs.source === 'head' ? 'commit' : 'stage'} ${result.lockFile.display}; --source ${result.inputs.source} verifies the ${result.inputs.source === 'head' ? 'committed' : 'staged'} lock.`);
      }
    }
    return lines;
  }
  if (result.issues.length === 0) {
    if (!options.quiet) lines.push(options.verbose ? `Verified source=${result.inputs.source} with 0 issues.` : 'Lockfile is up to date.');
    if (result.observations.length > 0 && !options.quiet) {
      lines.push(`Non-gating drift observed (${result.observations.length}):`);
      for (const observation of result.observations) lines.push(`  ${observation}`);
    }
    return lines;
  }
  const heading = result.exitCode === 2 ? 'CANNOT VERIFY' : 'LOCKFILE OUT OF DATE';
  lines.push(`${heading} (${result.issues.length} issue${result.issues.length === 1 ? '' : 's'}):`, '');
  for (const issue of result.issues) lines.push(`  ${issue}`);
  if (result.observations.length > 0 && !options.quiet) {
    lines.push('', 'NON-GATING DRIFT:');
    for (const observation of result.observations) lines.push(`  ${observation}`);
  }
  if (options.quiet) return lines;
  lines.push('');
  if (result.updateRefused !== null) lines.push(`LOCKFILE NOT UPDATED: ${result.updateRefused}`);
  else if (result.exitCode === 2) lines.push('Fix the reported problems, then run `boundver verify` again.');
  else if (!options.update) lines.push('Review the drift, then run `boundver verify --update` (or `boundver generate`) to record it.');
  return lines;
}
