import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace, taskOutcomes } from './nx-workspace.js';

// From an empty Nx workspace that installs the built plugin: init → hub → component, then the
// inferred targets stamp, generate and verify.

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace({
    'package.json': `${JSON.stringify({ name: 'acme', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }, null, 2)}\n`,
    'nx.json': '{}\n',
    '.gitignore': 'node_modules/\n.nx/\n',
    'libs/greeter/project.json': `${JSON.stringify({ name: 'greeter', projectType: 'library' }, null, 2)}\n`,
    'libs/greeter/src/greet.ts': 'export function greet(name: string): string {\n  return `hello, ${name}`;\n}\n',
    'libs/greeter/src/internal.ts': 'export const SEPARATOR = ", ";\n',
  });
});
afterAll(() => ws?.dispose());

describe('generators in an empty workspace', () => {
  it('init → hub → component produce targets that run', { timeout: 240_000 }, () => {
    const init = ws.nx('g', '@driftgate/nx:init', '--no-interactive');
    expect(init.status, init.output).toBe(0);
    expect(JSON.parse(ws.read('nx.json')).plugins).toEqual(['@driftgate/nx/plugin']);
    expect(ws.exists('surf.toml')).toBe(true);
    expect(JSON.parse(ws.read('boundary.config.json'))).toEqual({ project: 'acme', components: {} });

    const hub = ws.nx('g', '@driftgate/nx:hub', 'greeter', '--claim=greet greets the given name', '--at=libs/greeter/src/greet.ts > greet', '--no-interactive');
    expect(hub.status, hub.output).toBe(0);
    expect(ws.read('hubs/greeter.md')).toContain('    at: libs/greeter/src/greet.ts > greet\n');

    const component = ws.nx('g', '@driftgate/nx:component', 'greeter', '--provider=path-hash', '--paths=src/greet.ts', '--no-interactive');
    expect(component.status, component.output).toBe(0);
    expect(JSON.parse(ws.read('boundary.config.json')).components).toEqual({ greeter: { path: 'libs/greeter', boundary: { provider: 'path-hash', paths: ['src/greet.ts'] } } });

    const unstamped = ws.nx('run', 'greeter:verify-claims');
    expect(unstamped.status).not.toBe(0);
    expect(unstamped.output).toContain('UNVERIFIED  hubs/greeter.md :: libs/greeter/src/greet.ts > greet');

    const write = ws.nx('run-many', '-t', 'stamp-claims', 'generate-boundary');
    expect(write.status, write.output).toBe(0);
    expect(ws.read('hubs/greeter.md')).toMatch(/\n {4}hash: 3:[0-9a-f]{12}\n/);
    expect(JSON.parse(ws.read('boundary.lock.json')).components.greeter.path).toBe('libs/greeter');

    const verify = ws.nx('run-many', '-t', 'verify-claims', 'verify-boundary');
    expect(verify.status, verify.output).toBe(0);
    const outcomes = taskOutcomes(verify.output);
    expect(outcomes.get('greeter:verify-claims')).toBe('ran');
    expect(outcomes.get('greeter:verify-boundary')).toBe('ran');
    // The json report is exactly the object `boundver verify --format json` prints (no exit_code); default formats are human and json.
    expect(JSON.parse(ws.read('reports/driftgate/libs/greeter/verify-boundary.json'))).toMatchObject({ ok: true, issues: [] });
    expect(ws.read('reports/driftgate/libs/greeter/verify-boundary.txt')).toContain('Lockfile is up to date.');
  });

  // Continues the workspace of the test above: the component and its lock exist.
  it('init --formats registers the report formats, so verify-boundary writes JUnit and SARIF from its first run', { timeout: 240_000 }, () => {
    const init = ws.nx('g', '@driftgate/nx:init', '--formats=junit,sarif', '--no-interactive');
    expect(init.status, init.output).toBe(0);
    expect(JSON.parse(ws.read('nx.json')).plugins).toEqual([{ plugin: '@driftgate/nx/plugin', options: { formats: ['junit', 'sarif'] } }]);
    const verify = ws.nx('run', 'greeter:verify-boundary');
    expect(verify.status, verify.output).toBe(0);
    expect(ws.read('reports/driftgate/libs/greeter/verify-boundary.xml')).toContain('<testsuites');
    expect(JSON.parse(ws.read('reports/driftgate/libs/greeter/verify-boundary.sarif'))).toMatchObject({ version: '2.1.0' });
    const again = ws.nx('g', '@driftgate/nx:init', '--formats=json', '--no-interactive');
    expect(again.status, again.output).toBe(0);
    expect(JSON.parse(ws.read('nx.json')).plugins).toEqual([{ plugin: '@driftgate/nx/plugin', options: { formats: ['json'] } }]);
  });
});
