// Black-box tests of `boundver validate-config`, `generate` options and custom providers. They
// run the built bin (`npm run build`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { framedDigest } from '../libs/boundver/src/hashing/framing.js';
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

const BASIC = { project: 'cfg', components: { a: { path: 'a', boundary: { provider: 'path-hash', paths: ['api'] } } } };

describe('an empty file name', () => {
  it('is refused for --config, --lock and --out, and nothing is written', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json(BASIC) });
    const message = 'An empty file name was given for a config, lock or output file';
    expect(boundver(r.dir, ['generate', '--out', '']).stderr).toContain(message);
    expect(existsSync(join(r.dir, 'boundary.lock.json'))).toBe(false);
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    r.commit('lock');
    for (const args of [['generate', '--out', ' '], ['verify', '--lock', ''], ['verify', '--config', '']]) {
      const run = boundver(r.dir, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(`${run.stdout}${run.stderr}`).toContain(message);
    }
    expect(r.git('status', '--porcelain')).toBe('');
  });
});

describe('validate-config / check-config', () => {
  it('accepts a valid config and checks that its paths select tracked files', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json(BASIC) });
    expect(boundver(r.dir, ['validate-config'])).toMatchObject({ code: 0, stdout: 'Config is valid: boundary.config.json at HEAD.\n', stderr: '' });
    expect(boundver(r.dir, ['check-config', '--format', 'json']).stdout).toBe(json({ ok: true, config: 'boundary.config.json', source: 'head', issues: [], working_tree_differences: [] }));
    r.write({ 'boundary.config.json': json({ ...BASIC, components: { a: { path: 'a', boundary: { provider: 'path-hash', paths: ['api', 'none/*.txt'] } }, b: { path: 'b', boundary: { provider: 'leaf' } } } }) });
    const run = boundver(r.dir, ['validate-config', '--source', 'working-tree']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(
      [
        'CONFIG INVALID: boundary.config.json in the working tree (2 issues):',
        "  - Component 'a' boundary: Declared boundary path matched no tracked files: none/*.txt",
        "  - Component 'b' path is not a tracked directory in the working tree: b",
        '',
      ].join('\n'),
    );
  });

  it('reports schema and semantic rules, and facet availability unless --allow-partial', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json({ ...BASIC, extra: true, slices: { s: { mode: 'compat', components: ['a'] } } }) });
    const run = boundver(r.dir, ['validate-config', '--format', 'json']);
    expect(run.code).toBe(2);
    const issues = (JSON.parse(run.stdout) as { issues: string[] }).issues;
    expect(issues).toEqual(expect.arrayContaining(['Unknown field in config: extra', expect.stringContaining("Slice 's' mode 'compat' requires compat digest from component 'a'")]));
    r.write({ 'boundary.config.json': json({ ...BASIC, slices: { s: { mode: 'compat', components: ['a'] } } }) });
    r.commit('a slice whose mode a member cannot supply');
    expect(boundver(r.dir, ['validate-config']).code).toBe(2);
    expect(boundver(r.dir, ['validate-config', '--allow-partial']).code).toBe(0);
  });

  it('names a path the schema rejects in words, not with the schema\'s regular expression', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json({ ...BASIC, components: { a: { path: '../a', boundary: { provider: 'leaf' } } } }) });
    const run = boundver(r.dir, ['validate-config']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('  - Schema validation error at components.a.path: does not have the form this field requires\n');
    expect(run.stdout).toContain("  - Component 'a' path '../a' must not contain '..' path segments");
    expect(run.stdout).not.toContain('(?!');
  });

  it('parses strictly and falls back to YAML and TOML only for the default name', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': '{"project": "p", "project": "q"}' });
    const duplicate = boundver(r.dir, ['validate-config']);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toBe('boundver: JSON parse error in boundary.config.json at HEAD: Duplicate object key at line 1, column 18\n');
    r.write({ 'boundary.config.json': null, 'boundary.config.yaml': 'project: p\ncomponents:\n  a: &x {path: a, boundary: {provider: leaf}}\n  b: *x\n' });
    const alias = boundver(r.dir, ['validate-config', '--source', 'working-tree']);
    expect(alias.code).toBe(2);
    expect(alias.stderr).toMatch(/^boundver: YAML parse error in boundary\.config\.yaml in the working tree: .*(anchor|alias)/i);
    r.write({ 'boundary.config.yaml': null, 'boundary.config.toml': 'project = "p"\n[components.a]\npath = "a"\n[components.a.boundary]\nprovider = "leaf"\n' });
    expect(boundver(r.dir, ['validate-config', '--source', 'working-tree']).stdout).toBe('Config is valid: boundary.config.toml in the working tree.\n');
    const explicit = boundver(r.dir, ['validate-config', '--source', 'working-tree', '--config', 'boundary.config.json']);
    expect(explicit.code).toBe(2);
    expect(explicit.stderr).toMatch(/^boundver: Config file not found: boundary\.config\.json on disk\./);
  });
});

describe('generate options', () => {
  it('--dry-run writes nothing; --format json prints the status object with the lock', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json(BASIC) });
    const dry = boundver(r.dir, ['generate', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Dry run: boundary\.lock\.json not written/);
    expect(existsSync(join(r.dir, 'boundary.lock.json'))).toBe(false);
    const run = boundver(r.dir, ['generate', '--format', 'json', '--out', 'locks/b.lock.json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const status = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(status)).toEqual(['written', 'dry_run', 'lock_path', 'source', 'commit', 'config', 'components_filter', 'lock', 'working_tree_differences', 'notes']);
    expect(status).toMatchObject({ written: true, dry_run: false, lock_path: 'locks/b.lock.json', source: 'head', config: 'boundary.config.json' });
    expect(JSON.parse(readFileSync(join(r.dir, 'locks', 'b.lock.json'), 'utf8'))).toEqual(status.lock);
  });

  it('--components refreshes a subset of an existing lock, refusing stale unselected entries', () => {
    const config = { project: 'p', components: { a: { path: 'a', boundary: { provider: 'leaf' } }, b: { path: 'b', boundary: { provider: 'leaf' } } } };
    const r = repo({ 'a/x.txt': 'a\n', 'b/x.txt': 'b\n', 'boundary.config.json': json(config) });
    expect(boundver(r.dir, ['generate', '--components', 'a']).stderr).toMatch(/Cannot generate a component subset without an existing boundary-lock\/v3 lockfile/);
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    r.commit('lock');
    r.write({ 'a/x.txt': 'a2\n' });
    r.commit('a');
    const stale = boundver(r.dir, ['generate', '--components', 'b']);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toBe("boundver: Cannot partially generate because unselected component 'a' is stale. Run a full `boundver generate`.\n");
    const refreshed = boundver(r.dir, ['generate', '--components', 'a']);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toContain('Refreshed components: a');
    expect(boundver(r.dir, ['verify', '--source', 'working-tree']).code).toBe(0);
    expect(boundver(r.dir, ['generate', '--components', 'zz']).stderr).toMatch(/Unknown component\(s\): zz/);
  });

  it('exits 2 on usage errors', () => {
    const r = repo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': json(BASIC) });
    expect(boundver(r.dir, ['generate', '--source', 'disk']).code).toBe(2);
    expect(boundver(r.dir, ['verify', '--no-such-flag']).code).toBe(2);
    expect(boundver(r.dir, ['generate', '--config', 'boundary.config.ini']).stderr).toMatch(/Config file not found|Unsupported config file extension/);
  });
});

describe('custom providers (ES modules, opt-in)', () => {
  const PROVIDER = `import { writeFileSync } from 'node:fs';
writeFileSync(new URL('./imported.marker', import.meta.url), 'imported');
export class Upper {
  version = '7';
  async resolve(context) {
    const selection = context.selectPaths(context.paths);
    if (!selection.ok) return { status: 'error', errors: selection.errors };
    const entries = [];
    for (const path of selection.paths) {
      const file = await context.readFile(path);
      entries.push({ label: 'upper:' + path, mode: 'semantic', type: 'value', content: Buffer.from(Buffer.from(file.content).toString('utf8').toUpperCase()) });
    }
    if (context.options?.reverse) entries.reverse();
    return { status: 'ok', entries, metadata: { files: entries.length, component: context.componentName } };
  }
}
`;
  const config = (options: Record<string, unknown> = {}) => ({
    project: 'custom',
    providers: [{ module: './tools/upper.mjs', class: 'Upper' }],
    components: { a: { path: 'a', boundary: { provider: 'custom.Upper', paths: ['api'], options } } },
  });

  it('is never imported without the opt-in', () => {
    const r = repo({ 'a/api/x.txt': 'hello\n', 'a/api/y.txt': 'world\n', 'tools/upper.mjs': PROVIDER, 'boundary.config.json': json(config()) });
    const run = boundver(r.dir, ['generate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Config declares custom providers but loading is not enabled. Pass --allow-custom-providers');
    expect(existsSync(join(r.dir, 'tools', 'imported.marker'))).toBe(false);
    // validate-config gives the same refusal, without importing either, and accepts the config with the opt-in.
    const check = boundver(r.dir, ['validate-config']);
    expect(check.code).not.toBe(0);
    expect(`${check.stdout}${check.stderr}`).toContain('Custom provider loading failed: Config declares custom providers but loading is not enabled. Pass --allow-custom-providers');
    expect(existsSync(join(r.dir, 'tools', 'imported.marker'))).toBe(false);
    expect(boundver(r.dir, ['validate-config', '--allow-custom-providers']).code).toBe(0);
  });

  it('runs with --allow-custom-providers or BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1 and hashes its validated entries', () => {
    const r = repo({ 'a/api/x.txt': 'hello\n', 'a/api/y.txt': 'world\n', 'tools/upper.mjs': PROVIDER, 'boundary.config.json': json(config()) });
    const run = boundver(r.dir, ['generate', '--allow-custom-providers']);
    expect(run.code, run.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8')) as { components: { a: Record<string, unknown> } };
    const expected = framedDigest('boundary', [
      { label: 'upper:api/x.txt', mode: 'semantic', type: 'value', content: Buffer.from('HELLO\n') },
      { label: 'upper:api/y.txt', mode: 'semantic', type: 'value', content: Buffer.from('WORLD\n') },
    ]);
    expect(lock.components.a).toMatchObject({
      boundary_provider: 'custom.Upper',
      boundary_provider_version: '7',
      boundary_status: 'ok',
      fingerprints: { boundary: expected },
      boundary_metadata: { files: 2, component: 'a' },
    });
    r.commit('lock');
    expect(verifyJson(r.dir, []).json.issues).toEqual(['Custom provider loading failed: Config declares custom providers but loading is not enabled. Pass --allow-custom-providers (or the equivalent trusted API argument).']);
    expect(boundver(r.dir, ['verify'], { BOUNDVER_ALLOW_CUSTOM_PROVIDERS: '1' }).code).toBe(0);
  });

  it('fails closed when the result breaks the contract, and refuses more than 100 declarations before importing', () => {
    const r = repo({ 'a/api/x.txt': 'hello\n', 'a/api/y.txt': 'world\n', 'tools/upper.mjs': PROVIDER, 'boundary.config.json': json(config({ reverse: true })) });
    const run = boundver(r.dir, ['generate', '--allow-custom-providers']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/a: Boundary digest failed: the provider returned an invalid result: entries\[1\] label is not strictly greater/);
    const many = { ...config(), providers: Array.from({ length: 101 }, (_, i) => ({ module: './tools/upper.mjs', class: 'Upper', name: `custom.p${i}` })) };
    r.write({ 'boundary.config.json': json(many), 'tools/imported.marker': null });
    r.commit('many');
    const refused = boundver(r.dir, ['generate', '--allow-custom-providers']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('exceeds the 100-provider limit');
    expect(existsSync(join(r.dir, 'tools', 'imported.marker'))).toBe(false);
  });

  it('ends with 2, never a silent 0, when the provider never answers', () => {
    const hang = 'export class Upper { resolve() { return new Promise(() => {}); } }\n';
    const r = repo({ 'a/api/x.txt': 'hello\n', 'tools/upper.mjs': PROVIDER, 'boundary.config.json': json(config()) });
    expect(boundver(r.dir, ['generate', '--allow-custom-providers']).code).toBe(0);
    r.write({ 'tools/upper.mjs': hang });
    r.commit('lock, then a provider that hangs');
    const lockBefore = readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8');
    for (const args of [['verify'], ['verify', '--format', 'json'], ['verify', '--source', 'working-tree'], ['generate']]) {
      const run = boundver(r.dir, [...args, '--allow-custom-providers']);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('the command stopped before it finished');
    }
    expect(readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8')).toBe(lockBefore);
  });
});
