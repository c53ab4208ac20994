import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyLock } from '@driftgate/boundver';
import { BoundaryView } from '@driftgate/triage';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNxTsLibraries } from './support/nx-ts-libraries.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// `surf triage --boundary` on a real boundver verify: a library whose API lost fourteen exports.
// boundver's issue line names ten and says `and 4 more`; Enter must show every one.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const LIB = 'packages/calc/src/lib/calc.ts';
const NAMES = Array.from({ length: 15 }, (_, i) => `helper${String(i).padStart(2, '0')}`);
const source = (names: readonly string[]) => names.map((n) => `export function ${n}(x: number): number {\n  return x;\n}\n`).join('\n');

let repo: TempRepo;
beforeAll(async () => {
  repo = await generateNxTsLibraries([['packages/calc', 'tsc']]);
  writeFileSync(join(repo.dir, LIB), source(NAMES));
  repo.commit('calc');
  for (const args of [['init', '--discover'], ['generate']]) {
    const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(run.status, run.stderr).toBe(0);
    repo.commit(args[0]!);
  }
  // Every export but the first removed.
  writeFileSync(join(repo.dir, LIB), source(NAMES.slice(0, 1)));
}, 120_000);
afterAll(() => repo?.dispose());

describe('the boundary view shows an issue whole', () => {
  it('Enter lists every removed symbol, where boundver verify\'s line stops at ten; the header says what it counts and the exit code', async () => {
    const result = await verifyLock({ cwd: repo.dir, source: 'working-tree' });
    const line = result.issues.find((issue) => issue.startsWith('API CHANGE'))!;
    expect(line).toContain('and 4 more');
    const app = render(createElement(BoundaryView, { result, onEnd: () => undefined, size: { columns: 100, rows: 40 } }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
    await settle();
    const header = app.lastFrame()!.split('\n')[0]!;
    expect(header).toBe(`boundary 2 issue(s) from ${result.issues.length} verify lines · exits 1 (boundver ${result.exitCode}) · read-only`);
    app.stdin.write('\r');
    await settle();
    const whole = app.lastFrame()!;
    expect(whole).not.toContain('more');
    for (const name of NAMES.slice(1)) expect(whole.replace(/\s+/g, ' ')).toContain(`#${name}\``);
    app.unmount();
  });
});
