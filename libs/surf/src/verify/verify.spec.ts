import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { generateClaimId } from '../hub-edit/claim-id.js';
import { parseHub } from '../hub/parse-hub.js';
import { checkColdAndWarm } from '../cache/warm-check.test-helpers.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { type VerifyClock, formatUtcSeconds, runVerify } from './verify.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec, commit = false): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', ...files }, { commit });
  cleanups.push(() => r.dispose());
  return r;
}

// Vector G1: v1 = v2 = f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
// Vector G5 (Go): v1 942af2641116, v2 5bb84c760e6b.
const G5 = 'package x\n\nfunc Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n';

const NOW = new Date('2026-07-01T16:53:08.750Z');
const NS = 1_782_924_788_750_000_000n;
const clock: VerifyClock = { now: () => NOW, nowNs: () => NS };

const read = (r: TempRepo, path = 'hubs/a.md'): string => readFileSync(join(r.dir, path), 'utf8');
const verify = async (r: TempRepo, options: Parameters<typeof runVerify>[1] = {}) =>
  runVerify(await loadWorkspace(r.dir), { clock, ...options });

describe('a hub saved with a UTF-8 byte-order mark (Windows editors add one)', () => {
  it('is read like any hub, stamped with its BOM kept, and then checks clean', async () => {
    const hub = '\ufeff---\nsummary: s\nanchors:\n  - claim: add sums\n    at: src/m.rs > add\n---\n# Body\n';
    const r = repo({ 'surf.toml': 'recipe = 2\n', 'src/m.rs': G1, 'hubs/a.md': hub });
    const before = await checkColdAndWarm(await loadWorkspace(r.dir), { workers: 0 });
    expect(before.divergences.map((d) => d.kind)).toEqual(['unverified']);
    expect(await verify(r)).toMatchObject({ stamped: 1, errors: 0 });
    const bytes = readFileSync(join(r.dir, 'hubs/a.md'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(read(r)).toContain('    hash: 2:f1075e760a17\n');
    expect((await checkColdAndWarm(await loadWorkspace(r.dir), { workers: 0 })).passed).toBe(true);
  });
});

describe('runVerify — stamping (vectors §1.6)', () => {
  // Recipe 2 is written only where surf.toml says `recipe = 2` (recipe 3 is the default).
  it('writes `hash: 2:<raw_v2>` with provenance, then is a byte-identical no-op', async () => {
    const r = repo({ 'surf.toml': 'recipe = 2\n', 'src/m.rs': G1, 'hubs/a.md': '---\nsummary: s\nanchors:\n  - claim: add sums\n    at: src/m.rs > add\n---\n# Body\n' });
    const first = await verify(r);
    expect(first).toMatchObject({ stamped: 1, unchanged: 0, errors: 0, updatedFiles: ['hubs/a.md'] });
    expect(first.anchors).toEqual([{ hub: 'hubs/a.md', at: 'src/m.rs > add', outcome: 'stamped', hubLine: 4 }]);
    // Outside a git repository there is no verified_commit.
    expect(read(r)).toBe(
      `---\nsummary: s\nanchors:\n  - claim: add sums\n    at: src/m.rs > add\n    hash: 2:f1075e760a17\n    id: ${generateClaimId(NS, 1)}\n    verified_at: 2026-07-01T16:53:08Z\n---\n# Body\n`,
    );
    const after = read(r);
    const second = await verify(r);
    expect(second).toMatchObject({ stamped: 0, unchanged: 1, errors: 0, updatedFiles: [] });
    expect(read(r)).toBe(after);
    expect((await checkColdAndWarm(await loadWorkspace(r.dir), { workers: 0 })).passed).toBe(true);
  });

  it('upgrades a still-matching v1 stamp to v2 once, then stays idempotent', async () => {
    const r = repo({ 'surf.toml': 'recipe = 2\n', 'x.go': G5, 'hubs/a.md': '---\nsummary: s\nanchors:\n  - claim: c\n    at: x.go > Add\n    hash: 942af2641116\n---\n' });
    expect((await verify(r)).stamped).toBe(1);
    expect(parseHub(read(r)).anchors[0]!.hash).toBe('2:5bb84c760e6b');
    expect(await verify(r)).toMatchObject({ stamped: 0, unchanged: 1 });
  });

  it('records verified_commit inside a repository and keeps the id across re-stamps', async () => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': '---\nsummary: s\nanchors:\n  - claim: c\n    at: src/m.rs > add\n---\n' }, true);
    const head = r.git('rev-parse', 'HEAD');
    await verify(r);
    const first = parseHub(read(r)).anchors[0]!;
    expect(first).toMatchObject({ verifiedCommit: head, verifiedAt: '2026-07-01T16:53:08Z', id: generateClaimId(NS, 1) });
    r.write({ 'src/m.rs': G1.replace('a + b', 'a - b') });
    const later = new Date('2026-08-02T01:02:03Z');
    await verify(r, { clock: { now: () => later, nowNs: () => NS + 5n } });
    const second = parseHub(read(r)).anchors[0]!;
    expect(second.id).toBe(first.id);
    expect(second.verifiedAt).toBe('2026-08-02T01:02:03Z');
    expect(second.hash).toBe((await hashAnchor(G1.replace('a + b', 'a - b'), 'src/m.rs > add')).stamp);
  });

  it('gives distinct ids to claims stamped in one run and edits only their lines', async () => {
    const text =
      '---\n# keep this comment\nsummary: s\nanchors:\n  - claim: one\n    at: src/m.rs > add\n\n  - claim: two\n    at: src/m.rs > add\n    hash: 2:f1075e760a17\n  - claim: three\n    at: src/m.rs > add\n    hash: 2:000000000000\nextra: [1, 2]\n---\nbody\n';
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': text });
    const result = await verify(r);
    expect(result).toMatchObject({ stamped: 2, unchanged: 1 });
    const lines = read(r).split('\n');
    const before = text.split('\n');
    // Every original line survives in order; only stamp and provenance lines were added or replaced.
    const removed = before.filter((line) => !lines.includes(line));
    expect(removed).toEqual(['    hash: 2:000000000000']);
    const hub = parseHub(read(r));
    expect(hub.anchors.map((c) => c.id)).toEqual([generateClaimId(NS, 1), undefined, generateClaimId(NS, 2)]);
    expect(hub.extra.get('extra')).toEqual([1, 2]);
  });

  it('skips (as an error) a claim that does not resolve, leaving the hub alone', async () => {
    const text = '---\nsummary: s\nanchors:\n  - claim: c\n    at: src/m.rs > ghost\n---\n';
    const r = repo({ 'src/m.rs': 'pub fn other() {}\n', 'hubs/a.md': text });
    const result = await verify(r);
    expect(result).toMatchObject({ stamped: 0, errors: 1, updatedFiles: [] });
    expect(result.anchors[0]).toMatchObject({ outcome: 'skipped', reason: 'no symbol `ghost` found at this path' });
    expect(read(r)).toBe(text);
  });

  it('filters by an exact `at:` site and errors when nothing matches', async () => {
    const r = repo({
      'src/m.rs': `${G1}pub fn sub(a: i64) -> i64 { a }\n`,
      'hubs/a.md': '---\nsummary: s\nanchors:\n  - claim: a\n    at: src/m.rs > add\n  - claim: b\n    at:\n      - src/m.rs > sub\n      - src/m.rs > add\n---\n',
    });
    const one = await verify(r, { target: 'src/m.rs > sub' });
    expect(one.anchors.map((a) => a.at)).toEqual(['src/m.rs > sub  +  src/m.rs > add']);
    expect(parseHub(read(r)).anchors.map((c) => c.hash === undefined)).toEqual([true, false]);
    const error = await verify(r, { target: 'src/m.rs > nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_NO_MATCH');
    expect((error as SurfError).message.startsWith('no anchor matching `src/m.rs > nope`')).toBe(true);
  });

  it('leaves malformed hubs alone and says so', async () => {
    const r = repo({ 'hubs/bad.md': '---\nanchors: [\n---\n', 'hubs/index.md': '# not a hub' });
    const result = await verify(r);
    expect(result.skippedHubs).toEqual([{ hub: 'hubs/bad.md', message: expect.stringMatching(/^invalid hub: invalid frontmatter: /) }]);
    expect(result.errors).toBe(0);
  });

  it('refuses layouts it cannot edit in place, and a hub changed since it was read', async () => {
    const flow = '---\nsummary: s\nanchors: [{claim: c, at: src/m.rs > add}]\n---\n';
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': flow, 'hubs/b.md': '---\nsummary: s\nanchors:\n  - claim: c\n    at: src/m.rs > add\n---\n' });
    const ws = await loadWorkspace(r.dir);
    writeFileSync(join(r.dir, 'hubs/b.md'), '---\nsummary: edited meanwhile\nanchors: []\n---\n');
    const result = await runVerify(ws, { clock });
    expect(result.errors).toBe(2);
    expect(result.anchors[0]!.reason).toMatch(/^could not write hash: cannot edit this claim in place/);
    expect(result.anchors[1]!.reason).toMatch(/changed on disk while surf was updating it/);
    expect(read(r)).toBe(flow);
    expect(read(r, 'hubs/b.md')).toBe('---\nsummary: edited meanwhile\nanchors: []\n---\n');
  });
});

describe('runVerify --follow', () => {
  const stored = async (source: string, at: string) => (await hashAnchor(source, at)).stamp;

  it('re-points a renamed symbol (vectors §1.5 shape) without re-stamping an unchanged hash', async () => {
    const src = 'pub fn rotate_token(t: &str) -> String { t.to_string() }\n';
    const hash = await stored(src.replace('rotate_token', 'rotate'), 'src/a.rs > rotate');
    const text = `---\nsummary: s\nanchors:\n  - claim: rotation\n    at: src/a.rs > rotate\n    hash: ${hash}\n---\n`;
    const r = repo({ 'src/a.rs': src, 'hubs/a.md': text });
    const without = await verify(r);
    expect(without.anchors[0]).toMatchObject({ outcome: 'skipped', reason: 'no symbol `rotate` found at this path' });
    const result = await verify(r, { follow: true });
    expect(result).toMatchObject({ stamped: 1, errors: 0 });
    expect(result.anchors[0]).toMatchObject({ outcome: 'followed', newAt: 'src/a.rs > rotate_token' });
    // The symbol's own name is a placeholder, so the stamp is unchanged: only `at:` moves.
    expect(read(r)).toBe(text.replace('at: src/a.rs > rotate\n', 'at: src/a.rs > rotate_token\n'));
  });

  it('re-points a file renamed with git mv, uncommitted and committed', async () => {
    const src = 'pub fn rotate(t: &str) -> String { t.to_string() }\n';
    const hash = await stored(src, 'src/a.rs > rotate');
    const hubText = (at: string) => `---\nsummary: s\nanchors:\n  - claim: rotation\n    at: ${at}\n    hash: ${hash}\n---\n`;
    const r = repo({ 'src/a.rs': src, 'hubs/a.md': hubText('src/a.rs > rotate') }, true);
    r.git('mv', 'src/a.rs', 'src/b.rs');
    const staged = await verify(r, { follow: true });
    expect(staged.anchors[0]).toMatchObject({ outcome: 'followed', newAt: 'src/b.rs > rotate' });
    expect(read(r)).toBe(hubText('src/b.rs > rotate'));
    r.commit('move');
    r.git('mv', 'src/b.rs', 'src/c.rs');
    r.commit('move again');
    const committed = await verify(r, { follow: true });
    expect(committed.anchors[0]).toMatchObject({ outcome: 'followed', newAt: 'src/c.rs > rotate' });
    expect(read(r)).toBe(hubText('src/c.rs > rotate'));
  });

  it('follows a file move that also renamed the symbol; refuses one that changed the code', async () => {
    const src = 'pub fn rotate(t: &str) -> String {\n    let x = t.trim();\n    x.to_string()\n}\n';
    const hash = await stored(src, 'src/a.rs > rotate');
    const hubText = `---\nsummary: s\nanchors:\n  - claim: r\n    at: src/a.rs > rotate\n    hash: ${hash}\n  - claim: s\n    at: src/z.rs > spin\n    hash: ${hash}\n---\n`;
    const r = repo({ 'src/a.rs': src, 'src/z.rs': src.replace('rotate', 'spin'), 'hubs/a.md': hubText }, true);
    r.git('mv', 'src/a.rs', 'src/b.rs');
    r.git('mv', 'src/z.rs', 'src/y.rs');
    r.write({ 'src/b.rs': src.replace('rotate', 'turn'), 'src/y.rs': src.replace('rotate', 'spin').replace('trim()', 'trim_end()') });
    const result = await verify(r, { follow: true });
    expect(result.anchors.map((a) => [a.outcome, a.newAt ?? a.reason])).toEqual([
      ['followed', 'src/b.rs > turn'],
      ['skipped', 'does not resolve and no rename match; run `surf lint`'],
    ]);
  });

  it('explains what it cannot follow', async () => {
    const r = repo({
      'src/m.rs': 'pub fn other() {}\n',
      'hubs/a.md':
        '---\nsummary: s\nanchors:\n  - claim: list\n    at:\n      - src/m.rs > a\n      - src/m.rs > b\n    hash: 2:000000000000\n  - claim: unstamped\n    at: src/m.rs > a\n  - claim: nested\n    at: src/m.rs > T > a\n    hash: 2:000000000000\n  - claim: gone\n    at: src/gone.rs > a\n    hash: 2:000000000000\n---\n',
    });
    const result = await verify(r, { follow: true });
    expect(result.anchors.map((a) => a.reason)).toEqual([
      '--follow supports single-site anchors only',
      '--follow needs a stored hash to match against',
      '--follow supports single-segment anchors only',
      'file unreadable and no git rename match; run `surf lint`',
    ]);
    expect(result.errors).toBe(4);
  });
});

describe('formatUtcSeconds', () => {
  it('drops milliseconds and keeps UTC', () => {
    expect(formatUtcSeconds(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02T03:04:05Z');
  });
});
