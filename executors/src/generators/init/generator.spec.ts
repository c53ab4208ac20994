import { readNxJson } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { parseSurfConfig } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import initGenerator, { NAMED_INPUTS, PLUGIN_ENTRY } from './generator.js';

const snapshot = (tree: ReturnType<typeof createTreeWithEmptyWorkspace>) =>
  Object.fromEntries(['nx.json', 'surf.toml', 'boundary.config.json', '.gitignore'].map((f) => [f, tree.read(f, 'utf-8')]));

describe('init generator', () => {
  it('registers the plugin, writes surf.toml and an empty boundary config, adds named inputs and ignores reports', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('package.json', JSON.stringify({ name: 'acme', private: true }));
    await initGenerator(tree, { skipFormat: true });
    const nxJson = readNxJson(tree)!;
    expect(nxJson.plugins).toEqual([PLUGIN_ENTRY]);
    expect(parseSurfConfig(tree.read('surf.toml', 'utf-8')!).hubs).toEqual(['hubs/*.md']);
    expect(JSON.parse(tree.read('boundary.config.json', 'utf-8')!)).toEqual({ project: 'acme', components: {} });
    expect(nxJson.namedInputs?.[NAMED_INPUTS.claims]).toEqual(['{workspaceRoot}/surf.toml', '{workspaceRoot}/hubs/*.md']);
    expect(nxJson.namedInputs?.[NAMED_INPUTS.boundary]).toEqual(['{workspaceRoot}/boundary.config.json', '{workspaceRoot}/boundary.lock.json']);
    expect(tree.read('.gitignore', 'utf-8')).toContain('/reports/driftgate/\n');
  });

  it('is idempotent and keeps what the workspace already has', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('surf.toml', 'hubs = ["docs/hubs/*.md"]\nbundles = ["kb"]\n');
    tree.write('boundary.config.yaml', 'project: kept\ncomponents: {}\n');
    tree.write('.gitignore', 'node_modules\nreports\n');
    const nxJson = readNxJson(tree)!;
    nxJson.plugins = [{ plugin: '@driftgate/nx', options: { formats: ['json'] } }];
    tree.write('nx.json', JSON.stringify(nxJson));
    await initGenerator(tree, { skipFormat: true, reportDirectory: 'reports/gates' });
    const first = snapshot(tree);
    await initGenerator(tree, { skipFormat: true, reportDirectory: 'reports/gates' });
    expect(snapshot(tree)).toEqual(first);
    expect(tree.exists('boundary.config.json')).toBe(false);
    expect(first['surf.toml']).toBe('hubs = ["docs/hubs/*.md"]\nbundles = ["kb"]\n');
    expect(first['.gitignore']).toBe('node_modules\nreports\n');
    const after = readNxJson(tree)!;
    expect(after.plugins).toEqual([{ plugin: '@driftgate/nx', options: { formats: ['json'] } }]);
    expect(after.namedInputs?.[NAMED_INPUTS.claims]).toEqual(['{workspaceRoot}/surf.toml', '{workspaceRoot}/docs/hubs/*.md', '{workspaceRoot}/kb/**/*.md']);
    expect(after.namedInputs?.[NAMED_INPUTS.boundary]).toEqual(['{workspaceRoot}/boundary.config.yaml', '{workspaceRoot}/boundary.lock.json']);
  });

  it('registers a non-default report directory as a plugin option', async () => {
    const tree = createTreeWithEmptyWorkspace();
    await initGenerator(tree, { skipFormat: true, reportDirectory: 'out/gates' });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { reportDirectory: 'out/gates' } }]);
    expect(tree.read('.gitignore', 'utf-8')).toContain('/out/gates/\n');
    await expect(initGenerator(tree, { skipFormat: true, reportDirectory: '../elsewhere' })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS' });
  });

  it('registers --formats as the plugin option, from a comma list or an array', async () => {
    const tree = createTreeWithEmptyWorkspace();
    await initGenerator(tree, { skipFormat: true, formats: 'sarif, junit' });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['junit', 'sarif'] } }]);
    const other = createTreeWithEmptyWorkspace();
    await initGenerator(other, { skipFormat: true, reportDirectory: 'out/gates', formats: ['human', 'text', 'junit'] });
    expect(readNxJson(other)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { reportDirectory: 'out/gates', formats: ['human', 'junit'] } }]);
  });

  it('--boundarySync sets the plugin option on a new or a registered entry, keeping the others; unset keeps it', async () => {
    const tree = createTreeWithEmptyWorkspace();
    await initGenerator(tree, { skipFormat: true, boundarySync: false });
    expect(readNxJson(tree)!.plugins).toEqual([PLUGIN_ENTRY]);
    await initGenerator(tree, { skipFormat: true, formats: 'junit', boundarySync: true });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['junit'], boundarySync: true } }]);
    await initGenerator(tree, { skipFormat: true, formats: 'sarif' });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['sarif'], boundarySync: true } }]);
    await initGenerator(tree, { skipFormat: true, boundarySync: false });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['sarif'], boundarySync: false } }]);
  });

  it('updates the formats of the registered entry on a later run instead of adding a second one', async () => {
    const tree = createTreeWithEmptyWorkspace();
    await initGenerator(tree, { skipFormat: true, formats: 'junit' });
    const first = snapshot(tree);
    await initGenerator(tree, { skipFormat: true, formats: ['junit'] });
    expect(snapshot(tree)).toEqual(first);
    await initGenerator(tree, { skipFormat: true, formats: 'json,sarif' });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['json', 'sarif'] } }]);
    // Without formats a run keeps what is registered.
    await initGenerator(tree, { skipFormat: true });
    expect(readNxJson(tree)!.plugins).toEqual([{ plugin: PLUGIN_ENTRY, options: { formats: ['json', 'sarif'] } }]);
  });

  it('adds formats to an entry registered without options, keeping other plugins and options in place', async () => {
    const tree = createTreeWithEmptyWorkspace();
    const nxJson = readNxJson(tree)!;
    nxJson.plugins = ['@nx/js/typescript', PLUGIN_ENTRY, { plugin: '@driftgate/nx', include: ['libs/**'], options: { reportDirectory: 'reports/libs', formats: ['human'], boundarySource: 'head' } }];
    tree.write('nx.json', JSON.stringify(nxJson));
    await initGenerator(tree, { skipFormat: true, formats: 'junit' });
    expect(readNxJson(tree)!.plugins).toEqual([
      '@nx/js/typescript',
      { plugin: PLUGIN_ENTRY, options: { formats: ['junit'] } },
      { plugin: '@driftgate/nx', include: ['libs/**'], options: { reportDirectory: 'reports/libs', formats: ['junit'], boundarySource: 'head' } },
    ]);
  });

  it('refuses unknown and empty formats and writes nothing', async () => {
    const tree = createTreeWithEmptyWorkspace();
    const before = snapshot(tree);
    await expect(initGenerator(tree, { skipFormat: true, formats: 'junit,xml' })).rejects.toMatchObject({
      code: 'DRIFTGATE_NX_BAD_OPTIONS',
      message: 'the formats option of @driftgate/nx:init accepts human, json, junit, sarif, github, markdown, codequality; got ["junit","xml"]',
    });
    await expect(initGenerator(tree, { skipFormat: true, formats: ' , ' })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS', message: expect.stringContaining('needs at least one format') });
    expect(snapshot(tree)).toEqual(before);
  });
});
