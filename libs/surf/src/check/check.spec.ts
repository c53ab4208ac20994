import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { checkEnvelope } from './check-envelope.js';
import { checkColdAndWarm } from '../cache/warm-check.test-helpers.js';
import { runCheck } from './check.js';
import { loadWorkspace } from '../workspace/load-workspace.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec, commit = false): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', ...files }, { commit });
  cleanups.push(() => r.dispose());
  return r;
}

interface ClaimSpec {
  claim?: string;
  at: string | string[];
  hash?: string;
  extra?: string;
}

/** A hub with `summary` and the given claims in block style. */
function hub(claims: ClaimSpec[], more = ''): string {
  const items = claims
    .map(({ claim = 'c', at, hash, extra = '' }) => {
      const atText = typeof at === 'string' ? ` ${at}\n` : `\n${at.map((a) => `      - ${a}\n`).join('')}`;
      return `  - claim: ${claim}\n    at:${atText}${hash === undefined ? '' : `    hash: ${hash}\n`}${extra}`;
    })
    .join('');
  return `---\nsummary: x\n${more}anchors:\n${items}---\n`;
}

// Vector G1 (Rust `add`): v1 and v2 digests are both f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const G1_V2 = '2:f1075e760a17';
// The same function under recipe 3 (nothing in it differs between the recipes), the stamp an
// unstamped claim reports by default.
const G1_V3 = '3:f1075e760a17';
// Vector G5 (Go `Add`): v1 942af2641116, v2 5bb84c760e6b.
const G5 = 'func Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n';

const check = async (r: TempRepo, options: Parameters<typeof runCheck>[1] = {}) =>
  checkColdAndWarm(await loadWorkspace(r.dir), { workers: 0, ...options });

describe('runCheck — vectors §1.6', () => {
  it('an unsupported file type is unresolvable with the exact detail', async () => {
    const r = repo({ 'schema.sql': 'CREATE TABLE users (id int);\n', 'hubs/a.md': hub([{ at: 'schema.sql > users' }]) });
    const { divergences, passed } = await check(r);
    expect(divergences).toHaveLength(1);
    expect(divergences[0]).toMatchObject({ kind: 'unresolvable', detail: 'unsupported file type: schema.sql' });
    expect(passed).toBe(false);
  });

  it('a malformed hub is one unresolvable divergence starting with `invalid hub`', async () => {
    const r = repo({ 'hubs/a.md': '---\nsummary: x\nanchors:\n  - claim: [unterminated\n---\n' });
    const { divergences } = await check(r);
    expect(divergences).toHaveLength(1);
    const [d] = divergences;
    expect(d).toMatchObject({ hub: 'hubs/a.md', claim: '', at: '', prose: '', kind: 'unresolvable' });
    expect(d!.detail!.startsWith('invalid hub')).toBe(true);
  });

  it('a claim without hash is unverified, with the v3 stamp (v2 under `recipe = 2`) and the code', async () => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add' }]) });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({ kind: 'unverified', newHash: G1_V3, newCode: G1.slice(0, -1) });
    const r2 = repo({ 'surf.toml': 'recipe = 2\n', 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add' }]) });
    expect((await check(r2)).divergences[0]).toMatchObject({ kind: 'unverified', newHash: G1_V2 });
    expect(d!.oldHash).toBeUndefined();
    expect(d!.location).toEqual({ file: 'src/m.rs', startLine: 1, startColumn: 0, endLine: 4, endColumn: 1 });
  });

  it('changing another function in the same file stays clean', async () => {
    const r = repo({
      'src/m.rs': `${G1}pub fn other() -> i64 { 999 }\n`,
      'hubs/a.md': hub([{ at: 'src/m.rs > add', hash: G1_V2 }]),
    });
    const result = await check(r);
    expect(result.divergences).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.stats).toMatchObject({ claims: 1, clean: 1, v1Clean: 0, files: 1 });
  });

  it('a changed claim carries every envelope key of the seam, version 1', async () => {
    const r = repo({ 'src/m.rs': G1.replace('a + b', 'a - b'), 'hubs/a.md': hub([{ claim: '  add sums  ', at: 'src/m.rs > add', hash: G1_V2 }]) });
    const result = await check(r);
    const envelope = checkEnvelope(result.divergences);
    expect(envelope.version).toBe(1);
    const [d] = envelope.divergences;
    for (const key of ['hub', 'claim', 'at', 'kind', 'old_hash', 'new_hash', 'new_code', 'prose']) expect(d).toHaveProperty(key);
    expect(d).toMatchObject({ kind: 'changed', old_hash: G1_V2, claim: 'add sums', prose: 'add sums' });
    // Under the stored stamp's recipe.
    const expected = await hashAnchor(G1.replace('a + b', 'a - b'), 'src/m.rs > add', { recipe: 'v2' });
    expect(d!.new_hash).toBe(expected.stamp);
    // Outside a repository there is no history: no old_code, no magnitude.
    expect(d).not.toHaveProperty('old_code');
    expect(d).not.toHaveProperty('magnitude');
  });

  const twoDiverged = (): TreeSpec => ({
    'src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a - b }\n',
    'src/b.rs': 'pub fn sub(a: i64, b: i64) -> i64 { a + b }\n',
    'hubs/a.md': hub([
      { at: 'src/a.rs > add', hash: '2:000000000000' },
      { at: 'src/b.rs > sub', hash: '2:000000000000' },
    ]),
  });

  it('--files narrows by path and by glob', async () => {
    const r = repo(twoDiverged());
    expect((await check(r)).divergences).toHaveLength(2);
    const byPath = await check(r, { files: ['src/a.rs'] });
    expect(byPath.divergences.map((d) => d.at)).toEqual(['src/a.rs > add']);
    const byGlob = await check(r, { files: ['src/b*.rs'] });
    expect(byGlob.divergences.map((d) => d.at)).toEqual(['src/b.rs > sub']);
  });

  it('a --files glob that matches nothing fails alone, but not next to one that matches', async () => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add', hash: G1_V2 }]) });
    const typo = await check(r, { files: ['src/lables/*.rs'] });
    expect(typo.divergences).toEqual([]);
    expect(typo.stats.unmatchedGlobs).toEqual(['src/lables/*.rs']);
    expect(typo.passed).toBe(false);
    const partial = await check(r, { files: ['src/*.rs', 'zzz/nope/*.go'] });
    expect(partial.divergences).toEqual([]);
    expect(partial.stats.unmatchedGlobs).toEqual(['zzz/nope/*.go']);
    expect(partial.passed).toBe(true);
    // Comma-separated patterns count one by one.
    expect((await check(r, { files: ['src/*.rs,zzz/*.go'] })).stats.unmatchedGlobs).toEqual(['zzz/*.go']);
  });

  it('an invalid --files glob is an error naming the pattern', async () => {
    const r = repo({ 'hubs/a.md': hub([]) });
    const error = await check(r, { files: ['src/['] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_BAD_GLOB');
    expect((error as SurfError).message.startsWith('invalid --files glob "src/[": ')).toBe(true);
  });
});

describe('runCheck — recipes and stamps', () => {
  it('verifies a v1 stamp under v1 and counts it for the upgrade notice', async () => {
    const r = repo({ 'x.go': `package x\n\n${G5}`, 'hubs/a.md': hub([{ at: 'x.go > Add', hash: '942af2641116' }]) });
    const result = await check(r);
    expect(result.divergences).toEqual([]);
    expect(result.stats.v1Clean).toBe(1);
  });

  it('a changed v1 claim reports the new hash under v1 too', async () => {
    const r = repo({ 'x.go': `package x\n\n${G5.replace('a + b', 'a * b')}`, 'hubs/a.md': hub([{ at: 'x.go > Add', hash: '942af2641116' }]) });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({ kind: 'changed', oldHash: '942af2641116' });
    expect(d!.newHash).toMatch(/^[0-9a-f]{12}$/);
  });

  it.each([['4:abc123'], ['2:nothex'], ['3:nothex']])('an unrecognized stamp %s fails closed', async (stamp) => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add', hash: stamp }]) });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({
      kind: 'unresolvable',
      oldHash: stamp,
      detail: `unrecognized hash version in \`${stamp}\`; re-stamp with \`surf verify\``,
    });
  });

  it('combines multi-site claims and reports the first failing site', async () => {
    const b = 'pub fn sub(a: i64, b: i64) -> i64 { a - b }\n';
    const [ha, hb] = [await hashAnchor(G1, 'src/a.rs > add'), await hashAnchor(b, 'src/b.rs > sub')];
    const { hashTokens } = await import('../hash/hash.js');
    const combined = `2:${hashTokens([ha.digest, hb.digest])}`;
    const r = repo({
      'src/a.rs': G1,
      'src/b.rs': b,
      'hubs/a.md': hub([
        { at: ['src/a.rs > add', 'src/b.rs > sub'], hash: combined },
        { at: ['src/a.rs > add', 'src/b.rs > nope', 'src/c.rs > gone'] },
      ]),
    });
    const { divergences } = await check(r);
    expect(divergences).toHaveLength(1);
    expect(divergences[0]).toMatchObject({
      kind: 'unresolvable',
      at: 'src/a.rs > add  +  src/b.rs > nope  +  src/c.rs > gone',
      detail: 'no symbol `nope` found at this path',
    });
  });

  it('a changed multi-site claim carries the span of every site and the code of the changed one, without changing its stamp', async () => {
    const b = 'pub fn sub(a: i64, b: i64) -> i64 { a - b }\n';
    const [ha, hb] = [await hashAnchor(G1, 'src/a.rs > add'), await hashAnchor(b, 'src/b.rs > sub')];
    const { hashTokens } = await import('../hash/hash.js');
    const combined = `2:${hashTokens([ha.digest, hb.digest])}`;
    const changedB = 'pub fn sub(a: i64, b: i64) -> i64 {\n    b - a\n}\n';
    const r = repo({ 'src/a.rs': G1, 'src/b.rs': b, 'hubs/a.md': hub([{ at: ['src/a.rs > add', 'src/b.rs > sub'], hash: combined }]) }, true);
    expect((await check(r)).divergences).toEqual([]);
    r.write({ 'src/b.rs': changedB });
    const { divergences } = await check(r);
    expect(divergences).toHaveLength(1);
    const [d] = divergences;
    expect(d).toMatchObject({ kind: 'changed', oldHash: combined, sites: ['src/a.rs > add', 'src/b.rs > sub'] });
    expect(d!.newHash).toBe(`2:${hashTokens([ha.digest, (await hashAnchor(changedB, 'src/b.rs > sub')).digest])}`);
    // Located on the site that changed; the spans stay outside the JSON seam.
    expect(d!.location).toEqual({ file: 'src/b.rs', startLine: 1, startColumn: 0, endLine: 3, endColumn: 1 });
    expect(d!.siteLocations).toEqual([
      { file: 'src/a.rs', startLine: 1, startColumn: 0, endLine: 4, endColumn: 1 },
      { file: 'src/b.rs', startLine: 1, startColumn: 0, endLine: 3, endColumn: 1 },
    ]);
    // Only the second site differs from HEAD, whose code hashes to the stamp (advisory, from git
    // history): its code alone is the old and the new code, and the magnitude is its change's.
    expect(d!.changedSites).toEqual([1]);
    expect(d).toMatchObject({ magnitude: 'small', oldCode: b.trimEnd(), newCode: changedB.trimEnd(), oldCodeFrom: 'HEAD' });
    const envelope = checkEnvelope(divergences).divergences[0]!;
    expect(Object.keys(envelope)).toEqual(['hub', 'claim', 'at', 'kind', 'old_hash', 'new_hash', 'old_code', 'new_code', 'prose', 'magnitude', 'old_code_from', 'blame']);
  });

  it('honours ignore_literals on both sides of the comparison', async () => {
    const before = 'pub fn greet() -> &\'static str { "hello" }\n';
    const after = 'pub fn greet() -> &\'static str { "good day" }\n';
    const stamp = (await hashAnchor(before, 'src/m.rs > greet', { ignoreLiterals: true })).stamp;
    const r = repo({
      'src/m.rs': after,
      'hubs/a.md': hub([
        { at: 'src/m.rs > greet', hash: stamp, extra: '    ignore_literals: true\n' },
        { at: 'src/m.rs > greet', hash: stamp },
      ]),
    });
    const { divergences } = await check(r);
    expect(divergences.map((d) => d.kind)).toEqual(['changed']);
    expect(divergences[0]!.hubLine).toBe(8);
  });

  it('reports unreadable, missing-symbol, ambiguous and invalid anchors with their messages', async () => {
    const r = repo({
      'src/dup.ts': 'function dup(): void {}\nfunction dup(): void {}\n',
      'hubs/a.md': hub([
        { at: 'src/gone.rs > f' },
        { at: 'src/dup.ts > dup' },
        { at: 'src/dup.ts > nope' },
        { at: 'src\\dup.ts > dup' },
        { at: 'src/dup.ts' },
      ]),
    });
    const details = (await check(r)).divergences.map((d) => d.detail);
    expect(details).toEqual([
      'cannot read `src/gone.rs` (file moved or removed?)',
      '`dup` is ambiguous (2 matches); disambiguate with `@N`',
      'no symbol `nope` found at this path',
      expect.stringMatching(/^invalid anchor: anchor path `src\\dup.ts` contains a backslash/),
      'invalid anchor: anchor names a file but no symbol (expected `path > symbol`)',
    ]);
  });

  it('refuses a symlink that leads outside the workspace', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'surf-outside-'));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'secret.rs'), G1);
    const r = repo({ 'hubs/a.md': hub([{ at: 'src/link.rs > add' }, { at: 'src/inside.rs > add' }]), 'src/real.rs': G1 });
    symlinkSync(join(outside, 'secret.rs'), join(r.dir, 'src', 'link.rs'));
    symlinkSync('real.rs', join(r.dir, 'src', 'inside.rs'));
    const { divergences } = await check(r);
    expect(divergences[0]!.detail).toBe(
      '`src/link.rs` resolves outside the workspace root (through a symlink); anchors must point at files inside the workspace',
    );
    expect(divergences[1]).toMatchObject({ kind: 'unverified', newHash: G1_V3 });
  });

  it('reports a source file that is not UTF-8 instead of hashing replacement characters', async () => {
    const r = repo({ 'src/m.rs': Buffer.from([0x66, 0x6e, 0x20, 0xff, 0x0a]), 'hubs/a.md': hub([{ at: 'src/m.rs > f' }]) });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({ kind: 'unresolvable' });
    expect(d!.detail).toMatch(/^`src\/m\.rs` is not valid UTF-8/);
  });

  it('skips OKF index and log files, even without frontmatter', async () => {
    const r = repo({ 'surf.toml': 'hubs = []\nbundles = ["okf"]\n', 'okf/index.md': '# Index\n', 'okf/log.md': 'no frontmatter' });
    expect((await check(r)).divergences).toEqual([]);
  });

  it('carries the claim id and the hub line', async () => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add', extra: '    id: c_18be38a62d95d1d80001\n' }]) });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({ id: 'c_18be38a62d95d1d80001', hubLine: 4 });
    expect(Object.keys(checkEnvelope([d!]).divergences[0]!)).toEqual(['hub', 'claim', 'at', 'kind', 'id', 'new_hash', 'new_code', 'prose']);
  });
});

describe('runCheck — refs propagation (one hop)', () => {
  const files = (): TreeSpec => ({
    'surf.toml': 'hubs = ["hubs/**/*.md"]\n',
    'src/m.rs': G1,
    'src/n.rs': 'pub fn set(x: i64) -> i64 { x }\n',
    'hubs/stale.md': hub([{ at: 'src/m.rs > add', hash: '2:000000000000' }, { at: 'src/n.rs > set', hash: '2:000000000000' }]),
    'hubs/whole.md': `---\nsummary: x\nrefs:\n  - ./stale.md\n---\n`,
    'hubs/claim.md': `---\nsummary: x\nrefs:\n  - ./stale.md > add\n  - ./stale.md > missing\n  - '> bad'\n---\n`,
    'hubs/chain.md': `---\nsummary: x\nrefs:\n  - ./whole.md\n---\n`,
    'hubs/sub/deep.md': `---\nsummary: x\nrefs:\n  - ../stale.md > set\n---\n`,
  });

  it('whole-hub and claim refs inherit staleness; chains stop after one hop', async () => {
    const r = repo(files());
    const { divergences } = await check(r);
    const propagated = divergences.filter((d) => d.kind === 'referenced_stale');
    expect(propagated).toEqual([
      {
        hub: 'hubs/claim.md',
        claim: '',
        at: './stale.md > add',
        kind: 'referenced_stale',
        prose: '',
        detail: 'referenced claim `add` in `hubs/stale.md` has diverged — review it, then re-verify',
        sites: [],
      },
      expect.objectContaining({ hub: 'hubs/sub/deep.md', at: '../stale.md > set' }),
      expect.objectContaining({
        hub: 'hubs/whole.md',
        detail: 'referenced hub `hubs/stale.md` has an open divergence — review it, then re-verify',
      }),
    ]);
    // Propagated ones come after every base divergence.
    expect(divergences.slice(0, 2).map((d) => d.kind)).toEqual(['changed', 'changed']);
  });

  it('only in-scope divergences propagate', async () => {
    const r = repo(files());
    const { divergences } = await check(r, { files: ['src/n.rs'] });
    expect(divergences.map((d) => `${d.hub} ${d.at}`)).toEqual([
      'hubs/stale.md src/n.rs > set',
      'hubs/sub/deep.md ../stale.md > set',
      'hubs/whole.md ./stale.md',
    ]);
  });
});

describe('runCheck — git: --base scope and advisory history', () => {
  it('old_code and magnitude come from HEAD; the verdict does not need them', async () => {
    const r = repo({ 'src/m.rs': G1, 'hubs/a.md': hub([{ at: 'src/m.rs > add', hash: G1_V2 }]) }, true);
    r.write({ 'src/m.rs': G1.replace('a + b', 'a - b') });
    const [d] = (await check(r)).divergences;
    expect(d).toMatchObject({ kind: 'changed', oldCode: G1.slice(0, -1), newCode: G1.replace('a + b', 'a - b').slice(0, -1) });
    // One substituted token (`+` → `-`): distance 1 → small.
    expect(d!.magnitude).toBe('small');
  });

  it('grades a large rewrite as large and a missing old symbol as no magnitude', async () => {
    const r = repo(
      { 'src/m.rs': G1, 'src/n.rs': 'pub fn other() {}\n', 'hubs/a.md': hub([{ at: 'src/m.rs > add', hash: G1_V2 }, { at: 'src/n.rs > fresh', hash: G1_V2 }]) },
      true,
    );
    r.write({
      'src/m.rs': 'pub fn add(a: i64, b: i64) -> i64 {\n    let mut t = 0;\n    for i in 0..a { t += i * b; }\n    if t > 10 { t - 1 } else { t + 1 }\n}\n',
      'src/n.rs': 'pub fn other() {}\npub fn fresh(a: i64) -> i64 { a }\n',
    });
    const [large, fresh] = (await check(r)).divergences;
    expect(large!.magnitude).toBe('large');
    expect(fresh).toMatchObject({ kind: 'changed' });
    expect(fresh!.magnitude).toBeUndefined();
    expect(fresh!.oldCode).toBeUndefined();
  });

  it('--base scopes to files changed since the merge base, in a workspace below the repository root', async () => {
    const r = createTempRepo({
      'proj/surf.toml': '',
      'proj/src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a - b }\n',
      'proj/src/b.rs': 'pub fn sub(a: i64, b: i64) -> i64 { a + b }\n',
      'proj/hubs/a.md': hub([
        { at: 'src/a.rs > add', hash: '2:000000000000' },
        { at: 'src/b.rs > sub', hash: '2:000000000000' },
      ]),
    });
    cleanups.push(() => r.dispose());
    r.write({ 'proj/src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a * b }\n' });
    const ws = await loadWorkspace(join(r.dir, 'proj'));
    const scoped = await checkColdAndWarm(ws, { base: 'HEAD', workers: 0 });
    expect(scoped.stats.scopedByBase).toBe(true);
    expect(scoped.divergences.map((d) => d.at)).toEqual(['src/a.rs > add']);
    // A glob naming an anchored but unchanged file still counts as matched.
    const globbed = await checkColdAndWarm(ws, { base: 'HEAD', files: ['src/b*.rs'], workers: 0 });
    expect(globbed.divergences).toEqual([]);
    expect(globbed.stats.unmatchedGlobs).toEqual([]);
    // A bad ref falls back to a full check rather than to none.
    const full = await checkColdAndWarm(ws, { base: 'no-such-ref', workers: 0 });
    expect(full.stats.scopedByBase).toBe(false);
    expect(full.divergences).toHaveLength(2);
  });

  it('--base keeps a renamed file in scope', async () => {
    const r = repo({ 'src/a.rs': G1, 'hubs/a.md': hub([{ at: 'src/a.rs > add', hash: G1_V2 }]) }, true);
    r.git('mv', 'src/a.rs', 'src/b.rs');
    const result = await check(r, { base: 'HEAD' });
    expect(result.divergences.map((d) => d.detail)).toEqual(['cannot read `src/a.rs` (file moved or removed?)']);
  });
});
