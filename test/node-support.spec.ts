import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';

// The bins' Node check (tools/node-support/node-support.js) and the `engines` range say the same,
// and a Node below it gets one line on stderr and exit 2 from both bins, in the repository and in
// the staged package, instead of a failure deep inside a bundle. The old Node is the real one,
// brought from the npm registry by tools/node-support/node-from-registry.mjs.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE_SUPPORT = join(ROOT, 'tools/node-support/node-support.js');
const FROM_REGISTRY = join(ROOT, 'tools/node-support/node-from-registry.mjs');
const STAGED = join(ROOT, 'dist/packages/nx');
/** Below the floor: the last Node 18. */
const OLD_NODE = '18.20.8';

const BINS = {
  surf: [join(ROOT, 'tools/surf/bin/surf.js'), join(STAGED, 'bin/surf.js')],
  boundver: [join(ROOT, 'tools/boundver/bin/boundver.js'), join(STAGED, 'bin/boundver.js')],
} as const;

function evaluate(expression: string): unknown {
  const script = `import * as m from ${JSON.stringify(`file://${NODE_SUPPORT}`)}; console.log(JSON.stringify(${expression}));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as unknown;
}

describe('the supported Node range', () => {
  it('is the engines range of the repository and of the published package', () => {
    const engines = evaluate('m.NODE_ENGINES');
    expect(engines).toBe('^20.19.0 || >=22.12.0');
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node).toBe(engines);
    requireBuiltCli();
    expect((JSON.parse(readFileSync(join(STAGED, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node).toBe(engines);
  });

  it('admits exactly the versions that range admits', () => {
    const versions = ['18.20.8', '20.18.3', '20.19.0', '20.20.2', '21.7.3', '22.11.0', '22.12.0', '22.23.5', '23.0.0', '24.22.3', '26.12.1', '27.0.0'];
    const verdicts = evaluate(`${JSON.stringify(versions)}.map((v) => m.isSupportedNode(v))`);
    expect(Object.fromEntries(versions.map((v, i) => [v, (verdicts as boolean[])[i]]))).toEqual({
      '18.20.8': false,
      '20.18.3': false,
      '20.19.0': true,
      '20.20.2': true,
      '21.7.3': false,
      '22.11.0': false,
      '22.12.0': true,
      '22.23.5': true,
      '23.0.0': true,
      '24.22.3': true,
      '26.12.1': true,
      '27.0.0': true,
    });
  });
});

describe(`the bins on Node ${OLD_NODE}`, () => {
  let oldNode: string;
  beforeAll(() => {
    requireBuiltCli();
    const fetched = spawnSync(process.execPath, [FROM_REGISTRY, OLD_NODE], { encoding: 'utf8' });
    expect(fetched.status, fetched.stderr).toBe(0);
    oldNode = join(fetched.stdout.trim(), 'node');
    expect(existsSync(oldNode)).toBe(true);
  }, 300_000);

  for (const [bin, paths] of Object.entries(BINS)) {
    for (const path of paths) {
      it(`${bin} (${path.startsWith(STAGED) ? 'published package' : 'repository'}) says in one line that it needs a newer Node, and exits 2`, () => {
        const result = spawnSync(oldNode, [path, '--version'], { encoding: 'utf8' });
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(`${bin}: Node ${OLD_NODE} is not supported; use Node 22, 24 or 26 (20.19 or later works on a best-effort basis).\n`);
        expect(result.status).toBe(2);
      });
    }
  }

  it('leaves a supported Node alone: the same bins print their version and nothing on stderr', () => {
    for (const path of [...BINS.surf, ...BINS.boundver]) {
      const result = spawnSync(process.execPath, [path, '--version'], { encoding: 'utf8' });
      expect({ path, stderr: result.stderr, status: result.status }).toEqual({ path, stderr: '', status: 0 });
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    }
  });
});
