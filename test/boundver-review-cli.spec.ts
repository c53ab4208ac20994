import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAN_SUMMARY_BYTES, MAX_PLAN_SUMMARY_ROWS, reviewPlanMarkdown, type ReviewPlan } from '@driftgate/boundver';
import { boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { PLAN_SHAPE, REVIEW_SHAPE, shapeErrors } from './support/boundver-output-shapes.js';
import type { TempRepo } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

// `boundver review` through the built bin, on real temporary repositories with a history: each
// endpoint's config and lock read from its own commit, stale endpoints refused (exit 2), facet
// transitions, consumer impact, API changes of a signatures boundary, slices, the plan and its
// bounded Markdown summary, in every format, against the reference's documented shapes.

beforeAll(() => requireBuiltCli());

const tempRepo = tempReposPerTest();

const CORE = 'def split(total: int, parts: int) -> list[int]:\n    return [total // parts] * parts\n';
const config = (extra: Record<string, unknown> = {}) => ({
  project: 'shop',
  components: {
    calc: { path: 'calc', boundary: { provider: 'signatures', paths: [] }, behavior: { paths: ['calc'] }, consumers: ['web'], external_consumers: ['mobile-app'] },
    web: { path: 'web', boundary: { provider: 'implicit', paths: [] }, consumers: ['admin'] },
    admin: { path: 'admin', boundary: { provider: 'implicit', paths: [] } },
    ...extra,
  },
  slices: { checkout: { description: 'what a purchase runs', mode: 'exact', components: ['calc', 'web'] } },
});
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Commits a state and its regenerated lock; returns the commit id. */
function commitLocked(r: TempRepo, message: string): string {
  const generated = boundver(r.dir, ['generate', '--source', 'working-tree']);
  if (generated.code !== 0) throw new Error(generated.stderr);
  return r.commit(message);
}

/** main: the first state; feature (checked out): calc gains an export and changes behavior. */
function history(): { r: TempRepo; base: string; head: string } {
  const r = tempRepo({
    'calc/calc/__init__.py': 'from .core import split\n',
    'calc/calc/core.py': CORE,
    'web/app.js': 'export const page = 1;\n',
    'admin/app.js': 'export const admin = 1;\n',
    'boundary.config.json': json(config()),
  }, { commit: false });
  const base = commitLocked(r, 'first');
  r.git('checkout', '-q', '-b', 'feature');
  r.write({ 'calc/calc/core.py': `${CORE.replace('[total // parts] * parts', '[total // parts for _ in range(parts)]')}\n\ndef total_of(parts: list[int]) -> int:\n    return sum(parts)\n` });
  const head = commitLocked(r, 'calc grows');
  return { r, base, head };
}

interface Review {
  endpoints: { base: { commit: string; requested_commit: string; config: string; lock: string }; target: { commit: string } };
  components: { changed: Array<{ name: string; status: string; facets: Array<{ facet: string; selected: { effective: boolean } }>; metadata: Record<string, unknown> }>; unchanged: string[] };
  consumer_impact: Array<{ component: string; trigger_facets: string[]; components: Array<{ name: string; source: string }>; external_consumers: Array<{ name: string; source: string }>; edges: unknown[]; transitive: boolean }>;
  structural_changes: {
    complete: boolean;
    reports: Array<{ component: string; status: string; summary: Record<string, number>; documents: Array<{ label: string; status: string; changes: Array<{ kind: string; path: string; before_type: string | null; after_type: string | null }> }> }>;
  };
  slices: { changed: Array<{ name: string; status: string }>; unchanged: string[] };
  slice_impact: Array<{ name: string; changed: boolean; components: Array<{ name: string; roles: string[] }> }>;
  summary: Record<string, number>;
}

function review(r: TempRepo, args: string[]): { code: number | null; value: Review; stderr: string } {
  const run = boundver(r.dir, ['review', ...args, '--format', 'json']);
  if (run.code !== 0) return { code: run.code, value: undefined as never, stderr: run.stderr };
  return { code: run.code, value: JSON.parse(run.stdout) as Review, stderr: run.stderr };
}

describe('boundver review', () => {
  it('reports the facets that changed, the API symbols, consumers and slices, in the reference shape (exit 0)', () => {
    const { r, base, head } = history();
    const run = review(r, ['main..feature']);
    expect(run.code, run.stderr).toBe(0);
    const value = run.value;
    expect(shapeErrors(REVIEW_SHAPE, value)).toEqual([]);
    expect(value.endpoints.base).toMatchObject({ commit: base, requested_commit: base, config: `${base}:boundary.config.json`, lock: `${base}:boundary.lock.json` });
    expect(value.endpoints.target.commit).toBe(head);
    expect(value.components.unchanged).toEqual(['admin', 'web']);
    expect(value.components.changed).toHaveLength(1);
    const calc = value.components.changed[0]!;
    expect(calc).toMatchObject({ name: 'calc', status: 'changed' });
    expect(calc.facets.map((facet) => facet.facet)).toEqual(['exact', 'behavior', 'boundary']);
    expect(calc.facets.every((facet) => facet.selected.effective)).toBe(true);
    expect(Object.keys(calc.metadata)).toEqual(['boundary_metadata']);
    // The signatures boundary names what changed: one added export.
    expect(value.structural_changes.complete).toBe(true);
    expect(value.structural_changes.reports).toHaveLength(1);
    expect(value.structural_changes.reports[0]!.documents[0]!.changes).toEqual([{ kind: 'added', path: expect.stringMatching(/total_of$/), before_type: null, after_type: 'string' }]);
    // Direct impact: web and the external consumer, at both endpoints.
    expect(value.consumer_impact).toEqual([
      {
        component: 'calc',
        trigger_facets: ['boundary'],
        graph_changed: false,
        transitive: false,
        components: [{ name: 'web', source: 'both' }],
        external_consumers: [{ name: 'mobile-app', source: 'both' }],
        edges: [
          { from: 'calc', to: 'mobile-app', kind: 'external', source: 'both' },
          { from: 'calc', to: 'web', kind: 'component', source: 'both' },
        ],
      },
    ]);
    expect(value.slices.changed).toEqual([expect.objectContaining({ name: 'checkout', status: 'changed' })]);
    expect(value.slice_impact).toEqual([{ name: 'checkout', source: 'both', changed: true, components: [{ name: 'calc', roles: ['changed'], source: 'both' }, { name: 'web', roles: ['consumer'], source: 'both' }] }]);
    expect(value.summary).toEqual({ changed_components: 1, consumer_impacts: 1, changed_slices: 1, impacted_slices: 1 });

    // --transitive reaches admin through web; --base/--target is the same review.
    const transitive = review(r, ['--base', 'main', '--target', 'feature', '--transitive']).value;
    expect(transitive.consumer_impact[0]!.components).toEqual([{ name: 'admin', source: 'both' }, { name: 'web', source: 'both' }]);
    expect(transitive.consumer_impact[0]!.transitive).toBe(true);
  });

  it('an unchanged range is a complete review (exit 0), and text names the endpoints and the changes', () => {
    const { r, base, head } = history();
    const same = review(r, ['main..main']);
    expect(same.code).toBe(0);
    expect(same.value.components.changed).toEqual([]);
    expect(same.value.summary.changed_components).toBe(0);
    const text = boundver(r.dir, ['review', 'main..feature']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Base: main = ${base}\n`);
    expect(text.stdout).toContain(`Target: feature = ${head}\n`);
    expect(text.stdout).toMatch(/ {2}calc \[changed\]\n {4}exact: [0-9a-f]{12} -> [0-9a-f]{12} \(gated\)\n {4}behavior: .*\n {4}boundary: .*\n {4}metadata: boundary_metadata\n {4}API changes \(signatures\): 1 added, 0 removed, 0 changed\n {6}\+ .*total_of\n {4}consumers: web; external: mobile-app\n/);
    expect(text.stdout).toContain('Review complete; the exit code does not depend on what changed.');
  });

  it('--merge-base compares what the branch changed since it forked', () => {
    const { r, base } = history();
    r.git('checkout', '-q', 'main');
    r.write({ 'admin/app.js': 'export const admin = 2;\n' });
    const mainMoved = commitLocked(r, 'main moves on');
    const plain = review(r, ['main..feature']).value;
    expect(plain.components.changed.map((c) => c.name)).toEqual(['admin', 'calc']);
    const forked = review(r, ['main..feature', '--merge-base']).value;
    expect(forked.endpoints.base).toMatchObject({ requested_commit: mainMoved, commit: base });
    expect(forked.components.changed.map((c) => c.name)).toEqual(['calc']);
  });

  it('refuses a stale endpoint lock with exit 2, naming the commit', () => {
    const { r } = history();
    r.write({ 'web/app.js': 'export const page = 2;\n' });
    const stale = r.commit('web edit without regenerating');
    const run = boundver(r.dir, ['review', 'main..HEAD', '--format', 'json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`The target endpoint ${stale} is stale: its boundary.lock.json does not match commit ${stale}:`);
    expect(run.stderr).toMatch(/MISMATCH web\.exact/);
  });

  it('bad requests are exit 2 with a reason: unknown ref, bad range, both forms, unknown facet', () => {
    const { r } = history();
    const cases: Array<[string[], RegExp]> = [
      [['main..nope'], /Cannot resolve the review endpoints: Cannot resolve the target "nope" to a commit/],
      [['main...feature'], /exactly BASE\.\.TARGET .*--merge-base/],
      [['main'], /exactly BASE\.\.TARGET/],
      [['main..feature', '--base', 'main'], /not both/],
      [[], /Name what to review/],
      [['main..feature', '--facets', 'exact,shape'], /Unknown review facet\(s\): shape/],
    ];
    for (const [args, said] of cases) {
      const run = boundver(r.dir, ['review', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(said);
    }
  });

  it('--facets overrides the policy shown, never what is compared', () => {
    const { r } = history();
    const run = review(r, ['main..feature', '--facets', 'boundary']).value;
    const facets = run.components.changed[0]!.facets;
    expect(facets.map((f) => [f.facet, f.selected.effective])).toEqual([['exact', false], ['behavior', false], ['boundary', true]]);
  });
});

describe('boundver review: structural explanation of canonical boundaries', () => {
  it('compares an openapi-canonical document value by value and points the plan at its file', () => {
    const r = tempRepo({
      'spec/openapi.yaml': 'openapi: 3.0.0\ninfo: {title: shop, version: "1"}\npaths: {}\n',
      'schema/shape.json': '{"type": "object", "required": ["id"]}\n',
      'boundary.config.json': json({
        project: 'shop',
        components: {
          spec: { path: 'spec', boundary: { provider: 'openapi-canonical', paths: ['openapi.yaml'] } },
          schema: { path: 'schema', boundary: { provider: 'json-canonical', paths: ['shape.json'] } },
        },
      }),
    }, { commit: false });
    commitLocked(r, 'first');
    r.write({
      'spec/openapi.yaml': 'openapi: 3.0.0\ninfo: {title: shop, version: "1"}\npaths:\n  /orders:\n    get:\n      responses: {"200": {description: ok}}\n',
      'schema/shape.json': '{"type": "object", "required": ["id", "name"], "title": "Shape"}\n',
    });
    const head = commitLocked(r, 'second');
    const value = review(r, ['HEAD~1..HEAD']).value;
    expect(shapeErrors(REVIEW_SHAPE, value)).toEqual([]);
    const reports = new Map(value.structural_changes.reports.map((report) => [report.component, report]));
    const schema = reports.get('schema')!;
    expect(schema.status).toBe('complete');
    expect(schema.documents).toEqual([
      {
        label: 'canonical:shape.json',
        status: 'changed',
        changes: [
          { kind: 'added', path: '/required/1', before_type: null, after_type: 'string' },
          { kind: 'added', path: '/title', before_type: null, after_type: 'string' },
        ],
      },
    ]);
    expect(schema.summary).toEqual({ added: 2, removed: 0, changed: 0 });
    const spec = reports.get('spec')!;
    expect(spec.status).toBe('complete');
    expect(spec.documents[0]!.label).toBe('canonical:openapi.yaml');
    expect(spec.documents[0]!.changes.some((change) => change.kind === 'added' && change.path.includes('~1orders'))).toBe(true);

    const plan = JSON.parse(boundver(r.dir, ['review', 'HEAD~1..HEAD', '--format', 'plan']).stdout) as ReviewPlan;
    expect(shapeErrors(PLAN_SHAPE, plan)).toEqual([]);
    expect(plan.source_locations).toEqual([
      { component: 'schema', path: 'schema/shape.json', endpoint: 'target', commit: head, kind: 'structural-document' },
      { component: 'spec', path: 'spec/openapi.yaml', endpoint: 'target', commit: head, kind: 'structural-document' },
    ]);
    const text = boundver(r.dir, ['review', 'HEAD~1..HEAD']).stdout;
    expect(text).toContain('    structure (json-canonical): 2 added, 0 removed, 0 changed\n      canonical:shape.json [changed]\n        + /required/1\n        + /title\n');
  });
});

describe('boundver review --format plan and --summary-file', () => {
  it('prints the plan (reference shape) and writes its Markdown summary', () => {
    const { r, head } = history();
    const run = boundver(r.dir, ['review', 'main..feature', '--format', 'plan', '--summary-file', 'out/plan.md']);
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as ReviewPlan;
    expect(shapeErrors(PLAN_SHAPE, plan)).toEqual([]);
    expect(plan.selection).toEqual({
      changed_components: ['calc'],
      impacted_components: ['web'],
      external_consumers: ['mobile-app'],
      test_components: ['calc', 'web'],
      changed_slices: ['checkout'],
      impacted_slices: ['checkout'],
      test_slices: ['checkout'],
    });
    expect(plan.changed_components).toEqual([{ name: 'calc', status: 'changed', facets: expect.any(Array), metadata: ['boundary_metadata'] }]);
    const summary = readFileSync(join(r.dir, 'out/plan.md'), 'utf8');
    expect(summary).toContain('## boundver review plan\n');
    expect(summary).toContain(`- Target: <code>${head}</code>\n`);
    expect(summary).toContain('### Changed components\n\n- <code>calc</code> (changed): exact, behavior, boundary\n');
    expect(summary).toContain('### Impacted components\n\n- <code>web</code>\n');
    expect(summary).toMatch(/All 5 routing rows shown\. The JSON of `boundver review --format plan` is the plan machines should read\.\n$/);
    // --format markdown prints the same summary.
    expect(boundver(r.dir, ['review', 'main..feature', '--format', 'markdown']).stdout).toBe(summary);
    // The summary file does not need --format plan; a failed review writes none.
    expect(boundver(r.dir, ['review', 'main..nope', '--summary-file', 'out/other.md']).code).toBe(2);
    expect(existsSync(join(r.dir, 'out/other.md'))).toBe(false);
  });

  it('caps the summary at 50 rows and 64 KiB, escapes untrusted names, and points back to the JSON', () => {
    const { r } = history();
    const plan = JSON.parse(boundver(r.dir, ['review', 'main..feature', '--format', 'plan']).stdout) as ReviewPlan;
    const many = Array.from({ length: 120 }, (_, i) => `<img src=x onerror=alert(${i})>${'x'.repeat(700)}`);
    const big: ReviewPlan = { ...plan, selection: { ...plan.selection, impacted_components: many } };
    const markdown = reviewPlanMarkdown(big);
    const rows = markdown.split('\n').filter((line) => line.startsWith('- <code>'));
    expect(rows.length).toBe(MAX_PLAN_SUMMARY_ROWS);
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(MAX_PLAN_SUMMARY_BYTES);
    expect(markdown).not.toContain('<img');
    expect(markdown).toContain('&lt;img src=x onerror=alert(0)&gt;');
    expect(markdown).toMatch(/Summary shortened: 50 of 124 routing rows shown; some values were cut\. The complete plan is the JSON of `boundver review --format plan`\.\n$/);
    const tight = reviewPlanMarkdown(big, { maxRows: 1000, maxBytes: 8 * 1024 });
    expect(Buffer.byteLength(tight)).toBeLessThanOrEqual(8 * 1024);
    expect(tight).toMatch(/Summary shortened: \d+ of 124 routing rows shown/);
  });
});
