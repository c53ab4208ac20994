import { describe, expect, it } from 'vitest';
import { hubKindOf } from './hub-kind.js';
import { claimSites } from './hub-types.js';
import { parseHub } from './parse-hub.js';
import { rustLines } from './rust-lines.js';
import { HubParseError } from './hub-parse-error.js';

function parseError(text: string): HubParseError {
  try {
    parseHub(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HubParseError);
    return error as HubParseError;
  }
  throw new Error('expected parseHub to throw');
}

const HUB = [
  '---',
  'title: Auth',
  'summary: how tokens rotate',
  'anchors:',
  '  - claim: refresh rotation is single-use',
  '    at: src/auth/refresh.ts > rotateRefreshToken',
  '    hash: 2:abc123def456',
  '  - claim: two sites',
  '    at:',
  '      - a.rs > f',
  '      - b.rs > g',
  '---',
  '# Auth',
  '',
  'Body text.',
  '',
].join('\n');

describe('parseHub: fences (spec §2.1)', () => {
  it('reads frontmatter and body', () => {
    const hub = parseHub(HUB);
    expect(hub.title).toBe('Auth');
    expect(hub.summary).toBe('how tokens rotate');
    expect(hub.anchors).toHaveLength(2);
    // Rust str::lines drops the final empty line, so the body has no trailing newline.
    expect(hub.body).toBe('# Auth\n\nBody text.');
  });

  it('applies the documented defaults', () => {
    const hub = parseHub('---\n---\n');
    expect(hub).toMatchObject({ type: 'concept', title: undefined, summary: undefined, timestamp: undefined });
    expect(hub.tags).toEqual([]);
    expect(hub.anchors).toEqual([]);
    expect(hub.refs).toEqual([]);
    expect(hub.covers).toEqual([]);
    expect([...hub.extra]).toEqual([]);
    expect(hub.body).toBe('');
  });

  it('treats a comment-only or null frontmatter as empty', () => {
    expect(parseHub('---\n# nothing yet\n---\n').anchors).toEqual([]);
    expect(parseHub('---\n~\n---\n').type).toBe('concept');
  });

  it('accepts a UTF-8 byte-order mark before the opening fence (the reference rejects it; Windows editors save one)', () => {
    expect(parseHub('\uFEFF---\nsummary: x\n---\nbody').summary).toBe('x');
    // Only right before the fence: a mark anywhere else is not a fence.
    expect(parseError('\uFEFF\uFEFF---\nsummary: x\n---\n').kind).toBe('MissingFrontmatter');
  });

  it('accepts fences with trailing whitespace', () => {
    const hub = parseHub('---  \t\nsummary: x\n--- \nbody');
    expect(hub.summary).toBe('x');
    expect(hub.body).toBe('body');
  });

  it.each([
    ['empty text', ''],
    ['no fence', '# Title\n\n---\nsummary: x\n---\n'],
    ['indented fence', ' ---\nsummary: x\n---\n'],
    ['longer fence', '----\nsummary: x\n----\n'],
  ])('MissingFrontmatter: %s', (_name, text) => {
    const error = parseError(text);
    expect(error.kind).toBe('MissingFrontmatter');
    expect(error.code).toBe('SURF_BAD_HUB');
    expect(error.message).toBe('hub must begin with a `---`-fenced YAML frontmatter block');
  });

  it.each([
    ['no closing fence', '---\nsummary: x\nanchors: []\n'],
    ['only an opening fence', '---'],
    ['indented closing fence', '---\nsummary: x\n  ---\n'],
  ])('UnterminatedFrontmatter: %s', (_name, text) => {
    const error = parseError(text);
    expect(error.kind).toBe('UnterminatedFrontmatter');
    expect(error.message).toBe('frontmatter block is not closed with `---`');
  });

  it('vectors §1.6: the malformed hub is a Yaml error', () => {
    const error = parseError('---\nsummary: x\nanchors:\n  - claim: [unterminated\n---\n');
    expect(error.kind).toBe('Yaml');
    expect(error.message.startsWith('invalid frontmatter: ')).toBe(true);
    expect(error.message).toBe(`invalid frontmatter: ${error.detail}`);
    // Positions are hub-file lines: the flow sequence opens on line 5.
    expect(error.line).toBeGreaterThanOrEqual(5);
  });

  it('rejects duplicate keys', () => {
    const error = parseError('---\nsummary: a\nsummary: b\n---\n');
    expect(error.kind).toBe('Yaml');
    expect(error.line).toBe(3);
  });

  it('parses a CRLF hub like its LF twin', () => {
    const crlf = HUB.replaceAll('\n', '\r\n');
    const a = parseHub(crlf);
    const b = parseHub(HUB);
    expect(a.anchors).toEqual(b.anchors);
    expect(a.summary).toBe('how tokens rotate');
    expect(a.body).toBe(b.body);
  });
});

describe('rustLines', () => {
  it('follows Rust str::lines', () => {
    expect(rustLines('')).toEqual([]);
    expect(rustLines('\n')).toEqual(['']);
    expect(rustLines('a\nb')).toEqual(['a', 'b']);
    expect(rustLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(rustLines('a\n\nb\n')).toEqual(['a', '', 'b']);
    expect(rustLines('a\r\r\nb')).toEqual(['a\r', 'b']);
    // A lone `\r` at the very end is not a line terminator.
    expect(rustLines('a\nb\r')).toEqual(['a', 'b\r']);
  });
});

describe('parseHub: hub keys (spec §2.2)', () => {
  it('types the known keys', () => {
    const hub = parseHub(
      [
        '---',
        'type: guide',
        'title: T',
        'tags: [a, b]',
        'timestamp: 2026-07-01T16:53:08Z',
        'refs:',
        '  - ./other.md > f',
        'covers: ["src/**"]',
        '---',
      ].join('\n'),
    );
    expect(hub.type).toBe('guide');
    expect(hub.title).toBe('T');
    expect(hub.tags).toEqual(['a', 'b']);
    expect(hub.timestamp).toBe('2026-07-01T16:53:08Z');
    expect(hub.refs).toEqual(['./other.md > f']);
    expect(hub.covers).toEqual(['src/**']);
  });

  it('preserves unknown keys in source order', () => {
    const hub = parseHub(
      [
        '---',
        'description: what this is',
        'summary: s',
        'resource: https://example.invalid/x',
        'author: someone',
        'created: 2024-01-02',
        'pinned: true',
        'weights: {a: 1, b: [2, 3]}',
        '10: numeric key',
        '---',
      ].join('\n'),
    );
    expect([...hub.extra.keys()]).toEqual(['description', 'resource', 'author', 'created', 'pinned', 'weights', '10']);
    expect(hub.extra.get('description')).toBe('what this is');
    expect(hub.extra.get('created')).toBe('2024-01-02');
    expect(hub.extra.get('pinned')).toBe(true);
    expect(hub.extra.get('weights')).toEqual({ a: 1, b: [2, 3] });
    expect(hub.extra.get('10')).toBe('numeric key');
    expect(hub.summary).toBe('s');
  });

  it('keeps plain scalars of string keys as written', () => {
    const hub = parseHub('---\ntitle: 123\nsummary: 0x1f\ntags: [1e5, true, "null", 2024-01-02]\n---\n');
    expect(hub.title).toBe('123');
    expect(hub.summary).toBe('0x1f');
    expect(hub.tags).toEqual(['1e5', 'true', 'null', '2024-01-02']);
  });

  it.each([
    ['a non-mapping frontmatter', '---\n- a\n- b\n---\n', 'expected a mapping of keys to values'],
    ['tags as a scalar', '---\ntags: a\n---\n', 'tags: expected a list of strings'],
    ['a null list', '---\nrefs:\n---\n', 'refs: expected a list of strings'],
    ['a nested list item', '---\ntags: [[a]]\n---\n', 'tags[0]: expected a string'],
    ['a null type', '---\ntype: ~\n---\n', 'type: expected a string, found null'],
    ['a mapping title', '---\ntitle: {a: 1}\n---\n', 'title: expected a string'],
    ['anchors as a mapping', '---\nanchors: {claim: x}\n---\n', 'anchors: expected a list of claims'],
    ['a null anchors', '---\nanchors:\n---\n', 'anchors: expected a list of claims'],
    ['a scalar claim', '---\nanchors:\n  - just text\n---\n', 'anchors[0]: expected a mapping'],
    ['a non-string key', '---\n[a, b]: c\n---\n', 'keys must be strings'],
    ['a duplicate key spelled two ways', '---\n1: a\n"1": b\n---\n', 'duplicate field `1`'],
  ])('rejects %s', (_name, text, fragment) => {
    const error = parseError(text);
    expect(error.kind).toBe('Yaml');
    expect(error.message).toContain(fragment);
    expect(error.message).toMatch(/ at line \d+, column \d+$/);
  });
});

describe('parseHub: claims (spec §2.3)', () => {
  it('reads single and list anchors, hash and positions', () => {
    const [first, second] = parseHub(HUB).anchors;
    expect(first).toEqual({
      index: 0,
      line: 5,
      hashLine: 7,
      id: undefined,
      claim: 'refresh rotation is single-use',
      at: 'src/auth/refresh.ts > rotateRefreshToken',
      hash: '2:abc123def456',
      verifiedAt: undefined,
      verifiedCommit: undefined,
      ignoreLiterals: false,
    });
    expect(second.at).toEqual(['a.rs > f', 'b.rs > g']);
    expect(claimSites(second)).toEqual(['a.rs > f', 'b.rs > g']);
    expect(claimSites(first)).toEqual(['src/auth/refresh.ts > rotateRefreshToken']);
    expect(second.line).toBe(8);
    expect(second.hashLine).toBeUndefined();
    expect(second.hash).toBeUndefined();
  });

  it.each([
    ['2:abc123def456'],
    ['123456789012'],
    ['1e5'],
    ['0x1f'],
    ['0o17'],
    ['1:20:30'],
    ['0123'],
    ['9b1c33a'],
    ['.inf'],
    ['true'],
  ])('hash: %s stays that exact string', (value) => {
    const hub = parseHub(`---\nanchors:\n  - claim: c\n    at: a.rs > f\n    hash: ${value}\n---\n`);
    expect(hub.anchors[0].hash).toBe(value);
  });

  it('reads quoted and null hashes', () => {
    const quoted = parseHub("---\nanchors:\n  - claim: c\n    at: a.rs > f\n    hash: '123'\n---\n");
    expect(quoted.anchors[0].hash).toBe('123');
    const empty = parseHub('---\nanchors:\n  - claim: c\n    at: a.rs > f\n    hash:\n---\n');
    expect(empty.anchors[0].hash).toBeUndefined();
    expect(empty.anchors[0].hashLine).toBeUndefined();
  });

  it('reads every claim key', () => {
    const hub = parseHub(
      [
        '---',
        'anchors:',
        '  - claim: |',
        '      multi',
        '      line',
        '    id: c_18be38a62d95d1d80001',
        '    at: a.rs > f',
        '    hash: 2:f1075e760a17',
        '    verified_at: 2026-07-01T16:53:08Z',
        '    verified_commit: 0123456789012345678901234567890123456789',
        '    ignore_literals: True',
        '---',
      ].join('\n'),
    );
    expect(hub.anchors[0]).toMatchObject({
      claim: 'multi\nline\n',
      id: 'c_18be38a62d95d1d80001',
      hash: '2:f1075e760a17',
      hashLine: 8,
      verifiedAt: '2026-07-01T16:53:08Z',
      verifiedCommit: '0123456789012345678901234567890123456789',
      ignoreLiterals: true,
    });
  });

  it('rejects an unknown claim key, naming it and its line', () => {
    const error = parseError(['---', 'anchors:', '  - claim: c', '    at: a.rs > f', '    hahs: 2:abc', '---'].join('\n'));
    expect(error.kind).toBe('Yaml');
    expect(error.message).toContain('unknown field `hahs`');
    expect(error.message).toContain('anchors[0]');
    expect(error.line).toBe(5);
    expect(error.column).toBe(5);
  });

  it.each([
    ['a missing claim', '  - at: a.rs > f', 'anchors[0]: missing field `claim`'],
    ['a missing at', '  - claim: c', 'anchors[0]: missing field `at`'],
    ['a null at', '  - claim: c\n    at:', 'anchors[0].at: expected an anchor string'],
    ['a mapping at', '  - claim: c\n    at: {a: b}', 'anchors[0].at: expected an anchor string'],
    ['a null claim', '  - claim:\n    at: a.rs > f', 'anchors[0].claim: expected a string, found null'],
    ['a list item that is null', '  - claim: c\n    at: [a.rs > f, ~]', 'anchors[0].at[1]: expected a string'],
    ['ignore_literals: yes', '  - claim: c\n    at: a.rs > f\n    ignore_literals: yes', 'expected a boolean'],
    ['ignore_literals quoted', '  - claim: c\n    at: a.rs > f\n    ignore_literals: "true"', 'expected a boolean'],
    ['a repeated key', '  - claim: c\n    at: a.rs > f\n    at: b.rs > g', 'unique'],
  ])('rejects %s', (_name, items, fragment) => {
    const error = parseError(`---\nanchors:\n${items}\n---\n`);
    expect(error.kind).toBe('Yaml');
    expect(error.message).toContain(fragment);
  });

  it('records the dash line even when the item body starts on a later line', () => {
    const hub = parseHub(
      ['---', 'anchors:', '  # first', '  -', '    # note', '    claim: c', '    at: a.rs > f', '  - claim: d', '    at: b.rs > g', '---'].join(
        '\n',
      ),
    );
    expect(hub.anchors.map((c) => c.line)).toEqual([4, 8]);
  });

  it('reads flow-style claims (item line = where the item starts)', () => {
    const hub = parseHub('---\nanchors: [{claim: c, at: a.rs > f, hash: 2:abc}]\n---\n');
    expect(hub.anchors[0]).toMatchObject({ claim: 'c', at: 'a.rs > f', hash: '2:abc', line: 2, hashLine: 2 });
  });

  it('rejects an alias with no anchor', () => {
    const error = parseError('---\nsummary: *nowhere\n---\n');
    expect(error.kind).toBe('Yaml');
    expect(error.message).toContain('nowhere');
  });

  it('resolves aliases', () => {
    const hub = parseHub('---\nx: &site a.rs > f\nanchors:\n  - claim: c\n    at: *site\n---\n');
    expect(hub.anchors[0].at).toBe('a.rs > f');
  });
});

describe('hubKindOf (spec §2.4)', () => {
  it.each([
    ['hubs/index.md', 'Index'],
    ['index.md', 'Index'],
    ['docs/okf/log.md', 'Log'],
    ['log.md', 'Log'],
    ['hubs/auth.md', 'Concept'],
    ['hubs/INDEX.md', 'Concept'],
    ['hubs/index.markdown', 'Concept'],
    ['index.md/x.md', 'Concept'],
  ])('%s → %s', (path, kind) => {
    expect(hubKindOf(path)).toBe(kind);
  });

  it('parseHub sets the kind from the path', () => {
    expect(parseHub('---\n---\n', { path: 'bundle/index.md' }).kind).toBe('Index');
    expect(parseHub('---\n---\n', { path: 'bundle/log.md' }).kind).toBe('Log');
    expect(parseHub('---\n---\n', { path: 'bundle/a.md' }).kind).toBe('Concept');
    expect(parseHub('---\n---\n').kind).toBe('Concept');
  });
});
