import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace } from './nx-workspace.js';

// boundver's lock kept in sync the Nx way, in a real workspace that installs the built plugin:
// `nx g @driftgate/nx:init --boundarySync` registers the lock as a sync generator of the
// verify-boundary targets, `nx sync:check` fails (as CI runs it) while the lock lags the code,
// `nx sync` brings it up to date, and verify-boundary then passes.

const GREET = 'export function greet(name: string): string {\n  return `hello, ${name}`;\n}\n';

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace({
    'package.json': `${JSON.stringify({ name: 'acme', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }, null, 2)}\n`,
    'nx.json': '{}\n',
    '.gitignore': 'node_modules/\n.nx/\n',
    'libs/greeter/project.json': `${JSON.stringify({ name: 'greeter', projectType: 'library' }, null, 2)}\n`,
    'libs/greeter/src/greet.ts': GREET,
  });
});
afterAll(() => ws?.dispose());

describe('the boundary lock as an Nx sync generator', () => {
  it('is not registered unless init is asked to: sync:check has nothing to check', { timeout: 240_000 }, () => {
    const init = ws.nx('g', '@driftgate/nx:init', '--no-interactive');
    expect(init.status, init.output).toBe(0);
    const component = ws.nx('g', '@driftgate/nx:component', 'greeter', '--provider=path-hash', '--paths=src/greet.ts', '--no-interactive');
    expect(component.status, component.output).toBe(0);
    const project = JSON.parse(ws.nx('show', 'project', 'greeter', '--json').output) as { targets: Record<string, { syncGenerators?: string[] }> };
    expect(project.targets['verify-boundary']?.syncGenerators).toBeUndefined();
  });

  it('init --boundarySync registers it; sync:check fails while the lock lags, sync updates it, verify-boundary passes', { timeout: 240_000 }, () => {
    const init = ws.nx('g', '@driftgate/nx:init', '--boundarySync', '--no-interactive');
    expect(init.status, init.output).toBe(0);
    expect(JSON.parse(ws.read('nx.json')).plugins).toEqual([{ plugin: '@driftgate/nx/plugin', options: { boundarySync: true } }]);
    const project = JSON.parse(ws.nx('show', 'project', 'greeter', '--json').output) as { targets: Record<string, { syncGenerators?: string[] }> };
    expect(project.targets['verify-boundary']?.syncGenerators).toEqual(['@driftgate/nx:sync-boundary']);

    // No lock yet: out of sync, and nx sync writes it.
    const missing = ws.nx('sync:check');
    expect(missing.status, missing.output).not.toBe(0);
    expect(missing.output).toContain('boundary.lock.json is missing');
    const first = ws.nx('sync');
    expect(first.status, first.output).toBe(0);
    expect(JSON.parse(ws.read('boundary.lock.json')).components.greeter.path).toBe('libs/greeter');
    ws.commit('driftgate with a synced lock');
    const clean = ws.nx('sync:check');
    expect(clean.status, clean.output).toBe(0);

    // A body edit: the lock's exact fingerprint lags; sync:check names the component.
    writeFileSync(join(ws.dir, 'libs/greeter/src/greet.ts'), GREET.replace('hello', 'hi'));
    const lagging = ws.nx('sync:check');
    expect(lagging.status, lagging.output).not.toBe(0);
    expect(lagging.output).toContain('boundary.lock.json does not match the components it locks: greeter');
    expect(lagging.output).toContain('nx sync');
    const stale = ws.nx('run', 'greeter:verify-boundary', '--skip-sync');
    expect(stale.status, stale.output).not.toBe(0);
    const synced = ws.nx('sync');
    expect(synced.status, synced.output).toBe(0);
    expect(ws.nx('sync:check').status).toBe(0);
    const verify = ws.nx('run', 'greeter:verify-boundary', '--skip-nx-cache');
    expect(verify.status, verify.output).toBe(0);
  });
});
