// Black-box tests of what boundver says about the source it read (HEAD, the index, the working
// tree), and of the notes when the working-tree config or lock is not the one read. They run
// the built bin (`npm run build`).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { boundver, requireBuiltCli, verifyJson } from '../tools/boundver/src/cli-run.test-helpers.js';
import type { TempRepo, TreeSpec } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

const tempRepo = tempReposPerTest();
beforeAll(requireBuiltCli);
vi.setConfig({ testTimeout: 240_000 });

function repo(files: TreeSpec, commit = true): TempRepo {
  return tempRepo(files, { commit });
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const EMPTY = { project: '@ws/source', components: {} };
const FILLED = { project: '@ws/source', components: { '@ws/calc': { path: 'packages/calc', boundary: { provider: 'typescript-exports', paths: ['src/index.ts'] } } } };
const CALC: TreeSpec = { 'packages/calc/package.json': '{"name": "@ws/calc"}\n', 'packages/calc/src/index.ts': 'export const calc = 1;\n' };

const CONFIG_AT_HEAD = 'The working-tree boundary.config.json differs from the one at HEAD, which this command read; commit it, or pass --source working-tree to read it.';
const LOCK_AT_HEAD = 'The working-tree boundary.lock.json differs from the one at HEAD, which this command read; commit it, or pass --source working-tree to read it.';

/** The committed config declares no components (what `nx g @driftgate/nx:init` writes); the working tree has one. */
function filledButNotCommitted(): TempRepo {
  const r = repo({ ...CALC, 'boundary.config.json': json(EMPTY) });
  r.write({ 'boundary.config.json': json(FILLED) });
  return r;
}

describe('a config edited but not committed', () => {
  it('generate says it read the committed config, and how to include the working-tree one', () => {
    const r = filledButNotCommitted();
    const run = boundver(r.dir, ['generate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        'boundver: Config is invalid (boundary.config.json at HEAD):',
        '  - Schema validation error at components: must NOT have fewer than 1 properties',
        "  - Field 'components' must define at least one component",
        CONFIG_AT_HEAD,
        '',
      ].join('\n'),
    );
    const included = boundver(r.dir, ['generate', '--source', 'working-tree']);
    expect(included.code, included.stderr).toBe(0);
    expect(included.stderr).toBe('');
  });

  it('validate-config reads HEAD by default, as generate does, and checks the working tree with --source', () => {
    const r = filledButNotCommitted();
    const head = boundver(r.dir, ['validate-config']);
    expect(head.code).toBe(2);
    expect(head.stdout.split('\n')[0]).toBe('CONFIG INVALID: boundary.config.json at HEAD (2 issues):');
    expect(head.stderr).toBe(`boundver: note: ${CONFIG_AT_HEAD}\n`);
    const asJson = boundver(r.dir, ['check-config', '--format', 'json']);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      ok: false,
      config: 'boundary.config.json',
      source: 'head',
      working_tree_differences: [{ kind: 'config', file: 'boundary.config.json', state: 'changed', message: CONFIG_AT_HEAD }],
    });
    expect(boundver(r.dir, ['validate-config', '--source', 'working-tree'])).toMatchObject({ code: 0, stdout: 'Config is valid: boundary.config.json in the working tree.\n', stderr: '' });
    // Once committed, "valid" is what generate sees, and nothing differs.
    r.commit('components');
    expect(boundver(r.dir, ['validate-config'])).toMatchObject({ code: 0, stdout: 'Config is valid: boundary.config.json at HEAD.\n', stderr: '' });
    expect(boundver(r.dir, ['generate']).code).toBe(0);
  });

  it('keeps the documented validate-config flags: --config, --allow-partial, --allow-custom-providers', () => {
    const partial = { ...FILLED, slices: { s: { mode: 'compat', components: ['@ws/calc'] } } };
    const r = repo({ ...CALC, 'configs/boundary.json': json(partial) });
    expect(boundver(r.dir, ['validate-config', '--config', 'configs/boundary.json']).code).toBe(2);
    const run = boundver(r.dir, ['validate-config', '--config', 'configs/boundary.json', '--allow-partial', '--allow-custom-providers']);
    expect(run).toMatchObject({ code: 0, stdout: 'Config is valid: configs/boundary.json at HEAD.\n' });
  });

  it('a config only the working tree has is named in the not-found error', () => {
    const r = repo({ ...CALC, 'README.md': 'x\n' });
    r.write({ 'boundary.config.json': json(FILLED) });
    for (const command of ['generate', 'validate-config']) {
      const run = boundver(r.dir, [command]);
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toBe(
        'boundver: Config file not found: boundary.config.json in the HEAD snapshot. boundary.config.json is in the working tree but not at HEAD, so this command did not read it; commit it, or pass --source working-tree to read it.\n',
      );
    }
    r.git('add', 'boundary.config.json');
    const staged = boundver(r.dir, ['validate-config', '--source', 'index']);
    expect(staged).toMatchObject({ code: 0, stdout: 'Config is valid: boundary.config.json in the index.\n', stderr: '' });
  });

  it('a parse error names the source it was read from', () => {
    const r = repo({ ...CALC, 'boundary.config.json': '{"project": "p",}\n' });
    r.write({ 'boundary.config.json': json(FILLED) });
    const run = boundver(r.dir, ['generate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^boundver: JSON parse error in boundary\.config\.json at HEAD: .* at line 1, column \d+\n/);
    expect(run.stderr).toContain(`\n${CONFIG_AT_HEAD}\n`);
  });
});

describe('verify, status and why against a working tree that moved on', () => {
  /** Config and lock committed; then the working tree gets a second component and a regenerated lock. */
  function movedOn(): TempRepo {
    const r = repo({ ...CALC, 'boundary.config.json': json(FILLED) });
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    r.commit('lock');
    const two = { ...FILLED, components: { ...FILLED.components, docs: { path: 'docs', boundary: { provider: 'implicit' } } } };
    r.write({ 'docs/a.md': 'a\n', 'boundary.config.json': json(two) });
    r.git('add', 'docs');
    expect(boundver(r.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
    return r;
  }

  it('verify reads HEAD, says so in its inputs, and notes the working-tree config and lock on stderr', () => {
    const r = movedOn();
    const run = boundver(r.dir, ['verify']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Inputs: source=head config=HEAD@[0-9a-f]{40}:boundary\.config\.json lock=HEAD@[0-9a-f]{40}:boundary\.lock\.json\n/);
    expect(run.stderr).toBe(`boundver: note: ${CONFIG_AT_HEAD}\nboundver: note: ${LOCK_AT_HEAD}\n`);
    // Machine-readable stdout stays one JSON object; the inputs name the snapshot.
    const verified = verifyJson(r.dir, []);
    expect(verified.json.inputs).toMatchObject({ source: 'head' });
    // --quiet hides the notes of a passing run only.
    expect(boundver(r.dir, ['--quiet', 'verify'])).toMatchObject({ code: 0, stderr: '' });
    expect(boundver(r.dir, ['verify', '--source', 'working-tree'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('a failing verify keeps its notes under --quiet, and names the index for --source index', () => {
    const r = movedOn();
    r.git('add', 'boundary.config.json');
    r.write({ 'packages/calc/src/index.ts': 'export const calc = 2;\n' });
    r.git('add', 'packages/calc/src/index.ts');
    r.write({ 'boundary.config.json': json(FILLED) });
    const run = boundver(r.dir, ['--quiet', 'verify', '--source', 'index']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toBe(
      [
        'boundver: note: The working-tree boundary.config.json differs from the one in the index, which this command read; stage it (git add), or pass --source working-tree to read it.',
        'boundver: note: The working-tree boundary.lock.json differs from the one in the index, which this command read; stage it (git add), or pass --source working-tree to read it.',
        '',
      ].join('\n'),
    );
  });

  it('a lock only the working tree has is noted beside LOCKFILE missing', () => {
    const r = repo({ ...CALC, 'boundary.config.json': json(FILLED) });
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    const run = verifyJson(r.dir, []);
    expect(run.code).toBe(2);
    expect(run.json.issues).toEqual([expect.stringMatching(/^LOCKFILE missing: boundary\.lock\.json is not in the HEAD snapshot\./)]);
    expect(boundver(r.dir, ['verify']).stderr).toBe(
      'boundver: note: boundary.lock.json is in the working tree but not at HEAD, so this command did not read it; commit it, or pass --source working-tree to read it.\n',
    );
  });

  it('status and why say which config and lock they read, in text and JSON', () => {
    const r = movedOn();
    const status = boundver(r.dir, ['status', '--format', 'json']);
    expect(status.code).toBe(0);
    const parsed = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['facet_policy', 'inputs', 'issues', 'lockfile', 'observations', 'warnings', 'working_tree_differences']);
    expect(parsed.inputs).toMatchObject({ source: 'head', config: expect.stringMatching(/^HEAD@[0-9a-f]{40}:boundary\.config\.json$/) });
    expect((parsed.working_tree_differences as Array<{ kind: string }>).map((difference) => difference.kind)).toEqual(['config', 'lock']);
    expect(boundver(r.dir, ['status']).stderr).toBe(`boundver: note: ${CONFIG_AT_HEAD}\nboundver: note: ${LOCK_AT_HEAD}\n`);

    const why = boundver(r.dir, ['why', '@ws/calc']);
    expect(why.code).toBe(0);
    expect(why.stdout).toMatch(/\nConfig: {5}HEAD@[0-9a-f]{40}:boundary\.config\.json\nLock: {7}HEAD@[0-9a-f]{40}:boundary\.lock\.json\n/);
    expect(why.stderr).toBe(`boundver: note: ${CONFIG_AT_HEAD}\nboundver: note: ${LOCK_AT_HEAD}\n`);
    // A component the committed config does not have: the error says where the name is.
    const unknown = boundver(r.dir, ['why', 'docs']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`boundver: Unknown component 'docs'. Known components: @ws/calc.\n${CONFIG_AT_HEAD}\n${LOCK_AT_HEAD}\n`);
    expect(boundver(r.dir, ['why', 'docs', '--source', 'working-tree'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('slice says it read the lock in the working tree', () => {
    const r = repo({ ...CALC, 'boundary.config.json': json({ ...FILLED, slices: { all: { components: ['@ws/calc'] } } }) });
    expect(boundver(r.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
    expect(boundver(r.dir, ['slice', 'all']).stdout).toContain('\n  Lock: boundary.lock.json in the working tree\n');
  });
});
