import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { DISCOVER_SHAPE, shapeErrors } from './support/boundver-output-shapes.js';
import type { TempRepo, TreeSpec } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

// `boundver discover` through the built bin on real temporary repositories: the same proposals
// `init --discover` writes, `--exclude`, `--diff-config`, both formats, exit codes, and the JSON
// against the reference's documented shape.

beforeAll(() => requireBuiltCli());

const tempRepo = tempReposPerTest();

const repo = (files: TreeSpec): TempRepo => tempRepo(files);

const TREE: TreeSpec = {
  'services/api/package.json': '{"name": "api", "version": "1.4.2"}\n',
  'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n',
  'tools/cli/pyproject.toml': '[project]\nname = "cli"\nversion = "0.1.0"\n',
  'tools/cli/cli/__init__.py': 'def main():\n    return 0\n',
  'examples/demo/package.json': '{"name": "demo", "version": "0.0.1"}\n',
  'examples/demo/index.js': 'module.exports = 1;\n',
};

describe('boundver discover', () => {
  it('prints what init --discover writes, as JSON of the reference shape, and writes nothing', () => {
    const r = repo(TREE);
    const run = boundver(r.dir, ['discover', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { count: number; components: Record<string, { path: string; version_source: unknown; boundary: { provider: string; paths: string[] } }>; excluded: string[] };
    expect(shapeErrors(DISCOVER_SHAPE, json)).toEqual([]);
    expect(json.count).toBe(3);
    expect(json.excluded).toEqual([]);
    expect(json.components.api).toEqual({ path: 'services/api', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'openapi', paths: ['openapi.yaml'] } });
    expect(json.components.cli?.path).toBe('tools/cli');
    expect('config_diff' in json).toBe(false);
    expect(r.git('status', '--porcelain')).toBe('');

    // The same proposals init --discover writes into the config.
    expect(boundver(r.dir, ['init', '--discover']).code).toBe(0);
    const config = JSON.parse(readFileSync(join(r.dir, 'boundary.config.json'), 'utf8')) as { components: Record<string, unknown> };
    expect(Object.keys(config.components).sort()).toEqual(Object.keys(json.components).sort());
    for (const [name, component] of Object.entries(json.components)) expect(config.components[name]).toEqual(component);
  });

  it('names the manifest that is on disk but not tracked yet, as init --discover does', () => {
    const r = repo({ 'README.md': '# workspace\n' });
    r.write({ 'packages/calc/package.json': '{"name": "calc", "version": "0.0.1"}\n', 'packages/calc/src/index.ts': 'export const one = 1;\n' });
    const run = boundver(r.dir, ['discover']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Discovered 0 components');
    expect(run.stdout).toContain('found packages/calc/package.json, but it is not tracked: git add it (`git add packages/calc`)');
    // An excluded directory is not proposed for adding either.
    expect(boundver(r.dir, ['discover', '--exclude', 'packages']).stdout).not.toContain('not tracked');
  });

  it('--exclude leaves out a path and everything below it, normalized and listed', () => {
    const r = repo(TREE);
    const run = boundver(r.dir, ['discover', '--format', 'json', '--exclude', 'examples/', '--exclude', './examples', '--exclude', 'tools/cli']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { count: number; components: Record<string, unknown>; excluded: string[] };
    expect(shapeErrors(DISCOVER_SHAPE, json)).toEqual([]);
    expect(json.excluded).toEqual(['examples', 'tools/cli']);
    expect(Object.keys(json.components)).toEqual(['api']);
    // A prefix is a whole segment: `service` does not exclude `services/`.
    const partial = JSON.parse(boundver(r.dir, ['discover', '--format', 'json', '--exclude', 'service']).stdout) as { count: number };
    expect(partial.count).toBe(3);
  });

  it('refuses a glob, the root or an escaping exclusion with exit 2 and says why', () => {
    const r = repo(TREE);
    for (const [value, said] of [
      ['examples/*', /literal path prefixes/],
      ['.', /repository root/],
      ['../x', /'\.\.' path segments/],
    ] as const) {
      const run = boundver(r.dir, ['discover', '--exclude', value]);
      expect(run.code, value).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(said);
    }
  });

  it('--diff-config shows what the config lacks, what it has, and what it has beyond discovery', () => {
    const r = repo({
      ...TREE,
      'legacy/main.c': 'int main(void) { return 0; }\n',
      'boundary.config.json': JSON.stringify({
        project: 'p',
        components: {
          'api-service': { path: 'services/api/', boundary: { provider: 'implicit', paths: [] } },
          legacy: { path: 'legacy', boundary: { provider: 'implicit', paths: [] } },
        },
      }),
    });
    const run = boundver(r.dir, ['discover', '--diff-config', '--format', 'json', '--exclude', 'examples']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { config_diff: Record<string, unknown> };
    expect(shapeErrors(DISCOVER_SHAPE, json)).toEqual([]);
    expect(json.config_diff).toEqual({
      registered_count: 1,
      unregistered_count: 1,
      not_discovered_count: 1,
      registered: [{ discovered_name: 'api', path: 'services/api', configured_names: ['api-service'] }],
      unregistered: [{ name: 'cli', path: 'tools/cli' }],
      not_discovered: [{ name: 'legacy', path: 'legacy' }],
    });

    const text = boundver(r.dir, ['discover', '--diff-config', '--exclude', 'examples']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Compared with boundary.config.json:');
    expect(text.stdout).toMatch(/Not in the config \(1\):\n {4}cli {2}tools\/cli\n/);
    expect(text.stdout).toMatch(/Already configured \(1\):\n {4}services\/api {2}as api-service\n/);
    expect(text.stdout).toMatch(/Configured but not discovered \(1\):\n {4}legacy {2}legacy\n/);
  });

  it('--diff-config reads --config from the working tree, and a missing config is exit 2', () => {
    const r = repo(TREE);
    r.write({ 'conf/b.json': JSON.stringify({ project: 'p', components: { api: { path: 'services/api', boundary: { provider: 'implicit', paths: [] } } } }) });
    const run = boundver(r.dir, ['discover', '--diff-config', '--config', 'conf/b.json', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { config_diff: { registered_count: number; unregistered_count: number } }).config_diff).toMatchObject({ registered_count: 1, unregistered_count: 2 });
    const missing = boundver(r.dir, ['discover', '--diff-config']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Config file not found/);
  });

  it('text output lists each proposal with its boundary and version source; an empty repository is exit 0', () => {
    const r = repo(TREE);
    const run = boundver(r.dir, ['discover']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Discovered 3 components from tracked manifests:');
    expect(run.stdout).toContain('  api  services/api  boundary: openapi openapi.yaml  version: package.json:version\n');
    const empty = repo({ 'README.md': 'nothing\n' });
    const none = boundver(empty.dir, ['discover', '--format', 'json']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual({ components: {}, count: 0, excluded: [] });
  });
});
