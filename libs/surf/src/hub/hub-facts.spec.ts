import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickHubFacts, stampFactsOf } from './hub-facts.js';
import { claimSites } from './hub-types.js';
import { parseHub } from './parse-hub.js';

/** Whether the quick facts, when given, are exactly what parsing says. */
function agrees(text: string): boolean {
  const facts = quickHubFacts(text);
  if (facts === undefined) return true;
  let hub;
  try {
    hub = parseHub(text);
  } catch {
    return false;
  }
  expect(facts).toEqual({
    refs: hub.refs,
    sites: hub.anchors.map(claimSites),
    stamps: hub.anchors.map(stampFactsOf),
  });
  return true;
}

const TYPICAL = [
  '---',
  'type: concept',
  'title: "Auth: sessions"',
  'summary: how sessions are kept',
  'tags: []',
  'owner: someone',
  'anchors:',
  '  - claim: Sessions expire after [30] minutes, always.',
  '    id: c_18be38a62d95d1d80001',
  '    at: src/auth.ts > Session > expire',
  '    hash: 2:0123456789ab',
  '    verified_at: 2026-07-01T16:53:08Z',
  '    verified_commit: 0123456789abcdef0123456789abcdef01234567',
  '',
  "  - claim: 'It''s one site per file'",
  '    at:',
  '      - src/a.py > A > B > run',
  '      - src/b.go > F',
  '    hash: 123456789012',
  '    ignore_literals: true',
  'refs:',
  '  - ./other.md',
  '  - ../x/y.md > A > B',
  '---',
  '',
  '# Body',
  '',
].join('\n');

describe('quickHubFacts', () => {
  it('reads the refs and sites of a hub in the plain subset, as parsing does', () => {
    expect(quickHubFacts(TYPICAL)).toEqual({
      refs: ['./other.md', '../x/y.md > A > B'],
      sites: [['src/auth.ts > Session > expire'], ['src/a.py > A > B > run', 'src/b.go > F']],
      stamps: [
        {
          line: 8,
          claim: 'Sessions expire after [30] minutes, always.',
          id: 'c_18be38a62d95d1d80001',
          hash: '2:0123456789ab',
          ignoreLiterals: false,
          verifiedCommit: '0123456789abcdef0123456789abcdef01234567',
        },
        { line: 15, claim: "It's one site per file", hash: '123456789012', ignoreLiterals: true },
      ],
    });
    expect(agrees(TYPICAL)).toBe(true);
    expect(quickHubFacts(TYPICAL.replaceAll('\n', '\r\n'))).toEqual(quickHubFacts(TYPICAL));
    expect(quickHubFacts('---\nanchors:\n- claim: c\n  at: a.rs > f\n---\n')).toEqual({ refs: [], sites: [['a.rs > f']], stamps: [{ line: 3, claim: 'c', hash: undefined, ignoreLiterals: false }] });
  });

  it('gives nothing for what it does not certainly understand, malformed hubs included', () => {
    const cases = [
      'no frontmatter',
      '---\nanchors:\n  - claim: c\n',
      '---\nanchors:\n  - claim: [unterminated\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs > f\n    hahs: 2:0\n---\n',
      '---\nanchors:\n  - claim: c\n---\n',
      '---\nanchors:\n  - at: a.rs > f\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs > f\n    at: b.rs > g\n---\n',
      '---\nsummary: a\nsummary: b\n---\n',
      '---\n# a comment\nanchors: []\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs > f # note\n---\n',
      '---\nanchors:\n  - claim: |\n      block\n    at: a.rs > f\n---\n',
      '---\nanchors:\n  - claim: "esc\\u0041"\n    at: a.rs > f\n---\n',
      '---\nanchors:\n  - claim: c\n    at: ~\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs > f\n    ignore_literals: yes\n---\n',
      '---\nanchors:\n  - claim: a: b\n    at: a.rs > f\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs\n      > f\n---\n',
      '---\nanchors:\n  - claim: c\n\tat: a.rs > f\n---\n',
      '---\nrefs: [./a.md, "b"]\n---\n',
      '---\nnull: x\n---\n',
      '---\nanchors:\n  - claim: &a c\n    at: *a\n---\n',
      '---\nanchors:\n  - claim: c\n    at: a.rs > f\n\u00a0\n---\n',
    ];
    for (const text of cases) expect(quickHubFacts(text), text).toBeUndefined();
  });

  it('never disagrees with parsing (random hubs near the plain subset)', () => {
    const value = fc.oneof(
      fc.constantFrom('a.rs > f', 'src/x.ts > A > b @2', '2:0123456789ab', '123', '0x1F', '1e3', '.inf', 'true', 'True', 'FALSE', 'false', 'null', '~', 'Null'),
      fc.constantFrom('a: b', 'a #b', 'a#b', 'a:', ':a', '-a', '- a', '[a]', 'a]', '{a}', 'a,b', '&x', '*x', '!t', '%p', '@x', '`x', '|', '>'),
      fc.constantFrom("'q'", "'it''s'", "'bad'quote'", '"dq"', '"d\\"q"', '"d"q"', "''", '""', ' lead', 'trail ', 'x\u00a0', '\u2028', 'é ü 漢', 'a\tb', 'a\rb'),
      fc.stringMatching(/^[a-z >@.:#'"\-\[\]]{1,12}$/),
    );
    const key = fc.constantFrom('claim', 'at', 'hash', 'id', 'verified_at', 'verified_commit', 'ignore_literals', 'hahs');
    const item = fc.array(fc.tuple(key, value, fc.boolean()), { minLength: 1, maxLength: 5 });
    const top = fc.oneof(
      fc.tuple(fc.constantFrom('summary', 'type', 'title', 'owner', 'null', 'tags', 'refs'), value).map(([k, v]) => [`${k}: ${v}`]),
      fc.array(value, { maxLength: 3 }).map((vs) => ['refs:', ...vs.map((v) => `  - ${v}`)]),
      fc.tuple(fc.constantFrom('tags', 'refs', 'covers', 'owner'), fc.array(value, { maxLength: 3 }), fc.constantFrom(', ', ',', ' , '))
        .map(([k, vs, sep]) => [`${k}: [${vs.join(sep)}]`]),
      fc.constantFrom(['tags: [a, b-1, c/d.e]'], ['refs: [ ./a.md ]'], ['tags: [null]'], ['tags: [a,, b]'], ['tags: [a] x'], ['tags: [true, 1e3]']),
      fc.tuple(fc.array(item, { minLength: 1, maxLength: 4 }), fc.constantFrom(0, 2, 4)).map(([items, dash]) => [
        'anchors:',
        ...items.flatMap((fields) =>
          fields.map(([k, v, list], i) => {
            const pad = ' '.repeat(dash + 2);
            const head = i === 0 ? `${' '.repeat(dash)}- ` : pad;
            return list && k === 'at' ? `${head}at:\n${pad}  - ${v}` : `${head}${k}: ${v}`;
          }),
        ),
      ]),
      fc.constantFrom(['anchors: []'], ['tags: []'], [''], ['   '], ['# c'], ['  stray: x']),
    );
    let understood = 0;
    fc.assert(
      fc.property(fc.array(top, { maxLength: 5 }), (parts) => {
        const text = ['---', ...parts.flat(), '---', 'body'].join('\n');
        if (quickHubFacts(text) !== undefined) understood++;
        return agrees(text);
      }),
      { numRuns: 3000, seed: 15 },
    );
    // The property says something only if many of the random hubs are in the subset.
    expect(understood).toBeGreaterThan(300);
  });
});
