// A one-shot `surf check` that parses only a few small files compiles the grammars with V8's
// baseline WebAssembly tier only (`preferBaselineWasm`). That changes what the parse costs, never
// what it gives: the same trees as the default tiers, in a process of its own (the flag is
// process-wide, so it is tried in a child, on the built syntax layer — `npm run build` first).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SYNTAX = new URL('../libs/syntax/dist/index.js', import.meta.url).href;
const SOURCE = fileURLToPath(new URL('../libs/surf/src/check/check.ts', import.meta.url));

/** Parses SOURCE in a fresh process and prints whether the baseline tier was taken, then the tree. */
function parseInChild(baseline: boolean): { applied: unknown[]; tree: string } {
  const script = `
    const { readFileSync } = await import('node:fs');
    const syntax = await import(${JSON.stringify(SYNTAX)});
    const applied = [${baseline ? 'syntax.preferBaselineWasm()' : 'null'}];
    const parsed = await syntax.parseSource(readFileSync(${JSON.stringify(SOURCE)}, 'utf8'), 'typescript');
    // Too late once a grammar is compiled: nothing changes then.
    applied.push(syntax.preferBaselineWasm());
    process.stdout.write(JSON.stringify({ applied, tree: parsed.tree.rootNode.toString() }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { applied: unknown[]; tree: string };
}

describe('preferBaselineWasm', () => {
  it('parses to the same tree as the default tiers, and applies only before a grammar is compiled', () => {
    const baseline = parseInChild(true);
    const tiered = parseInChild(false);
    expect(baseline.applied).toEqual([true, false]);
    expect(tiered.applied).toEqual([null, false]);
    expect(baseline.tree.length).toBeGreaterThan(10_000);
    expect(baseline.tree).toBe(tiered.tree);
  });
});
