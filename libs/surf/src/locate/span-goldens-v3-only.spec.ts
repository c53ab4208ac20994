import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { familyOf, isReferenceFamily, parseFile, requireLang } from '@driftgate/syntax';
import { hashParsedAnchor } from '../hash/hash-anchor.js';
import { type GoldenResult, goldenAnchors, renderSpanGolden, unifiedDiff } from './span-golden.test-helpers.js';
import { ResolveError, SurfError } from '../errors.js';

// Span goldens of the languages only recipe 3 hashes (Java first): fixtures/spans-v3-only/input/
// lists anchors in leading comment lines, output-v3/ shows each recipe-3 span and stamp. The same
// rendering as span-goldens.spec.ts; no v2 output exists, and every anchor is refused under the
// reference's recipes. UPDATE_GOLDENS=1 rewrites the outputs.

const root = new URL('../../../../fixtures/spans-v3-only/', import.meta.url);
const inputDir = fileURLToPath(new URL('input/', root));
const outputDir = fileURLToPath(new URL('output-v3/', root));
const update = process.env['UPDATE_GOLDENS'] === '1';
const cases = readdirSync(inputDir).sort();

async function render(file: string): Promise<string> {
  const text = readFileSync(inputDir + file, 'utf8');
  const anchors = goldenAnchors(text, '//');
  expect(anchors.length, `${file} lists no anchors`).toBeGreaterThan(0);
  const parsed = await parseFile(file, text);
  try {
    const results = anchors.map((label): GoldenResult => {
      try {
        const { span, stamp } = hashParsedAnchor(parsed, `${file} > ${label}`, { recipe: 'v3' });
        return { label, span: span!, stamp };
      } catch (e) {
        if (e instanceof SurfError) return { label, error: e.message };
        throw e;
      }
    });
    return renderSpanGolden(file, '//', text, results, 'v3');
  } finally {
    parsed.delete();
  }
}

describe('span goldens of recipe-3-only languages', () => {
  it('hold only languages outside the reference families', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const file of cases) expect(isReferenceFamily(familyOf(requireLang(file))), file).toBe(false);
  });

  it.each(cases)('%s v3', async (file) => {
    const actual = await render(file);
    const path = outputDir + file;
    if (update) {
      writeFileSync(path, actual);
      return;
    }
    expect(existsSync(path), `missing golden ${file}; run with UPDATE_GOLDENS=1`).toBe(true);
    const expected = readFileSync(path, 'utf8');
    if (actual !== expected) expect.fail(`span golden ${file} differs (UPDATE_GOLDENS=1 to accept):\n${unifiedDiff(expected, actual, file)}`);
  });

  it.each(cases.flatMap((file) => (['v1', 'v2'] as const).map((recipe) => [file, recipe] as const)))('%s is refused under %s', async (file, recipe) => {
    const text = readFileSync(inputDir + file, 'utf8');
    const parsed = await parseFile(file, text);
    try {
      // Refused before lookup: an anchor that would be ambiguous or missing gets the same answer.
      for (const label of goldenAnchors(text, '//')) {
        let caught: unknown;
        try {
          hashParsedAnchor(parsed, `${file} > ${label}`, { recipe });
        } catch (e) {
          caught = e;
        }
        expect(caught, label).toBeInstanceOf(ResolveError);
        expect((caught as ResolveError).code).toBe('SURF_RECIPE_LANGUAGE');
        expect((caught as ResolveError).message).toContain('recipe 3 only');
      }
    } finally {
      parsed.delete();
    }
  });
});
