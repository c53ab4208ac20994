import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryReadSet, componentsByProject, readBoundaryWorkspace } from './boundary-scope.js';
import { ProjectRoots } from './project-roots.js';

const dir = mkdtempSync(join(tmpdir(), 'driftgate-boundary-scope-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = {
  project: 'acme',
  providers: [{ module: './tools/provider.mjs', class: 'Provider' }, { module: '@acme/provider', class: 'Other' }],
  components: {
    api: { path: 'services/api', boundary: { provider: 'path-hash', paths: ['openapi.json'] }, consumers: ['web'], version_source: { git_tag_prefix: 'api-v' } },
    web: { path: 'apps/web', boundary: { provider: 'leaf' }, vendored_copies: ['third_party/web/'] },
    docs: { path: 'docs', boundary: { provider: 'implicit' } },
    tool: { path: 'services/api/tools', boundary: { provider: 'leaf' } },
  },
  slices: { release: { closure_of: 'api', mode: 'exact' } },
};

describe('boundary scope', () => {
  it('reads the config from disk, trying the fallbacks, and ignores a config without components', () => {
    expect(readBoundaryWorkspace(dir)).toBeUndefined();
    writeFileSync(join(dir, 'boundary.config.yaml'), 'project: x\ncomponents: {}\n');
    expect(readBoundaryWorkspace(dir)).toBeUndefined();
    writeFileSync(join(dir, 'boundary.config.json'), JSON.stringify(config));
    const found = readBoundaryWorkspace(dir)!;
    expect(found.configFile).toBe('boundary.config.json');
    expect(found.config!.components.map((c) => c.name)).toEqual(['api', 'web', 'docs', 'tool']);
    writeFileSync(join(dir, 'other.json'), '{"project": "x", "components": {"a": {"path": "a"}}}');
    expect(readBoundaryWorkspace(dir, 'other.json')).toMatchObject({ configFile: 'other.json', config: null, problem: expect.stringContaining('boundary') });
  });

  it('maps components to the deepest project containing their path', () => {
    const found = readBoundaryWorkspace(dir)!;
    const byProject = componentsByProject(found.config!, new ProjectRoots(['services/api', 'apps/web']));
    expect(Object.fromEntries(byProject)).toEqual({ 'services/api': ['api', 'tool'], 'apps/web': ['web'], '.': ['docs'] });
  });

  it('lists what verifying a share reads: its components, vendored copies, tag prefixes, provider modules; slice members for the workspace share', () => {
    const found = readBoundaryWorkspace(dir)!.config!;
    expect(boundaryReadSet(found, { components: ['web'], workspace: false })).toEqual({
      paths: ['apps/web', 'third_party/web'],
      tagPrefixes: [],
      providerModules: ['tools/provider.mjs'],
    });
    // The slice over web and api is the workspace share's: it reads both, and api's tag prefix.
    expect(boundaryReadSet(found, { components: ['docs'], workspace: true })).toEqual({
      paths: ['apps/web', 'docs', 'services/api', 'third_party/web'],
      tagPrefixes: ['api-v'],
      providerModules: ['tools/provider.mjs'],
    });
    expect(boundaryReadSet(found, { components: ['docs'], workspace: false }).paths).toEqual(['docs']);
    expect(boundaryReadSet(found).paths).toEqual(['apps/web', 'docs', 'services/api', 'services/api/tools', 'third_party/web']);
  });

  it('marks a share with a typescript-api component: its re-exports reach the projects it depends on', () => {
    const found = readBoundaryWorkspace(dir)!.config!;
    expect(boundaryReadSet(found, { components: ['web'], workspace: false }).typescriptModules).toBeUndefined();
    writeFileSync(join(dir, 'boundary.config.json'), JSON.stringify({ ...config, components: { ...config.components, web: { path: 'apps/web', boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } } } }));
    const typed = readBoundaryWorkspace(dir)!.config!;
    expect(boundaryReadSet(typed, { components: ['web'], workspace: false }).typescriptModules).toBe(true);
    expect(boundaryReadSet(typed, { components: ['api'], workspace: false }).typescriptModules).toBeUndefined();
    writeFileSync(join(dir, 'boundary.config.json'), JSON.stringify(config));
  });
});
