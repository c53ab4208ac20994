import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BoundverError, outputJsonText, reviewPlan, reviewPlanMarkdown, reviewRange, writeFileAtomic, type ReviewResult } from '@driftgate/boundver';
import { Option, type Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, parseList } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface ReviewFlags {
  base?: string;
  target?: string;
  mergeBase?: boolean;
  config?: string;
  lock: string;
  facets?: string;
  transitive?: boolean;
  format: 'text' | 'json' | 'plan' | 'markdown';
  summaryFile?: string;
  allowCustomProviders?: boolean;
}

/** `BASE..TARGET` or `--base`/`--target`, never both, never `...` (say --merge-base instead). */
function endpoints(range: string | undefined, flags: ReviewFlags): { base: string; target: string } {
  if (range !== undefined) {
    if (flags.base !== undefined || flags.target !== undefined) throw new BoundverError('BOUNDVER_USAGE', 'Give the range as BASE..TARGET or as --base BASE --target TARGET, not both.');
    if (range.includes('...') || range.split('..').length !== 2) {
      throw new BoundverError('BOUNDVER_USAGE', `The review range must be exactly BASE..TARGET (got ${JSON.stringify(range)}); for what a branch changes since it forked, add --merge-base.`);
    }
    const [base, target] = range.split('..') as [string, string];
    if (base === '' || target === '') throw new BoundverError('BOUNDVER_USAGE', 'The review range must name both BASE and TARGET, e.g. origin/main..HEAD.');
    return { base, target };
  }
  if (flags.base === undefined || flags.target === undefined) throw new BoundverError('BOUNDVER_USAGE', 'Name what to review: BASE..TARGET, or both --base BASE and --target TARGET.');
  return { base: flags.base, target: flags.target };
}

const short = (digest: string | null): string => (digest === null ? 'none' : digest.slice(0, 12));

/** The review for a person: endpoints, then per changed component its facets, structure, consumers; slices. */
function reviewText(review: ReviewResult): string {
  const { base, target } = review.endpoints;
  const lines = [
    'boundver review',
    `Range: ${review.request.base}..${review.request.target}`,
    `Base: ${base.requested_ref} = ${base.requested_commit}${review.request.merge_base ? `; merge base ${base.commit}` : ''}`,
    `Target: ${target.requested_ref} = ${target.commit}`,
    `Config: ${base.config} -> ${target.config}`,
    `Lock: ${base.lock} -> ${target.lock}`,
    `History: ${review.history.repository_shallow ? 'shallow clone' : 'complete'}; needs ${review.history.requirement}`,
    `Facets compared: ${review.policy.compared_facets.join(', ')}; consumer impact: ${review.policy.impact}`,
  ];
  for (const [field, pair] of Object.entries(review.metadata)) lines.push(`Lock ${field}: ${JSON.stringify(pair.before)} -> ${JSON.stringify(pair.after)}`);
  const impacts = new Map(review.consumer_impact.map((impact) => [impact.component, impact]));
  const structural = new Map(review.structural_changes.reports.map((report) => [report.component, report]));
  lines.push('', `Changed components (${review.components.changed.length}):`);
  if (review.components.changed.length === 0) lines.push('  none');
  for (const component of review.components.changed) {
    const versions = component.before_version !== component.after_version ? ` ${component.before_version ?? 'unversioned'} -> ${component.after_version ?? 'unversioned'}` : '';
    lines.push(`  ${component.name} [${component.status}]${versions}`);
    if (component.facets.length === 0) lines.push('    metadata only');
    for (const transition of component.facets) {
      const gate = transition.selected.effective ? 'gated' : 'observed';
      lines.push(`    ${transition.facet}: ${short(transition.before)} -> ${short(transition.after)} (${gate})`);
    }
    const fields = Object.keys(component.metadata);
    if (fields.length > 0) lines.push(`    metadata: ${fields.join(', ')}`);
    const report = structural.get(component.name);
    if (report !== undefined && report.complete) {
      const what = report.documents.some((document) => document.label.startsWith('canonical:')) ? 'structure' : 'API changes';
      lines.push(`    ${what} (${report.inputs.target.provider}): ${report.summary.added} added, ${report.summary.removed} removed, ${report.summary.changed} changed`);
      for (const document of report.documents) {
        const canonical = document.label.startsWith('canonical:');
        if (canonical) lines.push(`      ${document.label} [${document.status}]`);
        for (const change of document.changes) {
          const mark = change.kind === 'added' ? '+' : change.kind === 'removed' ? '-' : '~';
          // A symbol key is shown as written; a document change as its JSON pointer.
          lines.push(canonical ? `        ${mark} ${change.path === '' ? '(the whole document)' : change.path}` : `      ${mark} ${change.path.slice(1).replace(/~1/g, '/').replace(/~0/g, '~')}`);
        }
      }
    } else if (report !== undefined) {
      lines.push(`    structure: not explained (${report.reason}): ${report.detail}`);
    }
    const impact = impacts.get(component.name);
    if (impact !== undefined) {
      const list = (rows: ReadonlyArray<{ name: string; source: string }>) => (rows.length === 0 ? 'none' : rows.map((row) => (row.source === 'both' ? row.name : `${row.name} (${row.source} only)`)).join(', '));
      lines.push(`    consumers${impact.transitive ? ' (transitive)' : ''}: ${list(impact.components)}; external: ${list(impact.external_consumers)}${impact.graph_changed ? '; the consumer graph changed' : ''}`);
    }
  }
  lines.push('', `Changed slices (${review.slices.changed.length}):`);
  if (review.slices.changed.length === 0) lines.push('  none');
  for (const slice of review.slices.changed) lines.push(`  ${slice.name} [${slice.status}] ${short(slice.before)} -> ${short(slice.after)}`);
  lines.push('', `Impacted slices (${review.slice_impact.length}):`);
  if (review.slice_impact.length === 0) lines.push('  none');
  for (const slice of review.slice_impact) lines.push(`  ${slice.name}${slice.changed ? ' (changed)' : ''}: ${slice.components.map((member) => `${member.name} [${member.roles.join(', ')}]`).join(', ') || 'no changed member'}`);
  lines.push('', 'Review complete; the exit code does not depend on what changed. `boundver verify` is the gate.');
  return safeLines(lines);
}

/** `boundver review`: what changed between two commits' locks, for a reviewer or a CI router. */
export function registerReviewCommand(program: Command, io: BoundverIo): void {
  program
    .command('review')
    .description('compare the locks of two commits: per component the facets that changed, the consumers and slices they reach; exit 0 when the review is complete (changed or not), 2 when it cannot be (a stale endpoint lock, a missing commit)')
    .argument('[range]', 'BASE..TARGET, e.g. origin/main..HEAD')
    .option('--base <ref>', 'base revision (instead of the range)')
    .option('--target <ref>', 'target revision (instead of the range)')
    .option('--merge-base', 'compare the merge base of BASE and TARGET with TARGET (what a branch changed since it forked)')
    .option('--config <path>', 'config path at both commits (default boundary.config.json, then .yaml/.yml/.toml)')
    .option('--lock <path>', 'lock path at both commits', 'boundary.lock.json')
    .option('--facets <facets>', 'policy override shown as gated (all four facets are always compared)')
    .option('--transitive', 'consumer impact over the transitive closure')
    .addOption(new Option('--format <format>', "output format: text, json (boundver-review/v1), plan (boundver-plan/v1, for CI routing) or markdown (the plan's bounded summary)").choices(['text', 'json', 'plan', 'markdown']).default('text'))
    .option('--summary-file <path>', "also write the plan's bounded Markdown summary (50 rows, 64 KiB) to this file")
    .addOption(customProvidersOption())
    .addHelpText('after', '\nExamples:\n  boundver review origin/main..HEAD\n  boundver review --base origin/main --target HEAD --merge-base\n  boundver review main..feature --transitive --format json\n  boundver review origin/main..HEAD --merge-base --format plan --summary-file plan.md\n')
    .action(async (range: string | undefined, flags: ReviewFlags) => {
      const { base, target } = endpoints(range, flags);
      const review = await reviewRange({
        cwd: io.cwd,
        base,
        target,
        mergeBase: flags.mergeBase === true,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        lock: flags.lock,
        facets: parseList(flags.facets),
        transitive: flags.transitive === true,
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
      });
      const plan = flags.format === 'plan' || flags.format === 'markdown' || flags.summaryFile !== undefined ? reviewPlan(review) : null;
      // The summary first: a review whose summary cannot be written prints nothing as if complete.
      if (flags.summaryFile !== undefined) {
        const file = resolve(io.cwd, flags.summaryFile);
        await mkdir(dirname(file), { recursive: true });
        await writeFileAtomic(file, reviewPlanMarkdown(plan!));
      }
      io.out(flags.format === 'json' ? outputJsonText(review) : flags.format === 'plan' ? outputJsonText(plan) : flags.format === 'markdown' ? reviewPlanMarkdown(plan!) : reviewText(review));
      io.exit(BoundverExit.ok);
    });
}
