import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every package's source folder, relative to the repository root. */
function sourceFolders(): string[] {
  const folders = ['executors/src'];
  for (const parent of ['libs', 'tools']) {
    for (const entry of readdirSync(new URL(`../${parent}/`, import.meta.url), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const src = `${parent}/${entry.name}/src`;
      try {
        readdirSync(new URL(`../${src}`, import.meta.url));
        folders.push(src);
      } catch {
        // tools/build and the like hold scripts, not a package's src.
      }
    }
  }
  return folders.sort();
}

/** One line per cycle: the files it passes through, in import order. */
function cycles(result: ICruiseResult): string[] {
  const lines = new Set<string>();
  for (const violation of result.summary.violations) {
    if (violation.rule.name !== 'no-circular') continue;
    const path = (violation.cycle ?? []).map((step) => (typeof step === 'string' ? step : step.name));
    lines.add([violation.from, ...path].join(' -> '));
  }
  return [...lines].sort();
}

describe('the import graph', () => {
  it('has no cycle between files of any package, type-only imports included', async () => {
    const folders = sourceFolders();
    expect(folders).toContain('libs/boundver/src');
    const output = await cruise(
      folders,
      {
        baseDir: ROOT,
        // `import type` counts: a cycle through types still ties the files' meaning together.
        tsPreCompilationDeps: true,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '(^|/)(node_modules|dist)/' },
        ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
        validate: true,
      },
      // Sources import each other as `./x.js` (NodeNext) and mean `./x.ts`.
      { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } } as never,
    );
    const result = output.output as ICruiseResult;
    expect(result.summary.totalCruised).toBeGreaterThan(500);
    expect(cycles(result)).toEqual([]);
  });
});
