import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { BOUNDVER_BIN, boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { PLAN_SHAPE, shapeErrors } from './support/boundver-output-shapes.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// The pull-request job of docs/ci.md ("Pull requests: … boundver review"), as written there: its
// `run` steps that call boundver or fill the job summary run with bash -e (as GitHub runs them) in
// a repository with a base branch and a pull-request branch, with the job's env, `npx boundver`
// resolved to the built bin, and $GITHUB_STEP_SUMMARY a file.

beforeAll(() => requireBuiltCli());

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

interface Step {
  name?: string;
  run?: string;
}

function reviewJob(): { env: Record<string, string>; steps: Step[] } {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
  const section = /^## Pull requests: .*boundver review.*\n([\s\S]*?)^## /m.exec(doc);
  if (!section) throw new Error('docs/ci.md has no "## Pull requests: … boundver review" section');
  const block = /^```yaml\n([\s\S]*?)^```$/m.exec(section[1]!);
  if (!block) throw new Error('the pull-request section of docs/ci.md has no ```yaml block');
  const workflow = parseYaml(block[1]!) as { jobs: Record<string, { env: Record<string, string>; steps: Step[] }> };
  const jobs = Object.values(workflow.jobs);
  if (jobs.length !== 1) throw new Error('the pull-request workflow of docs/ci.md must have one job');
  return jobs[0]!;
}

/** A main branch with a committed lock, and a pull-request branch that changes a boundary. */
function pullRequest(): { r: TempRepo; base: string; head: string } {
  const config = {
    project: 'shop',
    components: {
      api: { path: 'api', boundary: { provider: 'openapi', paths: ['openapi.yaml'] }, consumers: ['web'] },
      web: { path: 'web', boundary: { provider: 'implicit', paths: [] } },
    },
  };
  const r = createTempRepo({ 'api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n', 'web/app.js': 'export const a = 1;\n', 'boundary.config.json': `${JSON.stringify(config, null, 2)}\n` }, { commit: false });
  cleanups.push(() => r.dispose());
  const lock = () => expect(boundver(r.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
  lock();
  const base = r.commit('main');
  r.git('checkout', '-q', '-b', 'pr');
  r.write({ 'api/openapi.yaml': 'openapi: 3.0.0\npaths:\n  /orders: {}\n' });
  lock();
  const head = r.commit('a new route');
  return { r, base, head };
}

function runSteps(r: TempRepo, env: Record<string, string>): { summary: string; failures: string[] } {
  const job = reviewJob();
  const shims = mkdtempSync(join(tmpdir(), 'driftgate-npx-'));
  cleanups.push(() => rmSync(shims, { recursive: true, force: true }));
  writeFileSync(join(shims, 'npx'), `#!/bin/sh\nif [ "$1" = boundver ]; then shift; exec "${process.execPath}" "${BOUNDVER_BIN}" "$@"; fi\necho "npx $1 is not available here" >&2\nexit 127\n`);
  chmodSync(join(shims, 'npx'), 0o755);
  const summaryFile = join(shims, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const failures: string[] = [];
  const steps = job.steps.filter((step) => step.run !== undefined && /boundver|GITHUB_STEP_SUMMARY/.test(step.run));
  expect(steps.map((step) => step.name)).toEqual(['boundary review', 'job summary']);
  for (const step of steps) {
    const result = spawnSync('bash', ['-e', '-c', step.run!], {
      cwd: r.dir,
      encoding: 'utf8',
      env: { ...process.env, ...GIT_TEST_ENV, ...env, PATH: `${shims}${delimiter}${process.env.PATH ?? ''}`, GITHUB_STEP_SUMMARY: summaryFile },
    });
    if (result.status !== 0) failures.push(`${step.name}: exit ${result.status}: ${result.stderr}`);
  }
  return { summary: readFileSync(summaryFile, 'utf8'), failures };
}

describe("docs/ci.md's pull-request review job", () => {
  it('writes the plan JSON and puts its Markdown summary in the job summary', () => {
    const { r, base, head } = pullRequest();
    const job = reviewJob();
    expect(Object.keys(job.env).sort()).toEqual(['BASE_SHA', 'HEAD_SHA']);
    const { summary, failures } = runSteps(r, { BASE_SHA: base, HEAD_SHA: head });
    expect(failures).toEqual([]);
    const plan = JSON.parse(readFileSync(join(r.dir, 'boundary-plan.json'), 'utf8'));
    expect(shapeErrors(PLAN_SHAPE, plan)).toEqual([]);
    expect(plan.selection.test_components).toEqual(['api', 'web']);
    expect(summary).toContain('## boundver review plan\n');
    expect(summary).toContain('### Changed components\n\n- <code>api</code> (changed): exact, boundary\n');
    expect(summary).toContain('### Impacted components\n\n- <code>web</code>\n');
  });

  it('fails the job (and leaves no summary) when the pull request did not regenerate its lock', () => {
    const { r, base } = pullRequest();
    r.write({ 'web/app.js': 'export const a = 2;\n' });
    const stale = r.commit('edit without a new lock');
    const { summary, failures } = runSteps(r, { BASE_SHA: base, HEAD_SHA: stale });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(new RegExp(`^boundary review: exit 2: boundver: The target endpoint ${stale} is stale`));
    expect(existsSync(join(r.dir, 'boundary-plan.md'))).toBe(false);
    expect(summary).toBe('');
  });
});
