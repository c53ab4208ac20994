import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES } from '@driftgate/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, allCached, createNxWorkspace, demoTree, taskOutcomes } from './nx-workspace.js';

// End to end against a temporary copy of the demo workspace that installs the built plugin
// (`npm run build` first). Each `nx` call costs a second or two, so the cases share one workspace
// and run in order.

// The demo's nx.json asks for human, json, junit and sarif; the outputs declare every format of
// REPORT_FORMAT_NAMES, whichever a run writes.
const EXTENSIONS = ['txt', 'json', 'xml', 'sarif'];
const reportsOf = (dir: string, kind: string): string[] => EXTENSIONS.map((ext) => `reports/driftgate/${dir}/${kind}.${ext}`);
const outputsOf = (dir: string, kind: string): string[] => REPORT_FORMAT_NAMES.map((format) => `{options.reportDirectory}/${dir}/${kind}.${REPORT_EXTENSIONS[format]}`);
const PRICING_REPORTS = reportsOf('packages/pricing', 'verify-claims');
const PRICING_JSON = PRICING_REPORTS[1]!;

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace(demoTree());
});
afterAll(() => ws?.dispose());

/** Files the claims of these hubs anchor into, read from the demo hubs (not restated by hand). */
function anchoredFilesOf(hubs: readonly string[]): string[] {
  const files = new Set<string>();
  for (const hub of hubs) {
    for (const match of ws.read(hub).matchAll(/^\s+(?:at:|-)\s+(\w[\w./-]*\.\w+) >/gm)) files.add(match[1]!);
  }
  return [...files].sort();
}

describe('the plugin in a workspace that installs it', { timeout: 120_000 }, () => {
  it('infers the targets with exact inputs and outputs (nx show project --json)', () => {
    const run = ws.nx('show', 'project', 'pricing', '--json');
    expect(run.status, run.output).toBe(0);
    const project = JSON.parse(run.output.slice(run.output.indexOf('{')));
    const claims = project.targets['verify-claims'];
    expect(claims.executor).toBe('@driftgate/nx:verify-claims');
    expect(claims.cache).toBe(true);
    const hubs = ['hubs/checkout.md', 'hubs/pricing.md'];
    const anchored = anchoredFilesOf(hubs);
    expect(claims.inputs).toEqual([
      '{workspaceRoot}/surf.toml',
      ...hubs.map((hub) => `{workspaceRoot}/${hub}`),
      ...anchored.map((file) => `{workspaceRoot}/${file}`),
      { externalDependencies: ['@driftgate/nx'] },
    ]);
    // Declared under the reportDirectory in effect, one per format, so overrides are cached whole (test/nx-cache-outputs.spec.ts).
    expect(claims.outputs).toEqual(outputsOf('packages/pricing', 'verify-claims'));
    expect(claims.metadata.description).toMatch(/surf check/);
    expect(claims.metadata.help.command).toBe('npx nx run pricing:verify-claims --help');

    const boundary = project.targets['verify-boundary'];
    expect(boundary.options).toMatchObject({ components: ['pricing'], share: 'project', source: 'working-tree' });
    // The project's share is its component: the payments slice (closure of pricing, so ledger too)
    // is the workspace-level target's, and so are its reads.
    expect(boundary.inputs).toEqual(
      expect.arrayContaining([
        '{workspaceRoot}/boundary.config.json',
        '{workspaceRoot}/boundary.lock.json',
        '{workspaceRoot}/packages/pricing/**/*',
        { externalDependencies: ['@driftgate/nx'] },
        {
          runtime:
            "git --literal-pathspecs ls-files -s -z -- 'packages/pricing' && git --literal-pathspecs --no-optional-locks -c diff.autoRefreshIndex=true diff --raw --no-abbrev -z -- 'packages/pricing'",
        },
      ]),
    );
    expect(boundary.inputs.some((input: unknown) => typeof input === 'string' && /ledger|gateway|checksum|hubs/.test(input))).toBe(false);
    expect(boundary.outputs).toEqual(outputsOf('packages/pricing', 'verify-boundary'));

    const root = ws.nx('show', 'project', 'driftgate-demo', '--json');
    expect(root.status, root.output).toBe(0);
    const shared = JSON.parse(root.output.slice(root.output.indexOf('{'))).targets['verify-boundary'];
    expect(shared.options).toMatchObject({ components: [], share: 'workspace' });
    expect(shared.metadata.description).toContain('the lock as a whole and the slices');
    expect(shared.inputs).toEqual(
      expect.arrayContaining(['{workspaceRoot}/boundary.config.json', '{workspaceRoot}/boundary.lock.json', '{workspaceRoot}/packages/pricing/**/*', '{workspaceRoot}/services/ledger/**/*']),
    );
    expect(shared.inputs.some((input: unknown) => typeof input === 'string' && /gateway|checksum|hubs/.test(input))).toBe(false);
    expect(project.targets['stamp-claims']).toMatchObject({ cache: false, parallelism: false });
  });

  it('gives every inferred target the metadata Nx Console shows: technologies, description, help', () => {
    const graphFile = join(ws.dir, '.nx', 'graph-for-test.json');
    const graph = ws.nx('graph', `--file=${graphFile}`);
    expect(graph.status, graph.output).toBe(0);
    const nodes = JSON.parse(ws.read('.nx/graph-for-test.json')).graph.nodes as Record<string, { data: { targets: Record<string, { executor?: string; metadata?: Record<string, unknown> }> } }>;
    const seen: string[] = [];
    for (const [project, node] of Object.entries(nodes)) {
      for (const [target, config] of Object.entries(node.data.targets ?? {})) {
        if (!config.executor?.startsWith('@driftgate/nx:')) continue;
        seen.push(`${project}:${target}`);
        const metadata = config.metadata as { technologies: string[]; description: string; help: { command: string; example: Record<string, unknown> } };
        expect(metadata.technologies, `${project}:${target}`).toEqual(['driftgate']);
        expect(metadata.description, `${project}:${target}`).toMatch(/^(surf|boundver) \S+/);
        // As Nx's own plugins: the workspace's package manager runs the help command.
        expect(metadata.help.command, `${project}:${target}`).toBe(`npx nx run ${project}:${target} --help`);
        expect(Object.keys(metadata.help.example), `${project}:${target}`).toEqual(['options']);
      }
    }
    const targets = new Set(seen.map((task) => task.slice(task.lastIndexOf(':') + 1)));
    expect([...targets].sort()).toEqual(['generate-boundary', 'stamp-claims', 'triage-claims', 'verify-boundary', 'verify-claims']);
    // The help command Nx Console runs works, and lists the target's options.
    const help = ws.nx('run', 'pricing:verify-claims', '--help');
    expect(help.status, help.output).toBe(0);
    expect(help.output).toContain('--formats');
  });

  it('misses, then hits, then restores deleted reports from the cache', () => {
    const first = ws.nx('run', 'pricing:verify-claims');
    expect(first.status, first.output).toBe(0);
    expect(taskOutcomes(first.output).get('pricing:verify-claims')).toBe('ran');
    const reports = PRICING_REPORTS.map((file) => ws.read(file));
    expect(JSON.parse(reports[1]!)).toEqual({ version: 1, divergences: [] });
    expect(reports[0]).toContain('surf check: all anchored spans match their stored hashes.');
    expect(reports[2]).toMatch(/^<\?xml[\s\S]*<testsuites[\s\S]*hubs\/pricing\.md/);
    const sarif = JSON.parse(reports[3]!);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].automationDetails.id).toBe('driftgate/surf-check/');

    const second = ws.nx('run', 'pricing:verify-claims');
    expect(second.status, second.output).toBe(0);
    expect(allCached(second.output, ['pricing:verify-claims'])).toBe(true);

    rmSync(join(ws.dir, 'reports'), { recursive: true, force: true });
    const third = ws.nx('run', 'pricing:verify-claims');
    expect(third.status, third.output).toBe(0);
    expect(taskOutcomes(third.output).get('pricing:verify-claims')).toBe('cache');
    expect(PRICING_REPORTS.map((file) => ws.read(file))).toEqual(reports);
  });

  it('stays a hit when a file no claim and no component covers changes', () => {
    const warm = ws.nx('run-many', '-t', 'verify-boundary', '-p', 'pricing');
    expect(warm.status, warm.output).toBe(0);
    ws.write({ 'README.md': `${ws.read('README.md')}\nA note no gate covers.\n`, 'docs/notes.md': 'new, uncovered\n' });
    const run = ws.nx('run-many', '-t', 'verify-claims', 'verify-boundary', '-p', 'pricing');
    expect(run.status, run.output).toBe(0);
    expect(allCached(run.output, ['pricing:verify-claims', 'pricing:verify-boundary'])).toBe(true);
  });

  it('misses and passes after a comment-only edit of an anchored file', () => {
    const path = 'packages/pricing/src/tiers.ts';
    ws.write({ [path]: ws.read(path).replace('export function tierFor', '// Tiers are checked from the top down.\nexport function tierFor') });
    const run = ws.nx('run', 'pricing:verify-claims');
    expect(run.status, run.output).toBe(0);
    expect(taskOutcomes(run.output).get('pricing:verify-claims')).toBe('ran');
    expect(run.output).toMatch(/all anchored spans match/);
  });

  it('misses and fails naming the divergence after a logic edit of an anchored function', () => {
    const path = 'packages/pricing/src/tiers.ts';
    ws.write({ [path]: ws.read(path).replace('customer.points >= threshold', 'customer.points > threshold') });
    const run = ws.nx('run', 'pricing:verify-claims');
    expect(run.status).not.toBe(0);
    expect(taskOutcomes(run.output).get('pricing:verify-claims')).toBe('ran');
    expect(run.output).toContain('DIVERGED  hubs/pricing.md :: packages/pricing/src/tiers.ts > tierFor');
    const envelope = JSON.parse(ws.read(PRICING_JSON));
    // hubs/checkout.md refers to hubs/pricing.md, so the stale hub propagates one hop.
    expect(envelope.divergences.map((d: { hub: string; at: string; kind: string }) => `${d.kind} ${d.hub} ${d.at}`)).toEqual([
      'changed hubs/pricing.md packages/pricing/src/tiers.ts > tierFor',
      'referenced_stale hubs/checkout.md ./pricing.md',
    ]);
  });

  it('verifies a component from the working tree and misses when a file becomes tracked', () => {
    const first = ws.nx('run', 'checksum:verify-boundary');
    expect(first.status, first.output).toBe(0);
    ws.write({ 'crates/checksum/NOTES.md': 'not tracked yet\n' });
    const untracked = ws.nx('run', 'checksum:verify-boundary');
    expect(untracked.status, untracked.output).toBe(0);
    expect(taskOutcomes(untracked.output).get('checksum:verify-boundary')).toBe('ran');
    ws.git('add', 'crates/checksum/NOTES.md');
    const tracked = ws.nx('run', 'checksum:verify-boundary');
    expect(tracked.status).not.toBe(0);
    expect(taskOutcomes(tracked.output).get('checksum:verify-boundary')).toBe('ran');
    expect(tracked.output).toContain('MISMATCH checksum.exact');
    expect(readdirSync(join(ws.dir, 'reports/driftgate/crates/checksum')).sort()).toEqual(['verify-boundary.json', 'verify-boundary.sarif', 'verify-boundary.txt', 'verify-boundary.xml']);
    expect(ws.read('reports/driftgate/crates/checksum/verify-boundary.sarif')).toContain('MISMATCH checksum.exact');
  });

  it('misses when only a file\'s execute bit changes, and hits again once it is restored', () => {
    // Undo what the test above tracked, so the component matches its lock again.
    ws.git('rm', '-q', '--cached', '--ignore-unmatch', 'crates/checksum/NOTES.md');
    rmSync(join(ws.dir, 'crates/checksum/NOTES.md'), { force: true });
    const clean = ws.nx('run', 'checksum:verify-boundary');
    expect(clean.status, clean.output).toBe(0);
    const source = join(ws.dir, 'crates/checksum/src/lib.rs');
    chmodSync(source, 0o755);
    const executable = ws.nx('run', 'checksum:verify-boundary');
    expect(taskOutcomes(executable.output).get('checksum:verify-boundary')).toBe('ran');
    expect(executable.status).not.toBe(0);
    expect(executable.output).toContain('MISMATCH checksum.exact');
    chmodSync(source, 0o644);
    const restored = ws.nx('run', 'checksum:verify-boundary');
    expect(restored.status, restored.output).toBe(0);
    expect(allCached(restored.output, ['checksum:verify-boundary'])).toBe(true);
  });
});
