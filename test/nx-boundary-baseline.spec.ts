import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundver } from '../tools/boundver/src/cli-run.test-helpers.js';
import { type NxWorkspace, createNxWorkspace, demoTree, taskOutcomes } from './nx-workspace.js';

// A verification baseline through Nx (`npm run build` first): the plugin option boundaryBaseline
// gives every inferred verify-boundary target the executor's `baseline` option and the file as an
// input, so recorded debt passes, new drift fails, and an edit of the baseline misses the cache.

const BASELINE = 'ci/boundary-baseline.json';
let ws: NxWorkspace;
beforeAll(() => {
  const tree = demoTree();
  const nxJson = JSON.parse(String(tree['nx.json'])) as { plugins: Array<{ options: Record<string, unknown> }> };
  nxJson.plugins[0]!.options['boundaryBaseline'] = BASELINE;
  ws = createNxWorkspace({ ...tree, 'nx.json': `${JSON.stringify(nxJson, null, 2)}\n` });
});
afterAll(() => ws?.dispose());

describe('verify-boundary with a baseline', { timeout: 180_000 }, () => {
  it('infers the option and the input', () => {
    const run = ws.nx('show', 'project', 'pricing', '--json');
    expect(run.status, run.output).toBe(0);
    const target = JSON.parse(run.output.slice(run.output.indexOf('{'))).targets['verify-boundary'];
    expect(target.options.baseline).toBe(BASELINE);
    expect(target.inputs).toContain(`{workspaceRoot}/${BASELINE}`);
  });

  it('fails on drift without the baseline file, passes the recorded debt, fails new drift, and misses when the baseline changes', () => {
    const tiers = ws.read('packages/pricing/src/tiers.ts');
    ws.write({ 'packages/pricing/src/tiers.ts': `${tiers}\nexport const LOYALTY_BONUS = 5;\n` });
    const missing = ws.nx('run', 'pricing:verify-boundary', '--outputStyle=static');
    expect(missing.status).not.toBe(0);
    expect(missing.output).toMatch(/Verification baseline not found: ci\/boundary-baseline\.json/);

    const written = boundver(ws.dir, ['verify', '--source', 'working-tree', '--write-baseline', BASELINE]);
    expect(written.code, written.stdout + written.stderr).toBe(0);
    const first = ws.nx('run', 'pricing:verify-boundary', '--outputStyle=static');
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/Baseline ci\/boundary-baseline\.json: \d+ issues acknowledged/);
    expect(JSON.parse(ws.read('reports/driftgate/packages/pricing/verify-boundary.json')).baseline).toMatchObject({ mode: 'check', file: BASELINE });
    const again = ws.nx('run', 'pricing:verify-boundary', '--outputStyle=static');
    expect(taskOutcomes(again.output).get('pricing:verify-boundary')).toBe('cache');

    // An emptied baseline is another input: the target runs again and the debt fails.
    const document = JSON.parse(ws.read(BASELINE)) as { violations: unknown[] };
    ws.write({ [BASELINE]: `${JSON.stringify({ ...document, violations: [] }, null, 2)}\n` });
    const emptied = ws.nx('run', 'pricing:verify-boundary', '--outputStyle=static');
    expect(taskOutcomes(emptied.output).get('pricing:verify-boundary')).toBe('ran');
    expect(emptied.status).not.toBe(0);
    expect(emptied.output).toMatch(/boundver verify: exit 4 \(boundary drift\)/);
  });

  it('refuses a baseline that is not an input of the cached target', () => {
    const run = ws.nx('run', 'pricing:verify-boundary', '--baseline=other-baseline.json', '--outputStyle=static');
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/--baseline=other-baseline\.json is not an input of this cached target/);
  });
});
