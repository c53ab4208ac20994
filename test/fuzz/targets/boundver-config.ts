import { parseConfigDocument, validateConfig } from '@driftgate/boundver';
import fc from 'fast-check';
import { stringify as tomlStringify } from 'smol-toml';
import { stringify as yamlStringify } from 'yaml';
import { configShape, demoConfig } from '../arbitraries/boundver-config-shape.js';
import { hostilePiece, nested, nestingDepth } from '../arbitraries/hostile-text.js';
import { jsonTokens, type Plain } from '../arbitraries/json-shape.js';
import { lineEndingVariant, mutated } from '../arbitraries/mutate.js';
import { fuzzTarget, type FuzzTarget } from '../fuzz-target.js';

type Format = 'json' | 'yaml' | 'toml';

/** A plain tree in one format; TOML cannot hold null or a non-table root, so those fall back to JSON text. */
function render(format: Format, value: Plain): string {
  if (format === 'json') return JSON.stringify(value, null, 2);
  if (format === 'yaml') return yamlStringify(value);
  try {
    return tomlStringify(value as Record<string, unknown>);
  } catch {
    return JSON.stringify(value);
  }
}

const FORMAT_TOKENS: Record<Format, fc.Arbitrary<string>> = {
  json: jsonTokens,
  yaml: fc.oneof(
    hostilePiece,
    fc.constantFrom('&a ', '*a', '!!python/object ', '!!binary ', '<<: *a', '? ', '- ', '---\n', '...\n', '%YAML 1.1\n', 'yes', '0x1F', '+1', '1_000', '.inf', '~', '\t', '"\\ud800"'),
    nestingDepth.map((d) => nested(['['], [']'], d, '1')),
    nestingDepth.map((d) => `\n${'- '.repeat(d)}x`),
  ),
  toml: fc.oneof(
    hostilePiece,
    fc.constantFrom('[a]\n', '[[a]]\n', '[a.b]\n', 'a = 1\n', 'a = { k = 1 \n}', 'a = {}', '"""', "'''", '1979-05-27', '07:32:00', 'inf', 'nan', '0x1F', '+1', '1_000', '[components.x]\n', 'a.b.c = 1\n', '\\U0001F600', '\\ud800'),
    fc.nat(700).map((n) => `a = ${'9'.repeat(n)}\n`),
    nestingDepth.map((d) => `a = ${nested(['['], [']'], d, '1')}\n`),
    nestingDepth.map((d) => `a = ${nested(['{ k = '], [' }'], d, '1')}\n`),
  ),
};

/** One config format: rendered shapes, and textual mutations of rendered shapes. */
function configTarget(format: Format): FuzzTarget<{ text: string; strict: boolean }> {
  const rendered = configShape.map((value) => render(format, value));
  const text = lineEndingVariant(
    fc.oneof(
      { weight: 2, arbitrary: rendered },
      { weight: 3, arbitrary: mutated(fc.oneof(fc.constant(render(format, demoConfig)), rendered), FORMAT_TOKENS[format]) },
    ),
  );
  return fuzzTarget({
    name: `boundver-config-${format}`,
    description: `boundver parseConfigDocument (${format.toUpperCase()}) then validateConfig`,
    arbitrary: fc.record({ text, strict: fc.boolean() }),
    run: ({ text: input, strict }) => {
      const document = parseConfigDocument(input, `boundary.config.${format}`);
      return validateConfig(document, { requireSliceFacets: strict });
    },
  });
}

export const boundverConfigJsonTarget = configTarget('json');
export const boundverConfigYamlTarget = configTarget('yaml');
export const boundverConfigTomlTarget = configTarget('toml');
