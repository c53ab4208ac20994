import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { runLint } from '../lint/lint.js';
import { suggest, type SuggestResult } from './suggest.js';

// Real published code, copied out of the workspace's own node_modules: two CommonJS libraries
// (picomatch with `module.exports = name`, js-yaml with `module.exports.name = name`) and a
// TypeScript one. Every anchor suggest proposes must be one lint accepts.

const modules = join(dirname(fileURLToPath(import.meta.url)), '../../../../node_modules');

/** Every file under `dir` whose name ends with one of `exts`, keyed `prefix/<relative path>`. */
function copyTree(dir: string, prefix: string, exts: readonly string[], skip: (rel: string) => boolean = () => false): TreeSpec {
  const out: TreeSpec = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(at, entry.name);
      const rel = relative(dir, full).split('\\').join('/');
      if (skip(rel)) continue;
      if (entry.isDirectory()) walk(full);
      else if (exts.some((ext) => entry.name.endsWith(ext))) out[`${prefix}/${rel}`] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

let repo: TempRepo;
let picomatch: SuggestResult;
let jsYaml: SuggestResult;
let tsconfigPaths: SuggestResult;

beforeAll(async () => {
  repo = createTempRepo(
    {
      'surf.toml': 'hubs = ["hubs/*.md"]\n',
      ...copyTree(join(modules, 'picomatch'), 'vendor/picomatch', ['.js']),
      ...copyTree(join(modules, 'js-yaml/lib'), 'vendor/js-yaml', ['.js']),
      ...copyTree(join(modules, 'tsconfig-paths/src'), 'vendor/tsconfig-paths', ['.ts'], (rel) => rel.startsWith('__tests__')),
    },
    { commit: false },
  );
  const config = { root: repo.dir, hubs: ['hubs/*.md'], bundles: [] };
  picomatch = await suggest(config, { globs: ['vendor/picomatch/**/*.js'], all: true });
  jsYaml = await suggest(config, { globs: ['vendor/js-yaml/**/*.js'], all: true });
  tsconfigPaths = await suggest(config, { globs: ['vendor/tsconfig-paths/**/*.ts'], all: true });
});

afterAll(() => repo?.dispose());

describe('suggest on real packages', () => {
  it('proposes the declarations CommonJS exports name', () => {
    const ats = [...picomatch.suggestions, ...jsYaml.suggestions].map((s) => s.at);
    expect(ats).toEqual(
      expect.arrayContaining([
        'vendor/picomatch/lib/picomatch.js > picomatch',
        'vendor/picomatch/lib/parse.js > parse',
        'vendor/picomatch/lib/scan.js > scan',
        'vendor/js-yaml/common.js > isNothing',
        'vendor/js-yaml/loader.js > load',
        'vendor/js-yaml/dumper.js > dump',
        'vendor/js-yaml/exception.js > YAMLException',
      ]),
    );
    // `exports.isObject = val => …` is an export of its own: the assignment is the anchor.
    expect(ats).toEqual(expect.arrayContaining(['vendor/picomatch/lib/utils.js > isObject', 'vendor/picomatch/lib/utils.js > wrapOutput']));
    expect(tsconfigPaths.suggestions.length).toBeGreaterThan(0);
  });

  it('proposes only anchors lint accepts', async () => {
    const proposals = [...picomatch.suggestions, ...jsYaml.suggestions, ...tsconfigPaths.suggestions];
    // One claim per proposal, so a rejected site shows up as its own finding.
    const claims = proposals.map((s, i) => `  - claim: proposal ${i}\n    at: ${s.at}\n`).join('');
    repo.write({ 'hubs/all.md': `---\nsummary: every proposal\nanchors:\n${claims}---\n# All\n` });
    const result = await runLint(await loadWorkspace(repo.dir));
    expect(result.findings.filter((f) => f.severity === 'block')).toEqual([]);
  });
});
