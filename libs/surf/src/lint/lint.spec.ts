import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { lintJson } from './lint-finding.js';
import { osaDistance, proseWords } from './lint-hub-rules.js';
import { runLint } from './lint.js';
import { loadWorkspace } from '../workspace/load-workspace.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec, commit = false): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', 'hubs/.keep': '', ...files }, { commit });
  cleanups.push(() => r.dispose());
  return r;
}

const lint = async (files: TreeSpec) => runLint(await loadWorkspace(repo(files).dir));
const one = (claim: string, at: string, extra = ''): string => `---\nsummary: x\nanchors:\n  - claim: ${claim}\n    at: ${at}\n${extra}---\n`;

describe('runLint — site rules', () => {
  it('an unquoted `> #private` anchor, cut by YAML at its comment, says to quote it; quoted, it resolves', async () => {
    const source = 'export class Account {\n  #secret = 1;\n}\n';
    const cut = await lint({ 'src/a.ts': source, 'hubs/a.md': one('the secret', 'src/a.ts > Account > #secret') });
    expect(cut.findings.map((f) => f.message)).toContainEqual(expect.stringContaining('an unquoted ` #` starts a YAML comment, so a `#private` member must be quoted'));
    const quoted = await lint({ 'src/a.ts': source, 'hubs/a.md': one('the secret', '"src/a.ts > Account > #secret"') });
    expect(quoted.findings.filter((f) => f.severity === 'block')).toEqual([]);
  });

  it('a Rust item swallowed by an unclosed one before it: lint and check say the file does not parse, and where', async () => {
    const broken = 'impl Foo {\n    fn first() -> i32 {\n        1\n    }\n\npub fn second() -> i32 {\n    2\n}\n';
    const files = { 'src/lib.rs': broken, 'hubs/a.md': one('second is two', 'src/lib.rs > second', `    hash: 2:${(await hashAnchor('pub fn second() -> i32 {\n    2\n}\n', 'src/lib.rs > second', { recipe: 'v2' })).digest}\n`) };
    const result = await lint(files);
    expect(result.findings.map((f) => [f.severity, f.message])).toContainEqual(['block', '`second` not found (`src/lib.rs` does not parse: a missing `}` at line 8, which can hide the definitions after it; fix it and check again)']);
    const { runCheck } = await import('../check/check.js');
    const check = await runCheck(await loadWorkspace(repo(files).dir), { workers: 0 });
    expect(check.divergences[0]!.detail).toContain('`src/lib.rs` does not parse: a missing `}` at line 8');
  });

  it('a CommonJS member written without its object points at `object > member`', async () => {
    const source = 'var res = Object.create(null);\nres.send = function send(body) {\n  return body;\n};\nmodule.exports = res;\n';
    const result = await lint({ 'lib/res.js': source, 'hubs/a.md': one('send sends', 'lib/res.js > send') });
    expect(result.findings.map((f) => f.message)).toEqual(['`send` not found (claim has no stored hash to match against) — did you mean `lib/res.js > res > send`?']);
  });

  it('a clean anchor has no findings', async () => {
    const result = await lint({ 'src/auth.rs': 'pub fn greet() -> &\'static str { "hi" }\n', 'hubs/a.md': one('greeting exists', 'src/auth.rs > greet') });
    expect(result).toEqual({ findings: [], blocks: 0, warnings: 0, passed: true });
  });

  it('an ambiguous anchor is exactly one block mentioning @N (vectors §1.6)', async () => {
    const result = await lint({ 'src/dup.ts': 'function dup(): void {}\nfunction dup(): void {}\n', 'hubs/a.md': one('dup', 'src/dup.ts > dup') });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ severity: 'block', hub: 'hubs/a.md', at: 'src/dup.ts > dup', claim: 'dup', hubLine: 4 });
    expect(result.findings[0]!.message).toContain('@N');
    expect(result.passed).toBe(false);
    const json = lintJson(result.findings);
    expect(Object.keys(json[0]!)).toEqual(['severity', 'hub', 'at', 'message', 'claim']);
    expect(json[0]!.severity).toBe('block');
  });

  it('a span holding ERROR or MISSING nodes warns; an error elsewhere in the file does not', async () => {
    const files = {
      // `broken` has a stray token (an ERROR node); `unclosed` lacks its `)` (a MISSING node).
      'src/m.ts': 'export function clean(): number {\n  return 1;\n}\nexport function broken(): number {\n  return 1 +* 2;\n}\nexport function unclosed(): void {\n  call(1;\n}\n',
      'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: three functions\n    at:\n      - src/m.ts > clean\n      - src/m.ts > broken\n      - src/m.ts > unclosed\n---\n${'word '.repeat(30)}\n`,
    };
    const result = await lint(files);
    expect(result.passed).toBe(true);
    expect(result.findings.map((f) => [f.severity, f.at, f.message])).toEqual([
      [
        'warn',
        'src/m.ts > broken',
        'anchored span contains a syntax error at src/m.ts:5 — its hash depends on how the parser recovers and is not stable; fix the syntax, or anchor a smaller symbol that parses cleanly',
      ],
      [
        'warn',
        'src/m.ts > unclosed',
        'anchored span contains a missing `)` at src/m.ts:8 — its hash depends on how the parser recovers and is not stable; fix the syntax, or anchor a smaller symbol that parses cleanly',
      ],
    ]);
  });

  it('a vanished symbol blocks, and suppresses coverage nags for its file', async () => {
    const result = await lint({ 'src/m.rs': 'pub fn a() {}\npub fn b() {}\n', 'hubs/a.md': one('c', 'src/m.rs > ghost') });
    expect(result.findings).toEqual([
      expect.objectContaining({ severity: 'block', message: '`ghost` not found (claim has no stored hash to match against)' }),
    ]);
  });

  it('a flat TS method name gets the Class > method hint', async () => {
    const result = await lint({ 'src/svc.ts': 'export class Svc {\n  rotate() { return 1; }\n}\n', 'hubs/a.md': one('c', 'src/svc.ts > rotate') });
    expect(result.findings[0]!.message).toBe(
      '`rotate` not found (claim has no stored hash to match against) — did you mean `Svc > rotate`?',
    );
  });

  it('a not-found anchor names the nearest anchors that resolve', async () => {
    const rust = "pub struct Parser<'a> { input: &'a str }\nimpl<'a> Parser<'a> { pub fn parse(&self) -> usize { 0 } }\n";
    const bare = await lint({ 'src/p.rs': rust, 'hubs/a.md': one('c', 'src/p.rs > parse') });
    expect(bare.findings[0]!.message).toBe(
      '`parse` not found (claim has no stored hash to match against) — did you mean `src/p.rs > Parser > parse`?',
    );
    const typo = await lint({ 'src/p.rs': rust, 'hubs/a.md': one('c', 'src/p.rs > Parser > prase') });
    expect(typo.findings[0]!.message).toBe(
      '`prase` not found (claim has no stored hash to match against) — did you mean `src/p.rs > Parser > parse`?',
    );
  });

  it('a not-found anchor on a local, an import or an attribute says why surf cannot claim it', async () => {
    const py = 'import os\n\nclass Svc:\n    def run(self):\n        self.last = 1\n        total = 2\n        return total\n';
    const messages = async (at: string): Promise<string> => (await lint({ 'src/s.py': py, 'hubs/a.md': one('c', at) })).findings[0]!.message;
    expect(await messages('src/s.py > total')).toBe(
      '`total` not found (claim has no stored hash to match against) — `total` is local to `run`, and surf claims named items, not locals; anchor `run` instead',
    );
    expect(await messages('src/s.py > os')).toMatch(/— `os` is imported here; surf claims an item where it is defined/);
    expect(await messages('src/s.py > Svc > last')).toMatch(/— `last` is an attribute set on an object, which surf cannot claim/);
    // Only read here (defined in another file of the package): no reason is made up.
    const go = await lint({ 'src/m.go': 'package m\n\nfunc Run() int {\n\treturn helper()\n}\n', 'hubs/a.md': one('c', 'src/m.go > helper') });
    expect(go.findings[0]!.message).toBe('`helper` not found (claim has no stored hash to match against)');
    const local = await lint({ 'src/m.go': 'package m\n\nfunc Run() int {\n\tcount := 2\n\treturn count\n}\n', 'hubs/a.md': one('c', 'src/m.go > count') });
    expect(local.findings[0]!.message).toMatch(/— `count` is local to `Run`/);
  });

  it('an item only recipe 3 reaches blocks in a workspace that writes 2: stamps, and passes under 3', async () => {
    const files = { 'src/c.ts': 'export class Account { balance = 0; }\n', 'hubs/a.md': one('c', 'src/c.ts > Account > balance') + `${'word '.repeat(30)}\n` };
    expect((await lint({ ...files, 'surf.toml': 'recipe = 2\n' })).findings.map((f) => f.message)).toEqual([
      "`balance` is claimable under recipe 3 only (the reference's rules do not reach it), and this workspace writes `2:` stamps — set `recipe = 3` in surf.toml, or anchor an item the reference resolves",
    ]);
    expect((await lint(files)).findings).toEqual([]);
  });

  it('a renamed symbol warns and points at --follow; a stamped one with no match blocks', async () => {
    const src = 'pub fn rotate_token(t: &str) -> String { t.to_string() }\n';
    const stored = (await hashAnchor(src, 'src/auth.rs > rotate_token')).stamp;
    const result = await lint({
      'src/auth.rs': src,
      'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: rotation\n    at: src/auth.rs > rotate\n    hash: ${stored}\n  - claim: lost\n    at: src/auth.rs > lost\n    hash: 2:000000000000\n---\n${'word '.repeat(30)}\n`,
    });
    expect(result.findings.map((f) => [f.severity, f.message])).toEqual([
      ['warn', '`rotate` not found, but its code appears to live under `rotate_token` now — run `surf verify --follow`'],
      ['block', '`lost` not found and no current symbol matches the stored hash — the claim points at nothing'],
    ]);
  });

  it('unsupported, unreadable and invalid anchors block with the read_site messages', async () => {
    const result = await lint({
      'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: a\n    at: schema.sql > users\n  - claim: b\n    at: src/gone.rs > f\n  - claim: c\n    at: /etc/x.rs > f\n---\n`,
    });
    expect(result.findings.map((f) => f.message)).toEqual([
      'unsupported file type: schema.sql',
      'cannot read `src/gone.rs` (file moved or removed?)',
      expect.stringMatching(/^invalid anchor: anchor path `\/etc\/x.rs` is absolute/),
      expect.stringMatching(/^thin prose: 0 words of body for 3 claims/),
    ]);
  });

  it('a file git saw renamed warns instead of blocking', async () => {
    const r = repo({ 'src/a.rs': 'pub fn f() {}\n', 'hubs/a.md': one('c', 'src/a.rs > f') }, true);
    r.git('mv', 'src/a.rs', 'src/b.rs');
    const result = await runLint(await loadWorkspace(r.dir));
    expect(result.findings).toEqual([
      expect.objectContaining({ severity: 'warn', message: '`src/a.rs` appears to have moved — run `surf verify --follow`' }),
    ]);
  });

  it('a near-whole-file span warns', async () => {
    const body = Array.from({ length: 40 }, (_, i) => `    let x${i} = ${i};\n`).join('');
    const result = await lint({ 'src/m.rs': `pub fn big() {\n${body}}\n`, 'hubs/a.md': one('big does', 'src/m.rs > big') });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.message).toBe(
      'anchored span covers 100% of src/m.rs (42/42 lines) — a near-whole-file anchor re-triggers verification on any edit; point at a narrower symbol',
    );
  });
});

describe('runLint — coverage', () => {
  it('warns once per unanchored public callable, workspace-wide', async () => {
    const single = await lint({ 'src/m.rs': 'pub fn a() {}\npub fn b() {}\nfn private() {}\n', 'hubs/a.md': one('a does', 'src/m.rs > a') });
    expect(single.findings).toEqual([
      {
        severity: 'warn',
        hub: 'hubs/a.md',
        at: 'src/m.rs > b',
        message: 'public symbol `b` in src/m.rs has no claim in any hub — add an anchor or accept it as intentionally undocumented',
        claim: '',
        file: 'src/m.rs',
      },
    ]);
    const split = await lint({ 'src/m.rs': 'pub fn a() {}\npub fn b() {}\n', 'hubs/a.md': one('a', 'src/m.rs > a'), 'hubs/b.md': one('b', 'src/m.rs > b') });
    expect(split.findings).toEqual([]);
  });

  it('counts Go methods and attributes nags to the first hub anchoring the file', async () => {
    const go = 'package m\n\ntype Builder struct{}\n\nfunc NewBuilder() *Builder { return &Builder{} }\n\nfunc (b *Builder) Set() {}\n\nfunc (b *Builder) Del() {}\n';
    const result = await lint({ 'src/m.go': go, 'hubs/z.md': one('ctor', 'src/m.go > NewBuilder'), 'hubs/b.md': one('set', 'src/m.go > Builder > Set') });
    expect(result.findings.map((f) => [f.hub, f.at])).toEqual([['hubs/b.md', 'src/m.go > Builder > Del']]);
  });
});

describe('runLint — hub rules', () => {
  const fns = (n: number) => Array.from({ length: n }, (_, i) => `pub fn f${i}() {}\n`).join('');
  const claims = (n: number) => Array.from({ length: n }, (_, i) => `  - claim: c${i}\n    at: src/m.rs > f${i}\n`).join('');

  it('too many anchors, claim-log and thin prose', async () => {
    const result = await lint({ 'src/m.rs': fns(13), 'hubs/a.md': `---\nsummary: x\nanchors:\n${claims(13)}---\n# H\n` });
    expect(result.findings.map((f) => f.message.split(' —')[0])).toEqual([
      '13 claims, all single-site',
      'thin prose: 2 words of body for 13 claims',
      '13 anchors in one hub (> 12)',
    ]);
    const consolidated = await lint({
      'src/m.rs': fns(4),
      'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: pair\n    at:\n      - src/m.rs > f0\n      - src/m.rs > f1\n${claims(4).split('\n').slice(4).join('\n')}---\n# H\n\n${'prose '.repeat(200)}\n`,
    });
    expect(consolidated.findings).toEqual([]);
  });

  it('covers: an invalid glob blocks; an own file outside every glob warns', async () => {
    const bad = await lint({ 'src/auth.rs': 'pub fn greet() {}\n', 'hubs/a.md': one('g', 'src/auth.rs > greet').replace('anchors:', "covers:\n  - 'src/[unterminated'\nanchors:") });
    expect(bad.findings).toEqual([expect.objectContaining({ severity: 'block', at: 'src/[unterminated', message: expect.stringMatching(/^invalid `covers` glob "src\/\[unterminated": /) })]);
    const outside = await lint({ 'src/auth.rs': 'pub fn greet() {}\n', 'hubs/a.md': one('g', 'src/auth.rs > greet').replace('anchors:', 'covers:\n  - lib/**\nanchors:') });
    expect(outside.findings).toEqual([expect.objectContaining({ severity: 'warn', at: 'src/auth.rs' })]);
    const inside = await lint({ 'src/auth.rs': 'pub fn greet() {}\n', 'hubs/a.md': one('g', 'src/auth.rs > greet').replace('anchors:', 'covers:\n  - src/**\nanchors:') });
    expect(inside.findings).toEqual([]);
  });

  it('refs: missing, self, malformed and unmatched claim refs block; good ones are silent', async () => {
    const result = await lint({
      'src/auth.rs': 'pub fn greet() {}\n',
      'hubs/a.md': `---\nsummary: x\nrefs:\n  - ./b.md\n  - ./b.md > greet\n  - ./gone.md\n  - ./a.md\n  - '> dangling'\n  - ./b.md > nonexistent\n  - ../docs/guide.md\n---\n`,
      'hubs/b.md': one('g', 'src/auth.rs > greet'),
    });
    expect(result.findings.map((f) => [f.at, f.message])).toEqual([
      ['./gone.md', 'ref "./gone.md" does not resolve to a hub (looked for `hubs/gone.md`) — `refs` compose hubs, not arbitrary files'],
      ['./a.md', 'ref "./a.md" points at its own hub'],
      ['> dangling', 'invalid `refs` entry "> dangling": ref has no hub path'],
      ['./b.md > nonexistent', 'ref "./b.md > nonexistent" names a claim `nonexistent` that no anchor in `hubs/b.md` matches'],
      ['../docs/guide.md', 'ref "../docs/guide.md" does not resolve to a hub (looked for `docs/guide.md`) — `refs` compose hubs, not arbitrary files'],
    ]);
    expect(result.blocks).toBe(5);
    const broken = await lint({ 'hubs/a.md': '---\nsummary: x\nrefs:\n  - ./b.md\n---\n', 'hubs/b.md': '---\nanchors: [\n---\n' });
    expect(broken.findings.map((f) => [f.hub, f.message])).toContainEqual(['hubs/a.md', 'ref "./b.md" points at `hubs/b.md`, which does not parse — fix that hub first (its own finding says how)']);
  });

  it('frontmatter: typo keys warn, OKF keys do not; an anchored hub needs a headline', async () => {
    const typo = await lint({ 'hubs/a.md': '---\nsummary: x\nanchros:\n  - claim: c\n    at: src/m.rs > add\n---\n' });
    expect(typo.findings).toEqual([expect.objectContaining({ severity: 'warn', message: expect.stringContaining('did you mean `anchors`') })]);
    const okf = await lint({ 'src/m.rs': 'pub fn a() {}\n', 'hubs/a.md': '---\ntype: Runbook\ndescription: how to deploy\nauthor: rachel\nanchors:\n  - claim: a\n    at: src/m.rs > a\n---\n' });
    expect(okf.findings).toEqual([]);
    const headless = await lint({ 'src/m.rs': 'pub fn a() {}\n', 'hubs/a.md': '---\ntype: concept\nanchors:\n  - claim: a does a\n    at: src/m.rs > a\n---\n' });
    expect(headless.findings).toEqual([expect.objectContaining({ severity: 'warn', message: expect.stringContaining('no headline') })]);
  });

  it('OKF cross-links: a missing target warns; URLs, anchors and existing targets are silent', async () => {
    const result = await lint({
      'hubs/orders.md': '---\ntype: BigQuery Table\ndescription: orders\n---\n# Orders\n\nJoined with [customers](./customers.md), [docs](https://x.io/a.md), [top](#orders), [root](/hubs/orders.md) and [gone](/nope.md#x).\n',
    });
    expect(result.findings.map((f) => [f.severity, f.at])).toEqual([
      ['warn', './customers.md'],
      ['warn', '/nope.md#x'],
    ]);
  });

  it('reserved OKF files are not linted; a malformed concept hub blocks', async () => {
    const result = await lint({ 'hubs/index.md': '# Sales\n\n- [orders](./orders.md)\n', 'hubs/bad.md': '---\nanchors: [\n---\n' });
    expect(result.findings).toEqual([
      expect.objectContaining({ severity: 'block', hub: 'hubs/bad.md', at: '', claim: '', message: expect.stringMatching(/^invalid hub: invalid frontmatter: /) }),
    ]);
  });
});

describe('runLint — AGENTS.md pointer', () => {
  const agents = async (files: TreeSpec) => (await lint(files)).findings.filter((f) => f.hub === 'AGENTS.md');

  it('is opt-in and checks the link and the directory', async () => {
    expect(await agents({ 'AGENTS.md': '# Agents\n<!-- surf:hubs -->\nContext lives in [`hubs/`](./hubs/) — search it.\n<!-- /surf:hubs -->\n' })).toEqual([]);
    expect(await agents({ 'AGENTS.md': '# Agents\nsee [hubs](./nothubs/)\n' })).toEqual([]);
    expect(await agents({})).toEqual([]);
    expect(await agents({ 'AGENTS.md': '<!-- surf:hubs -->\nsee [stuff](./nothubs/)\n<!-- /surf:hubs -->\n' })).toEqual([
      {
        severity: 'block',
        hub: 'AGENTS.md',
        at: '',
        claim: '',
        message: '`surf:hubs` block must link the hubs directory `hubs/` and it must exist — agents read it to find context',
      },
    ]);
  });
});

describe('lint helpers', () => {
  it('osaDistance counts a transposition as one edit', () => {
    expect(osaDistance('anchros', 'anchors')).toBe(1);
    expect(osaDistance('anchor', 'anchors')).toBe(1);
    expect(osaDistance('titel', 'title')).toBe(1);
    expect(osaDistance('tg', 'tags')).toBe(2);
    expect(osaDistance('anchors', 'anchors')).toBe(0);
  });

  it('proseWords skips fenced code', () => {
    expect(proseWords('one two\n```\nnot counted here\n```\nthree')).toBe(3);
  });
});
