import { addProjectConfiguration } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
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
});
