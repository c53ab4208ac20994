import { readdirSync, readFileSync } from 'node:fs';
import { parseHub } from '@driftgate/surf';
import fc from 'fast-check';
import { anchorText } from '../arbitraries/anchor-text.js';
import { hostilePiece, hostileText } from '../arbitraries/hostile-text.js';
import { lineEndingVariant, mutated } from '../arbitraries/mutate.js';
import { yamlScalar, yamlValue } from '../arbitraries/yaml-text.js';
import { fuzzTarget } from '../fuzz-target.js';

const DEMO_HUBS = new URL('../../../fixtures/demo/hubs/', import.meta.url);

/** The demo repository's hubs: real frontmatter to mutate. */
const demoHubs: readonly string[] = readdirSync(DEMO_HUBS)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => readFileSync(new URL(name, DEMO_HUBS), 'utf8'));

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
const indent = fc.constantFrom('  ', '    ', '', '\t', ' ');

/** A claim entry in block style, its keys in any order, some of them of the wrong type. */
const claimEntry = fc
  .record({
    claim: fc.oneof({ weight: 3, arbitrary: yamlScalar }, { weight: 1, arbitrary: yamlValue }),
    at: fc.oneof(
      { weight: 3, arbitrary: anchorText.map((a) => JSON.stringify(a)) },
      { weight: 2, arbitrary: fc.array(anchorText.map((a) => JSON.stringify(a)), { maxLength: 3 }).map((l) => `[${l.join(', ')}]`) },
      { weight: 1, arbitrary: yamlValue },
    ),
    hash: fc.option(fc.oneof(fc.stringMatching(/^[23]:[0-9a-f]{12}$/), yamlScalar), { nil: undefined }),
    id: fc.option(fc.oneof(fc.stringMatching(/^c_[0-9a-f]{20}$/), yamlScalar), { nil: undefined }),
    ignore_literals: fc.option(fc.oneof(fc.constantFrom('true', 'false', 'yes', '1'), yamlScalar), { nil: undefined }),
    extraKey: fc.option(fc.tuple(fc.constantFrom('claim', 'at', 'bogus', 'verified_at', 'verified_commit'), yamlScalar), { nil: undefined }),
  })
  .chain((fields) => {
    const lines = Object.entries(fields)
      .filter(([key, value]) => key !== 'extraKey' && value !== undefined)
      .map(([key, value]) => `${key}: ${value as string}`);
    if (fields.extraKey) lines.push(`${fields.extraKey[0]}: ${fields.extraKey[1]}`);
    return fc.shuffledSubarray(lines, { minLength: Math.max(0, lines.length - 1) });
  })
  .map((lines) => (lines.length === 0 ? '- {}' : `- ${lines.join('\n    ')}`));

/** A whole frontmatter: known keys with right or wrong types, extra keys, anchors, comments. */
const frontmatter = fc
  .record({
    type: fc.option(yamlScalar, { nil: undefined }),
    title: fc.option(yamlScalar, { nil: undefined }),
    tags: fc.option(fc.oneof(fc.array(yamlScalar, { maxLength: 3 }).map((t) => `[${t.join(', ')}]`), yamlValue), { nil: undefined }),
    anchors: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(indent, fc.array(claimEntry, { maxLength: 4 })).map(([pad, claims]) => claims.map((c) => `\n${pad}${c.replaceAll('\n', `\n${pad}`)}`).join('')) },
      { weight: 1, arbitrary: yamlValue },
    ),
    refs: fc.option(fc.array(anchorText.map((a) => JSON.stringify(`./${a}`)), { maxLength: 3 }).map((l) => `[${l.join(', ')}]`), { nil: undefined }),
    covers: fc.option(fc.oneof(fc.constant('["src/**"]'), yamlValue), { nil: undefined }),
    extra: fc.array(fc.tuple(fc.oneof(word, yamlScalar), yamlValue), { maxLength: 3 }),
    comment: fc.option(hostileText(3), { nil: undefined }),
  })
  .map(({ extra, comment, ...known }) => {
    const lines = Object.entries(known)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}: ${value as string}`);
    for (const [key, value] of extra) lines.push(`${key}: ${value}`);
    if (comment !== undefined) lines.push(`# ${comment}`);
    return lines.join('\n');
  });

/** A hub file: fences (sometimes broken), the frontmatter, a body. */
const generatedHub = fc
  .tuple(
    fc.constantFrom('---', '---', '---', '--- ', '---\t', '----', ''),
    frontmatter,
    fc.constantFrom('---', '---', '---', '--- ', '...', ''),
    fc.oneof(hostileText(6), fc.constant('\n# Title\n\nbody\n---\nmore')),
  )
  .map(([open, yaml, close, body]) => `${open}\n${yaml}\n${close}\n${body}`);

const quoted = hostileText(5).map((t) => JSON.stringify(t));

/** A hub the schema accepts, its strings JSON-quoted hostile text: reaches the claim reader's typing. */
const wellFormedHub = fc
  .record({
    title: quoted,
    tags: fc.array(quoted, { maxLength: 3 }),
    claims: fc.array(
      fc.record({
        claim: quoted,
        at: fc.oneof(anchorText.map((a) => JSON.stringify(a)), fc.array(anchorText.map((a) => JSON.stringify(a)), { minLength: 1, maxLength: 3 }).map((l) => `[${l.join(', ')}]`)),
        hash: fc.option(fc.stringMatching(/^[23]:[0-9a-f]{12}$/), { nil: undefined }),
        ignore: fc.option(fc.boolean(), { nil: undefined }),
      }),
      { maxLength: 4 },
    ),
    refs: fc.array(anchorText.map((a) => JSON.stringify(a)), { maxLength: 2 }),
    extra: fc.option(yamlValue, { nil: undefined }),
    body: hostileText(6),
  })
  .map(({ title, tags, claims, refs, extra, body }) => {
    const lines = ['---', `title: ${title}`, `tags: [${tags.join(', ')}]`, 'anchors:'];
    for (const c of claims) {
      lines.push(`  - claim: ${c.claim}`, `    at: ${c.at}`);
      if (c.hash !== undefined) lines.push(`    hash: ${c.hash}`);
      if (c.ignore !== undefined) lines.push(`    ignore_literals: ${c.ignore}`);
    }
    lines.push(`refs: [${refs.join(', ')}]`);
    if (extra !== undefined) lines.push(`extra: ${extra}`);
    lines.push('---', body);
    return lines.join('\n');
  });

const yamlTokens = fc.oneof(hostilePiece, yamlScalar, fc.constantFrom('\n  - ', '\n- claim: x\n  at: a.ts > b', '\n---\n', ': ', '&x ', '*x', '[', '{', '\n    '));

/** `parseHub`: the frontmatter fence and YAML (SURF_BAD_HUB on refusal). */
export const hubFrontmatterTarget = fuzzTarget({
  name: 'hub-frontmatter',
  description: 'surf parseHub on generated and mutated hub files',
  arbitrary: lineEndingVariant(
    fc.oneof(
      { weight: 3, arbitrary: generatedHub },
      { weight: 3, arbitrary: wellFormedHub },
      { weight: 2, arbitrary: mutated(fc.constantFrom(...demoHubs), yamlTokens) },
      { weight: 1, arbitrary: mutated(generatedHub, yamlTokens, 2) },
    ),
  ),
  run: (text) => parseHub(text, { path: 'hubs/fuzz.md' }),
});
