import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import initGenerator from '../executors/src/generators/init/generator.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo, type TreeSpec } from './support/temp-repo.js';

// Black-box tests of `boundver init`, `add`, `remove`, `status`, `diff`, `slice`, `why` and
// `migrate-lock` through the built bin, on real temporary git repositories. Expected digests are
// never hard-coded: they are read back from locks `boundver generate` wrote for the same state.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function bv(cwd: string, args: string[]): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec, commit = true): TempRepo {
  const r = createTempRepo(files, { commit });
  cleanups.push(() => r.dispose());
  return r;
}

const read = (r: TempRepo, path: string): string => readFileSync(join(r.dir, path), 'utf8');
const json = <T = Record<string, unknown>>(text: string): T => JSON.parse(text) as T;

/** Python `json.dumps(value, indent=2)` + LF for our ASCII-escaped configs: JSON.stringify layout, non-ASCII as \uXXXX. */
function pythonIndent2(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

interface LockJson {
  config_digest: string;
  components: Record<string, { version: string | null; fingerprints: Record<'exact' | 'behavior' | 'boundary' | 'compat', string | null> }>;
  slices: Record<string, { description: string; mode: string; components: string[]; fingerprint: string; component_digests: Record<string, string | null> }>;
}

/** A two-component repository with versions, consumers and a slice: api (openapi, behavior) → web. */
function serviceRepo(extra: TreeSpec = {}): TempRepo {
  return repo({
    'services/api/package.json': '{"name": "api", "version": "1.4.2"}\n',
    'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n',
    'services/api/handlers/main.py': 'def handle():\n    return 1\n',
    'services/api/handlers/util.py': 'X = 1\n',
    'web/index.ts': 'export const a = 1;\n',
    'web/app.ts': 'console.log(1);\n',
    'boundary.config.json': `${JSON.stringify(
      {
        project: 'shop',
        components: {
          api: {
            path: 'services/api',
            version_source: { file: 'package.json', field: 'version' },
            boundary: { provider: 'openapi', paths: ['openapi.yaml'] },
            behavior: { paths: ['handlers/main.py'] },
            consumers: ['web'],
            external_consumers: ['partner-x'],
          },
          web: { path: 'web', boundary: { provider: 'typescript-exports', paths: ['index.ts'] }, consumers: [] },
        },
        slices: { everything: { description: 'all of it', mode: 'exact', components: ['api', 'web'] } },
      },
      null,
      2,
    )}\n`,
    ...extra,
  });
}

/** Generates and commits the lock; returns the commit that introduced it. */
function lockIn(r: TempRepo): string {
  const run = bv(r.dir, ['generate']);
  expect(run.status, run.stderr).toBe(0);
  return r.commit('lock');
}

describe('boundver init (spec §12)', () => {
  it('writes a starter config, refuses to overwrite it (exit 2) unless --force, and writes JSON only', () => {
    const r = repo({ 'README.md': 'x\n' });
    const first = bv(r.dir, ['init']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created boundary.config.json with 1 component');
    const text = read(r, 'boundary.config.json');
    expect(text).toBe(
      pythonIndent2({
        $schema: 'https://raw.githubusercontent.com/yzm1/boundver/v0.14.1/boundary.config.schema.json',
        project: basename(r.dir),
        defaults: { compat_mode: 'major' },
        components: { 'example-component': { path: 'src', version_source: null, boundary: { provider: 'implicit', paths: [] } } },
      }),
    );
    writeFileSync(join(r.dir, 'boundary.config.json'), '{"mine": true}\n');
    const again = bv(r.dir, ['init']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('Config already exists: boundary.config.json. Pass --force');
    expect(read(r, 'boundary.config.json')).toBe('{"mine": true}\n');
    expect(bv(r.dir, ['init', '--force']).status).toBe(0);
    expect(read(r, 'boundary.config.json')).toBe(text);
    const yaml = bv(r.dir, ['init', '--out', 'boundary.config.yaml']);
    expect(yaml.status).toBe(2);
    expect(yaml.stderr).toContain('only writes JSON configs');
  });

  it('refuses to write a JSON config that would take the place of a YAML or TOML one', () => {
    const toml = 'project = "t"\n[components.a]\npath = "a"\nboundary = { provider = "leaf" }\n';
    const r = repo({ 'a/x.txt': 'x\n', 'boundary.config.toml': toml });
    const run = bv(r.dir, ['init']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Config already exists: boundary.config.toml, which the commands read while there is no boundary.config.json');
    expect(existsSync(join(r.dir, 'boundary.config.json'))).toBe(false);
    expect(bv(r.dir, ['init', '--force']).status).toBe(0);
    expect(existsSync(join(r.dir, 'boundary.config.json'))).toBe(true);
  });

  it('--discover proposes components from tracked manifests with versions and detected providers', () => {
    const r = repo({
      'services/api/package.json': '{"version": "2.0.0"}\n',
      'services/api/openapi.yaml': 'openapi: 3.0.0\n',
      'services/api/node_modules/dep/package.json': '{}\n',
      'tools/py/pyproject.toml': '[project]\nversion = "0.1.0"\n',
      'tools/py/__init__.py': '',
      'crates/core/Cargo.toml': '[package]\nversion = "1.0.0"\n',
      'crates/core/schema.json': '{}\n',
      'go/api/go.mod': 'module x\n',
      'go/api/index.ts': '',
      'other/api/package.json': '{"version": "3.0.0"}\n',
      'build/x/package.json': '{}\n',
    });
    const run = bv(r.dir, ['init', '--discover']);
    expect(run.status, run.stderr).toBe(0);
    const config = json<{ components: Record<string, unknown> }>(read(r, 'boundary.config.json'));
    expect(config.components).toEqual({
      api: { path: 'other/api', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'implicit', paths: [] } },
      'api-2': { path: 'services/api', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'openapi', paths: ['openapi.yaml'] } },
      py: { path: 'tools/py', version_source: { file: 'pyproject.toml', field: 'project.version' }, boundary: { provider: 'signatures', paths: [] } },
      core: { path: 'crates/core', version_source: { file: 'Cargo.toml', field: 'package.version' }, boundary: { provider: 'json-file', paths: ['schema.json'] } },
      'api-3': { path: 'go/api', version_source: null, boundary: { provider: 'signatures', paths: ['index.ts'] } },
    });
    expect(Object.keys(config.components)).toEqual(['api', 'api-2', 'py', 'core', 'api-3']);
    // The proposal is a config the engine accepts as it stands.
    expect(bv(r.dir, ['validate-config', '--source', 'working-tree']).status).toBe(0);
    expect(bv(r.dir, ['generate', '--source', 'working-tree', '--dry-run']).status).toBe(0);
  });

  it('--discover maps a root manifest to src/ and fails (exit 2) when nothing is found', () => {
    const r = repo({ 'package.json': '{"version": "1.0.0"}\n', 'src/index.ts': 'export {};\n' });
    expect(bv(r.dir, ['init', '--discover']).status).toBe(0);
    expect(json<{ components: Record<string, unknown> }>(read(r, 'boundary.config.json')).components).toEqual({
      [basename(r.dir)]: { path: 'src', version_source: null, boundary: { provider: 'signatures', paths: ['index.ts'] } },
    });
    const empty = repo({ 'notes.txt': 'x\n' });
    const none = bv(empty.dir, ['init', '--discover']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('No tracked component could be discovered');
  });

  it('--discover names the manifests that are on disk but not tracked yet (a library generated, not yet added)', () => {
    // `create-nx-workspace --preset=ts` then `nx g @nx/js:lib packages/calc`: the library is untracked.
    const r = repo({ 'package.json': '{"name": "@ws/source", "private": true}\n', 'nx.json': '{}\n', '.gitignore': 'dist\n' });
    r.write({
      'packages/calc/package.json': '{"name": "@ws/calc", "version": "0.0.1"}\n',
      'packages/calc/src/index.ts': "export * from './lib/calc';\n",
      'dist/out/package.json': '{}\n',
    });
    const run = bv(r.dir, ['init', '--discover']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('found packages/calc/package.json, but it is not tracked: git add it (`git add packages/calc`), then run `boundver init --discover` again');
    expect(run.stderr).not.toContain('dist/out');
    expect(existsSync(join(r.dir, 'boundary.config.json'))).toBe(false);
    r.git('add', 'packages/calc');
    expect(bv(r.dir, ['init', '--discover']).status).toBe(0);
  });
});

describe('boundver init --discover after nx g @driftgate/nx:init', () => {
  /** A fresh `create-nx-workspace --preset=ts` with `nx g @nx/js:lib packages/calc`, after `nx g @driftgate/nx:init`. */
  function nxWorkspace(config: unknown = { project: '@ws/source', components: {} }): TempRepo {
    return repo({
      'package.json': '{"name": "@ws/source", "version": "0.0.0", "private": true, "workspaces": ["packages/*"]}\n',
      'nx.json': '{"plugins": ["@driftgate/nx/plugin"]}\n',
      'packages/calc/package.json': '{"name": "@ws/calc", "version": "0.0.1"}\n',
      'packages/calc/src/index.ts': "export * from './lib/calc';\n",
      'packages/calc/src/lib/calc.ts': 'export const calc = (): number => 1;\n',
      'boundary.config.json': `${JSON.stringify(config, null, 2)}\n`,
    });
  }

  it('fills the config nx:init writes, keeping its keys, and names components after their Nx projects', async () => {
    // The config exactly as the generator writes it for this workspace.
    const tree = createTreeWithEmptyWorkspace();
    tree.write('package.json', '{"name": "@ws/source"}');
    await initGenerator(tree, { skipFormat: true });
    const written = json<{ project: string; components: Record<string, unknown> }>(tree.read('boundary.config.json', 'utf-8')!);
    expect(written).toEqual({ project: '@ws/source', components: {} });
    // A key the user added in between stays where it is.
    const r = nxWorkspace({ project: written.project, defaults: { verify_facets: ['exact'] }, components: written.components });
    const run = bv(r.dir, ['init', '--discover']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('Filled the empty boundary.config.json with 1 component discovered from manifests: @ws/calc.');
    expect(read(r, 'boundary.config.json')).toBe(
      pythonIndent2({
        project: '@ws/source',
        defaults: { verify_facets: ['exact'] },
        components: { '@ws/calc': { path: 'packages/calc', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'signatures', paths: ['src/index.ts'] } } },
      }),
    );
    // Filled once, the config has components: a second run refuses as for any config.
    const again = bv(r.dir, ['init', '--discover']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('Config already exists: boundary.config.json. Pass --force');
    expect(bv(r.dir, ['generate', '--source', 'working-tree']).status).toBe(0);
    r.commit('components');
    expect(bv(r.dir, ['verify', '--components', '@ws/calc']).status).toBe(0);
  });

  it('names the component of the root manifests after the root package, as the plugin names the workspace project', () => {
    const r = nxWorkspace();
    r.write({ 'src/main.ts': 'export {};\n', 'apps/web/project.json': '{"name": "web"}\n', 'apps/web/package.json': '{"name": "@ws/web"}\n' });
    r.commit('a root source directory and an app');
    expect(bv(r.dir, ['init', '--discover']).status).toBe(0);
    expect(Object.keys(json<{ components: Record<string, unknown> }>(read(r, 'boundary.config.json')).components)).toEqual(['web', '@ws/source', '@ws/calc']);
  });

  it('still refuses a config that has components, and says how to fill an empty one without --discover', () => {
    const r = nxWorkspace();
    const plain = bv(r.dir, ['init']);
    expect(plain.status).toBe(2);
    expect(plain.stderr).toBe(
      'boundver: Config already exists: boundary.config.json. It declares no components yet: fill it with `boundver init --discover` or `boundver add`, or pass --force to overwrite it.\n',
    );
    const configured = nxWorkspace({ project: '@ws/source', components: { calc: { path: 'packages/calc', boundary: { provider: 'implicit' } } } });
    const before = read(configured, 'boundary.config.json');
    const refused = bv(configured.dir, ['init', '--discover']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Config already exists: boundary.config.json. Pass --force to overwrite it');
    expect(read(configured, 'boundary.config.json')).toBe(before);
    expect(bv(configured.dir, ['init', '--discover', '--force']).status).toBe(0);
    expect(Object.keys(json<{ components: Record<string, unknown> }>(read(configured, 'boundary.config.json')).components)).toEqual(['@ws/calc']);
  });
});

describe('boundver add / remove (spec §12)', () => {
  const original = {
    project: 'caf\u00e9',
    $schema: 'x',
    components: { core: { note: 'n\u00e9', path: 'core', boundary: { provider: 'implicit' } }, lib: { path: 'lib', boundary: { provider: 'leaf' } } },
    slices: { pair: { components: ['core', 'lib'] }, closure: { closure_of: 'core' } },
    defaults: { verify_facets: ['exact'] },
  };

  function editable(): TempRepo {
    return repo({
      'core/a.txt': 'a\n',
      'lib/b.txt': 'b\n',
      'svc/api/a.json': '{}\n',
      'svc/api/b.json': '{}\n',
      'svc/api/c,d.json': '{}\n',
      'boundary.config.json': `${JSON.stringify(original)}\n`,
    });
  }

  it('add appends the component, keeps every other key and its order, and writes 2-space JSON', () => {
    const r = editable();
    const run = bv(r.dir, ['add', 'api', 'svc/api/', '--provider', 'json-file', '--paths', ' a.json , b.json,', '--boundary-path', 'c,d.json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe("Added component 'api' at path 'svc/api' to boundary.config.json.\nRun: boundver generate --components api\n");
    const expected = structuredClone(original) as { components: Record<string, unknown> };
    expected.components.api = { path: 'svc/api', version_source: null, boundary: { provider: 'json-file', paths: ['a.json', 'b.json', 'c,d.json'] } };
    expect(read(r, 'boundary.config.json')).toBe(pythonIndent2(expected));
    expect(bv(r.dir, ['validate-config', '--source', 'working-tree']).status).toBe(0);
  });

  it('add refuses duplicates, unaddressable names, invalid results and missing paths with exit 2, writing nothing', () => {
    const r = editable();
    const before = read(r, 'boundary.config.json');
    const cases: Array<[string[], string]> = [
      [['add', 'core', 'svc/api'], "Component 'core' already exists"],
      [['add', 'a,b', 'svc/api'], 'is not addressable'],
      [['add', 'api', 'svc/api', '--provider', 'json-file'], "Adding 'api' would leave an invalid config"],
      [['add', 'api', 'svc/api', '--provider', 'no-such-provider'], 'Unknown boundary provider'],
      [['add', 'api', 'svc/nope'], 'path not found: svc/nope'],
      [['add', 'api', 'svc/api', '--provider', 'json-file', '--paths', 'missing.json'], 'boundary path not found: svc/api/missing.json'],
      [['add', 'api', '../outside'], 'Invalid component path'],
    ];
    for (const [args, message] of cases) {
      const run = bv(r.dir, args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
    expect(read(r, 'boundary.config.json')).toBe(before);
  });

  it('remove drops the component and its explicit slice memberships; refuses what would break the config', () => {
    const r = editable();
    const closure = bv(r.dir, ['remove', 'core']);
    expect(closure.status).toBe(2);
    expect(closure.stderr).toContain("Removing 'core' would leave an invalid config");
    const unknown = bv(r.dir, ['remove', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Component 'nope' not found in boundary.config.json. Known components: core, lib.");
    const run = bv(r.dir, ['remove', 'lib']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe("Removed component 'lib' from boundary.config.json.\nAlso removed it from slice: pair.\nRun: boundver generate\n");
    const expected = structuredClone(original) as { components: Record<string, unknown>; slices: { pair: { components: string[] } } };
    delete expected.components.lib;
    expected.slices.pair.components = ['core'];
    expect(read(r, 'boundary.config.json')).toBe(pythonIndent2(expected));
  });

  it('edits only JSON configs and needs a config', () => {
    const r = repo({ 'core/a.txt': 'a\n', 'boundary.config.yaml': 'project: p\ncomponents:\n  core:\n    path: core\n    boundary: {provider: implicit}\n' });
    const run = bv(r.dir, ['remove', 'core']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('`boundver remove` only writes JSON configs; boundary.config.yaml is not one');
    const bare = repo({ 'x.txt': 'x\n' });
    const missing = bv(bare.dir, ['add', 'x', 'x']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Config file not found: boundary.config.json. Create one with `boundver init`');
  });
});

describe('boundver slice and diff (spec §12, §13)', () => {
  it('slice prints the locked fingerprint and member digests; unknown slice or missing lock exit 2', () => {
    const r = serviceRepo();
    expect(bv(r.dir, ['slice', 'everything']).status).toBe(2);
    lockIn(r);
    const lock = json<LockJson>(read(r, 'boundary.lock.json'));
    const run = bv(r.dir, ['slice', 'everything', '--format', 'json']);
    expect(run.status, run.stderr).toBe(0);
    const slice = lock.slices.everything!;
    expect(json(run.stdout)).toEqual({
      name: 'everything',
      description: 'all of it',
      mode: 'exact',
      fingerprint: slice.fingerprint,
      components: [
        { name: 'api', version: '1.4.2', digest: lock.components.api!.fingerprints.exact },
        { name: 'web', version: null, digest: lock.components.web!.fingerprints.exact },
      ],
    });
    // Keys sorted, two-space indent, trailing newline (the reference's JSON output).
    expect(run.stdout.startsWith('{\n  "components": [\n')).toBe(true);
    const text = bv(r.dir, ['slice', 'everything']);
    expect(text.stdout).toContain(`  Fingerprint: ${slice.fingerprint}\n`);
    expect(text.stdout).toContain(`    api @ 1.4.2  (${lock.components.api!.fingerprints.exact!.slice(0, 12)}...)\n`);
    expect(text.stdout).toContain('    web @ unversioned  (');
    const unknown = bv(r.dir, ['slice', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Slice 'nope' not found in the lockfile. Available: everything.");
  });

  it('diff reports added, removed and changed components and slices from two real locks (exit 0)', () => {
    const r = serviceRepo();
    expect(bv(r.dir, ['generate', '--out', 'old.lock.json']).status).toBe(0);
    // Behavior change in api, a new component, web removed from the slice, a new slice.
    r.write({ 'services/api/handlers/main.py': 'def handle():\n    return 2\n', 'extra/x.txt': 'x\n' });
    const config = json<{ components: Record<string, unknown>; slices: Record<string, unknown> }>(read(r, 'boundary.config.json'));
    config.components.extra = { path: 'extra', boundary: { provider: 'implicit' } };
    config.slices = { everything: { description: 'all of it', mode: 'exact', components: ['api', 'extra'] }, api: { mode: 'behavior', components: ['api'] } };
    r.write({ 'boundary.config.json': JSON.stringify(config) });
    r.commit('change');
    expect(bv(r.dir, ['generate', '--out', 'new.lock.json']).status).toBe(0);
    const before = json<LockJson>(read(r, 'old.lock.json'));
    const after = json<LockJson>(read(r, 'new.lock.json'));
    const run = bv(r.dir, ['diff', 'old.lock.json', 'new.lock.json', '--format', 'json']);
    expect(run.status, run.stderr).toBe(0);
    expect(json(run.stdout)).toEqual({
      changed_metadata: { config_digest: { old: before.config_digest, new: after.config_digest } },
      components: {
        added: [{ name: 'extra', version: null }],
        removed: [],
        changed: [
          {
            name: 'api',
            old_version: '1.4.2',
            new_version: '1.4.2',
            changed_facets: {
              exact: { old: before.components.api!.fingerprints.exact, new: after.components.api!.fingerprints.exact },
              behavior: { old: before.components.api!.fingerprints.behavior, new: after.components.api!.fingerprints.behavior },
            },
            changed_metadata: {},
            summary: 'behavioral artifacts changed; declared boundary artifact is unchanged',
          },
        ],
        unchanged: ['web'],
      },
      slices: {
        added: [{ name: 'api', fingerprint: after.slices.api!.fingerprint }],
        removed: [],
        changed: [
          {
            name: 'everything',
            old: before.slices.everything!.fingerprint,
            new: after.slices.everything!.fingerprint,
            changed_metadata: {
              component_digests: { old: before.slices.everything!.component_digests, new: after.slices.everything!.component_digests },
              components: { old: ['api', 'web'], new: ['api', 'extra'] },
            },
          },
        ],
        unchanged: [],
      },
    });
    const text = bv(r.dir, ['diff', 'old.lock.json', 'new.lock.json']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('  ADDED:\n    + extra @ unversioned\n');
    expect(text.stdout).toContain('    ~ api\n      behavioral artifacts changed; declared boundary artifact is unchanged\n');
    expect(text.stdout).toContain('  UNCHANGED: 1 component\n');
    expect(text.stdout).toContain('  SLICES ADDED:\n    + api\n');
    const same = bv(r.dir, ['diff', 'new.lock.json', 'new.lock.json']);
    expect(same.stdout).toBe('\n  UNCHANGED: 3 components\n\n  SLICES UNCHANGED: api, everything\n\n  No differences.\n');
  });

  it('diff accepts a semantic-config v1 lock as history but exits 2 for missing, malformed or v2-schema locks', () => {
    const r = serviceRepo();
    lockIn(r);
    const lock = json<Record<string, unknown>>(read(r, 'boundary.lock.json'));
    writeFileSync(join(r.dir, 'v1contract.json'), JSON.stringify({ ...lock, config_contract: 'boundver-semantic-config/v1' }));
    writeFileSync(join(r.dir, 'v2schema.json'), JSON.stringify({ ...lock, schema: 'boundary-lock/v2' }));
    writeFileSync(join(r.dir, 'broken.json'), '{"schema": ');
    const history = bv(r.dir, ['diff', 'v1contract.json', 'boundary.lock.json', '--format', 'json']);
    expect(history.status, history.stderr).toBe(0);
    expect(json<{ changed_metadata: unknown }>(history.stdout).changed_metadata).toEqual({
      config_contract: { old: 'boundver-semantic-config/v1', new: 'boundver-semantic-config/v2' },
    });
    for (const [file, message] of [
      ['missing.json', 'The old lockfile was not found: missing.json'],
      ['v2schema.json', 'must be regenerated'],
      ['broken.json', 'LOCKFILE malformed'],
    ] as const) {
      const run = bv(r.dir, ['diff', file, 'boundary.lock.json']);
      expect(run.status, file).toBe(2);
      expect(run.stderr, file).toContain(message);
    }
  });
});

describe('boundver migrate-lock (spec §12)', () => {
  it('a current lock needs nothing; v1/v2 and semantic-config v1 must be regenerated (exit 2, untouched)', () => {
    const r = serviceRepo();
    lockIn(r);
    const bytes = read(r, 'boundary.lock.json');
    const none = bv(r.dir, ['migrate-lock']);
    expect(none).toMatchObject({ status: 0, stdout: 'Lockfile is already normalized: boundary.lock.json; no changes written.\n' });
    expect(read(r, 'boundary.lock.json')).toBe(bytes);
    const lock = json<Record<string, unknown>>(bytes);
    for (const [variant, message] of [
      [{ ...lock, schema: 'boundary-lock/v1' }, 'boundary-lock/v1 does not bind'],
      [{ ...lock, schema: 'boundary-lock/v2' }, 'boundary-lock/v2 does not bind'],
      [{ ...lock, config_contract: 'boundver-semantic-config/v1' }, "semantic configuration contract 'boundver-semantic-config/v1'"],
    ] as const) {
      const text = JSON.stringify(variant);
      writeFileSync(join(r.dir, 'old.lock.json'), text);
      const run = bv(r.dir, ['migrate-lock', '--lock', 'old.lock.json']);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Run `boundver generate`');
      expect(read(r, 'old.lock.json')).toBe(text);
    }
    expect(bv(r.dir, ['migrate-lock', '--lock', 'nope.json']).status).toBe(2);
  });

  it('normalizes legacy metadata atomically to the canonical bytes; --dry-run only prints them', () => {
    const r = serviceRepo();
    lockIn(r);
    const canonical = read(r, 'boundary.lock.json');
    const legacy = JSON.stringify({ generated_at: '2024-01-01T00:00:00Z', ...json(canonical) }, null, 4);
    writeFileSync(join(r.dir, 'legacy.lock.json'), legacy);
    const dry = bv(r.dir, ['migrate-lock', '--lock', 'legacy.lock.json', '--dry-run']);
    expect(dry).toEqual({ status: 0, stdout: canonical, stderr: 'Would normalize legacy.lock.json: removed legacy generated_at metadata.\n' });
    expect(read(r, 'legacy.lock.json')).toBe(legacy);
    const run = bv(r.dir, ['migrate-lock', '--lock', 'legacy.lock.json']);
    expect(run.status).toBe(0);
    expect(read(r, 'legacy.lock.json')).toBe(canonical);
  });

  it('--explain compares 0.10 selectors (fnmatch across "/") with the segment-aware contract', () => {
    const r = repo({
      'c/a.ts': '',
      'c/deep/b.ts': '',
      'c/deep/c.ts': '',
      'c/api/x.json': '',
      'boundary.config.json': JSON.stringify({
        project: 'p',
        components: {
          c: { path: 'c', boundary: { provider: 'typescript-exports', paths: ['*.ts', 'api/'] }, behavior: { paths: ['deep/*.ts'] } },
          h: { path: 'c', boundary: { provider: 'path-hash', paths: ['*.ts'] } },
          l: { path: 'c', boundary: { provider: 'leaf' } },
        },
      }),
    });
    writeFileSync(join(r.dir, 'v2.lock.json'), JSON.stringify({ schema: 'boundary-lock/v2', components: {} }));
    const run = bv(r.dir, ['migrate-lock', '--lock', 'v2.lock.json', '--explain', '--format', 'json']);
    expect(run.status, run.stderr).toBe(0);
    const analysis = json<{ lock: Record<string, unknown>; source: Record<string, unknown>; summary: Record<string, number>; declarations: Array<Record<string, unknown>> }>(run.stdout);
    expect(analysis.lock).toMatchObject({ path: 'v2.lock.json', source_schema: 'boundary-lock/v2', action: 'regenerate' });
    expect(analysis.source).toEqual({ mode: 'head', tree_oid: r.git('rev-parse', 'HEAD^{tree}') });
    expect(analysis.summary).toMatchObject({ declaration_count: 4, compared_declaration_count: 3, uncompared_declaration_count: 1, changed_declaration_count: 1, legacy_only_match_count: 2 });
    const glob = analysis.declarations.find((item) => item.component === 'c' && item.selector === '*.ts');
    expect(glob).toMatchObject({ facet: 'boundary', analysis_status: 'compared', impact: 'narrowed', legacy_match_count: 3, current_match_count: 1, legacy_only_examples: ['deep/b.ts', 'deep/c.ts'] });
    expect(analysis.declarations.find((item) => item.selector === 'api/')).toMatchObject({ selector_kind: 'literal', impact: 'unchanged', legacy_match_count: 1 });
    expect(analysis.declarations.find((item) => item.component === 'h')).toMatchObject({ analysis_status: 'legacy-rejected', impact: 'not-comparable' });
    const text = bv(r.dir, ['migrate-lock', '--lock', 'v2.lock.json', '--explain']);
    expect(text.stdout).toContain('  c.boundary "*.ts": narrowed (v0.10=3, current=1)\n    - legacy only: deep/b.ts\n');
    expect(read(r, 'v2.lock.json')).toBe(JSON.stringify({ schema: 'boundary-lock/v2', components: {} }));
  });
});

describe('boundver status (spec §12, §13)', () => {
  it('summarizes the lock; --strict is 0 when current and graded on drift; JSON carries the parsed lock', () => {
    const r = serviceRepo();
    lockIn(r);
    const clean = bv(r.dir, ['status', '--strict']);
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toContain(`Inputs: config=HEAD@${r.git('rev-parse', 'HEAD')}:boundary.config.json lock=HEAD@`);
    expect(clean.stdout).toContain('  Project: shop\n  Source: head\n  Components: 2\n  Slices: 1\n');
    expect(clean.stdout).toContain('    api -> components: web\n    api -> external consumers: partner-x\n');
    expect(clean.stdout).toContain('  UP TO DATE');
    const data = json<{ lockfile: unknown; issues: string[]; warnings: string[]; observations: string[]; facet_policy: { components: Record<string, string[]> } }>(
      bv(r.dir, ['status', '--format', 'json']).stdout,
    );
    expect(data.lockfile).toEqual(json(read(r, 'boundary.lock.json')));
    expect(data).toMatchObject({ issues: [], warnings: [], observations: [] });
    expect(data.facet_policy.components).toEqual({ api: ['behavior', 'boundary', 'compat', 'exact'], web: ['boundary', 'exact'] });

    r.write({ 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {/x: {}}\n' });
    r.commit('boundary change');
    const drift = bv(r.dir, ['status']);
    expect(drift.status).toBe(0);
    expect(drift.stdout).toContain('  DRIFT DETECTED (');
    expect(drift.stdout).toContain('    MISMATCH api.boundary: lockfile=');
    expect(bv(r.dir, ['status', '--strict']).status).toBe(4);
    // The working tree is its own source: an unstaged fix is seen there, not at HEAD.
    r.write({ 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n' });
    expect(bv(r.dir, ['status', '--strict', '--source', 'working-tree']).status).toBe(0);
    expect(bv(r.dir, ['status', '--strict', '--source', 'head']).status).toBe(4);
  });

  it('reports recorded warnings (implicit partial) and fails --strict on them; a missing lock exits 2', () => {
    const r = repo({ 'core/a.txt': 'a\n', 'boundary.config.json': JSON.stringify({ project: 'p', components: { core: { path: 'core', boundary: { provider: 'implicit' } } } }) });
    const missing = bv(r.dir, ['status']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('No lockfile found at boundary.lock.json in the HEAD snapshot');
    lockIn(r);
    const run = bv(r.dir, ['status', '--format', 'json', '--strict']);
    expect(run.status).toBe(1);
    expect(json<{ warnings: string[] }>(run.stdout).warnings).toEqual(['core: boundary partial - No boundary paths declared for implicit boundary']);
    expect(bv(r.dir, ['status']).status).toBe(0);
  });

  it('keeps hostile names terminal-safe and reports an invalid lock as LOCKFILE issues (exit 2 under --strict)', () => {
    const evil = 'ev\u001b[31mil\u202e';
    const r = repo({ 'core/a.txt': 'a\n', 'boundary.config.json': JSON.stringify({ project: 'p', components: { [evil]: { path: 'core', boundary: { provider: 'leaf' } } } }) });
    lockIn(r);
    const run = bv(r.dir, ['status']);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('\u202e');
    expect(run.stdout).toContain('ev\\x1b[31mil\\u202e: core @ unversioned  leaf/ok');
    writeFileSync(join(r.dir, 'boundary.lock.json'), '{"schema": "boundary-lock/v3", "components": {}}');
    const invalid = bv(r.dir, ['status', '--source', 'working-tree', '--strict']);
    expect(invalid.status).toBe(2);
    expect(invalid.stdout).toContain('LOCKFILE INVALID:\n  LOCKFILE');
  });
});

describe('boundver why (spec §12, §13)', () => {
  it('up to date: exit 0; unknown component or a component absent from the lock: exit 2', () => {
    const r = serviceRepo();
    lockIn(r);
    const run = bv(r.dir, ['why', 'api']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Status: UP TO DATE -- no fingerprint or metadata drift detected.');
    const unknown = bv(r.dir, ['why', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown component 'nope'. Known components: api, web.");
    const config = json<{ components: Record<string, unknown> }>(read(r, 'boundary.config.json'));
    config.components.extra = { path: 'extra', boundary: { provider: 'leaf' } };
    r.write({ 'boundary.config.json': JSON.stringify(config), 'extra/x.txt': 'x\n' });
    r.commit('new component');
    const absent = bv(r.dir, ['why', 'extra']);
    expect(absent.status).toBe(2);
    expect(absent.stderr).toContain("Component 'extra' is not in the lockfile");
  });

  it('exact-only drift: exit 1, implementation-only summary, changed files since the lock entry was introduced', () => {
    const r = serviceRepo();
    const lockCommit = lockIn(r);
    r.write({ 'services/api/handlers/util.py': 'X = 2\n', 'web/app.ts': 'console.log(2);\n' });
    r.commit('edit util');
    r.write({ 'services/api/new.txt': 'n\n' });
    r.commit('add file');
    const locked = json<LockJson>(read(r, 'boundary.lock.json')).components.api!;
    const run = bv(r.dir, ['why', 'api', '--format', 'json']);
    expect(run.status, run.stderr).toBe(1);
    const why = json<Record<string, unknown>>(run.stdout);
    expect(why).toMatchObject({
      component: 'api',
      path: 'services/api',
      source: 'head',
      version: '1.4.2',
      drifted: true,
      observed_drift: true,
      gated_changes: ['exact'],
      non_gating_changes: [],
      metadata_changes: {},
      digest_errors: [],
      summary: 'implementation-only by declaration: exact content changed; declared behavior and boundary artifacts are unchanged',
      changed_files: [
        { status: 'M', path: 'services/api/handlers/util.py' },
        { status: 'A', path: 'services/api/new.txt' },
      ],
      changed_files_status: 'ok',
      changed_files_error: null,
      diagnostic_base: lockCommit,
      diagnostic_base_origin: 'commit that introduced the current lock entry for api',
      affected_consumers: [],
      transitive_consumers: false,
    });
    expect((why.changes as Record<string, { locked: string }>).exact!.locked).toBe(locked.fingerprints.exact);
    expect(Object.keys(why.changes as object)).toEqual(['exact']);
    const explicit = json<{ changed_files: unknown[]; diagnostic_base: string }>(bv(r.dir, ['why', 'api', '--format', 'json', '--base-ref', 'HEAD~1']).stdout);
    expect(explicit).toMatchObject({ diagnostic_base: 'HEAD~1', changed_files: [{ status: 'A', path: 'services/api/new.txt' }] });
    const text = bv(r.dir, ['why', 'api']);
    expect(text.stdout).toContain('Modified files under services/api:\n   M  services/api/handlers/util.py\n   A  services/api/new.txt\n');
    expect(text.stdout).toContain('Recommendation: run `boundver generate --components api --source head` to update the lockfile.');
    expect(bv(r.dir, ['why', 'api', '--base-ref=-x']).status).toBe(2);
  });

  it('in a shallow clone that lacks the lock history, says so instead of reporting no change', () => {
    const r = serviceRepo();
    lockIn(r);
    r.write({ 'services/api/handlers/util.py': 'X = 2\n' });
    r.commit('edit util');
    const shallow = mkdtempSync(join(tmpdir(), 'why-shallow-'));
    cleanups.push(() => rmSync(shallow, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${r.dir}`, shallow], { env: { ...process.env, ...GIT_TEST_ENV } });
    const why = json<Record<string, unknown>>(bv(shallow, ['why', 'api', '--format', 'json']).stdout);
    expect(why).toMatchObject({ drifted: true, changed_files: [], changed_files_status: 'error' });
    expect(why.changed_files_error).toMatch(/^this clone is shallow, so the commit that introduced the lock entry may not be in it .*pass --base-ref$/);
  });

  it('boundary drift names the affected consumers (direct or transitive); non-gating drift exits 0', () => {
    const r = serviceRepo({ 'mobile/m.ts': 'm\n', 'mobile/other.ts': 'o\n' });
    const config = json<{ components: Record<string, Record<string, unknown>> }>(read(r, 'boundary.config.json'));
    config.components.web!.consumers = ['mobile'];
    config.components.web!.external_consumers = ['browser'];
    config.components.mobile = { path: 'mobile', boundary: { provider: 'typescript-exports', paths: ['m.ts'] }, verify_facets: ['boundary'] };
    r.write({ 'boundary.config.json': JSON.stringify(config) });
    r.commit('graph');
    lockIn(r);
    r.write({ 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {/y: {}}\n', 'mobile/other.ts': 'o2\n' });
    r.commit('change');
    const direct = json<Record<string, unknown>>(bv(r.dir, ['why', 'api', '--format', 'json']).stdout);
    expect(direct).toMatchObject({ affected_components: ['web'], affected_external_consumers: ['partner-x'], affected_consumers: ['partner-x', 'web'] });
    const transitive = bv(r.dir, ['why', 'api', '--transitive']);
    expect(transitive.status).toBe(1);
    expect(transitive.stdout).toContain('Consumer impact:\n  api [boundary; transitive]\n    Components: mobile, web\n    External consumers: browser, partner-x\n');
    const mobile = bv(r.dir, ['why', 'mobile', '--format', 'json']);
    expect(mobile.status).toBe(0);
    expect(json(mobile.stdout)).toMatchObject({ drifted: false, observed_drift: true, gated_facets: ['boundary'], non_gating_changes: ['exact'] });
  });

  it('index and working-tree sources read their own snapshot and diff against HEAD', () => {
    const r = serviceRepo();
    lockIn(r);
    r.write({ 'web/app.ts': 'console.log(3);\n' });
    r.git('add', 'web/app.ts');
    r.write({ 'web/index.ts': 'export const a = 2;\n', 'web/app.ts': 'console.log(4);\n' });
    const staged = json<Record<string, unknown>>(bv(r.dir, ['why', 'web', '--source', 'index', '--format', 'json']).stdout);
    expect(staged).toMatchObject({ source: 'index', gated_changes: ['exact'], changed_files: [{ status: 'M', path: 'web/app.ts' }], diagnostic_base: 'HEAD', diagnostic_base_origin: 'default for staged diagnostics' });
    const disk = json<Record<string, unknown>>(bv(r.dir, ['why', 'web', '--source', 'working-tree', '--format', 'json']).stdout);
    expect(disk).toMatchObject({
      source: 'working-tree',
      gated_changes: ['boundary', 'exact'],
      changed_files: [
        { status: 'M', path: 'web/app.ts' },
        { status: 'M', path: 'web/index.ts' },
      ],
      diagnostic_base: 'HEAD',
    });
    expect(bv(r.dir, ['why', 'web']).status).toBe(0);
  });
});
