import { addProjectConfiguration } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { discoverComponents } from '@driftgate/boundver';
import { describe, expect, it } from 'vitest';
import componentGenerator from './generator.js';

function workspace() {
  const tree = createTreeWithEmptyWorkspace();
  tree.write('package.json', JSON.stringify({ name: 'acme' }));
  addProjectConfiguration(tree, '@acme/api', { root: 'services/api' });
  addProjectConfiguration(tree, 'web', { root: 'apps/web' });
  return tree;
}

const config = (tree: ReturnType<typeof workspace>) => JSON.parse(tree.read('boundary.config.json', 'utf-8')!);

describe('component generator', () => {
  it('adds the project root as a component with its provider, paths, version source and consumers', async () => {
    const tree = workspace();
    await componentGenerator(tree, { project: 'web', skipFormat: true });
    await componentGenerator(tree, {
      project: '@acme/api',
      provider: 'openapi-canonical',
      paths: ['openapi.yaml'],
      behaviorPaths: ['src'],
      versionFile: 'package.json',
      versionField: 'version',
      ecosystem: 'npm',
      consumers: ['web'],
      skipFormat: true,
    });
    expect(config(tree)).toEqual({
      project: 'acme',
      components: {
        web: { path: 'apps/web', boundary: { provider: 'implicit' } },
        '@acme/api': {
          path: 'services/api',
          ecosystem: 'npm',
          version_source: { file: 'package.json', field: 'version' },
          boundary: { provider: 'openapi-canonical', paths: ['openapi.yaml'] },
          behavior: { paths: ['src'] },
          consumers: ['web'],
        },
      },
    });
  });

  it('gives the same file for the same options and replaces an entry of the same name in place', async () => {
    const tree = workspace();
    tree.write('boundary.config.json', JSON.stringify({ project: 'acme', defaults: { compat_mode: 'major' }, components: { web: { path: 'apps/web', boundary: { provider: 'leaf' } } } }));
    const options = { project: '@acme/api', name: 'api', provider: 'path-hash', paths: ['src/index.ts'], skipFormat: true };
    await componentGenerator(tree, options);
    const once = tree.read('boundary.config.json', 'utf-8');
    await componentGenerator(tree, options);
    expect(tree.read('boundary.config.json', 'utf-8')).toBe(once);
    await componentGenerator(tree, { project: 'web', provider: 'implicit', skipFormat: true });
    expect(Object.keys(config(tree).components)).toEqual(['web', 'api']);
    expect(config(tree).components.web).toEqual({ path: 'apps/web', boundary: { provider: 'implicit' } });
    expect(config(tree).defaults).toEqual({ compat_mode: 'major' });
  });

  it('refuses an entry that would not validate, and leaves the config alone', async () => {
    const tree = workspace();
    await expect(componentGenerator(tree, { project: 'web', provider: 'path-hash', skipFormat: true })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS' });
    await expect(componentGenerator(tree, { project: 'web', provider: 'leaf', paths: ['x'], skipFormat: true })).rejects.toThrow(/leaf/);
    await expect(componentGenerator(tree, { project: 'web', versionFile: 'package.json', skipFormat: true })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS' });
    expect(tree.exists('boundary.config.json')).toBe(false);
  });

  it('proposes the version source boundver init --discover proposes for the same files', async () => {
    const tree = workspace();
    addProjectConfiguration(tree, 'cli', { root: 'tools/cli' });
    addProjectConfiguration(tree, 'gosvc', { root: 'services/go' });
    const files: Record<string, string> = {
      'apps/web/package.json': '{ "name": "web", "version": "2.0.0" }',
      'apps/web/index.js': 'module.exports = 1;\n',
      'tools/cli/pyproject.toml': '[project]\nname = "cli"\nversion = "0.1.0"\n',
      'tools/cli/cli/__init__.py': 'def main():\n    return 0\n',
      'services/go/go.mod': 'module example.com/go\n',
    };
    for (const [path, text] of Object.entries(files)) tree.write(path, text);
    for (const project of ['web', 'cli', 'gosvc']) await componentGenerator(tree, { project, skipFormat: true });
    const discovered = new Map(discoverComponents(Object.keys(files), { rootName: 'acme' }).map((component) => [component.path, component.versionSource]));
    const written = config(tree).components as Record<string, { path: string; version_source?: unknown }>;
    for (const component of Object.values(written)) expect(component.version_source ?? null, component.path).toEqual(discovered.get(component.path));
    expect(written['web']!.version_source).toEqual({ file: 'package.json', field: 'version' });
    expect(written['cli']!.version_source).toEqual({ file: 'pyproject.toml', field: 'project.version' });
    expect('version_source' in written['gosvc']!).toBe(false);
  });
});
