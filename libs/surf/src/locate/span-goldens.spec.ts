import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { familyOf, parseFile, requireLang } from '@driftgate/syntax';
import { hashParsedAnchor } from '../hash/hash-anchor.js';
import { type GoldenResult, goldenAnchors, renderSpanGolden, unifiedDiff } from './span-golden.test-helpers.js';
import { SurfError } from '../errors.js';
import type { Recipe } from '../hash/stamp.js';

// Span goldens: fixtures/spans/input/<case>.<ext> lists its anchors in leading comment lines;
// fixtures/spans/output/<case>.<ext> shows each resolved span in the source with its v2 stamp,
// fixtures/spans/output-v3/<case>.<ext> the recipe-3 span (attributes, decorators, modifiers) and
// stamp. UPDATE_GOLDENS=1 rewrites the outputs; otherwise a mismatch fails with a unified diff.

const root = new URL('../../../../fixtures/spans/', import.meta.url);
const inputDir = fileURLToPath(new URL('input/', root));
const outputDirs: Readonly<Partial<Record<Recipe, string>>> = {
  v2: fileURLToPath(new URL('output/', root)),
  v3: fileURLToPath(new URL('output-v3/', root)),
};
const update = process.env['UPDATE_GOLDENS'] === '1';

async function render(file: string, recipe: Recipe): Promise<string> {
  const text = readFileSync(inputDir + file, 'utf8');
  const comment = familyOf(requireLang(file)) === 'python' ? '#' : '//';
  const anchors = goldenAnchors(text, comment);
  expect(anchors.length, `${file} lists no anchors`).toBeGreaterThan(0);
  const parsed = await parseFile(file, text);
  try {
    const results = anchors.map((label): GoldenResult => {
      try {
        const { span, stamp } = hashParsedAnchor(parsed, `${file} > ${label}`, { recipe });
        return { label, span: span!, stamp };
      } catch (e) {
        if (e instanceof SurfError) return { label, error: e.message };
        throw e;
      }
    });
    return renderSpanGolden(file, comment, text, results, recipe);
  } finally {
    parsed.delete();
  }
}

const cases = readdirSync(inputDir).sort();

describe('span goldens', () => {
  it('cover every language', () => {
    expect(new Set(cases.map((f) => requireLang(f)))).toEqual(
      new Set(['typescript', 'tsx', 'javascript', 'python', 'go', 'rust']),
    );
  });

  it.each(cases.flatMap((file) => (['v2', 'v3'] as const).map((recipe) => [file, recipe] as const)))('%s %s', async (file, recipe) => {
    const actual = await render(file, recipe);
    const path = outputDirs[recipe]! + file;
    if (update) {
      writeFileSync(path, actual);
      return;
    }
    expect(existsSync(path), `missing golden ${file}; run with UPDATE_GOLDENS=1`).toBe(true);
    const expected = readFileSync(path, 'utf8');
    if (actual !== expected) {
      expect.fail(`span golden ${file} differs (UPDATE_GOLDENS=1 to accept):\n${unifiedDiff(expected, actual, file)}`);
    }
  });
});
