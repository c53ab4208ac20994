import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashAnchor, parseHub } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// Black-box round trip of the built `surf` bin, one temporary git repository per language:
// new → lint → check (unverified) → verify → check → logic edit → cosmetic edit →
// verify --follow after a symbol rename and after a committed file rename.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function surf(cwd: string, ...args: string[]): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface LanguageCase {
  lang: string;
  file: string;
  /** Source before the first verify. */
  source: string;
  symbol: string;
  /** The stamp verify must write: a conformance vector digest, or computed from `source` by the library. */
  stamp: string | (() => Promise<string>);
  /** A one-token logic change (Levenshtein distance 1 → magnitude `small`). */
  logic: [from: string, to: string];
  /** Same logic: comments, whitespace and a consistent local rename only. */
  cosmetic: string;
  renamedSymbol: string;
  movedFile: string;
}

const computed = (source: string, at: string) => async () => (await hashAnchor(source, at)).stamp;

const CASES: LanguageCase[] = [
  {
    lang: 'Rust',
    file: 'src/calc.rs',
    // Vector G1: v2 f1075e760a17.
    source: 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n',
    symbol: 'add',
    // Recipe 3 (the default) gives the v2 vector's digest here: nothing in this span differs.
    stamp: '3:f1075e760a17',
    logic: ['a + b', 'a * b'],
    cosmetic: '/// Adds.\npub fn add(x: i64,   y: i64) -> i64 {\n\n    /* total */ x + y // no overflow check\n}\n',
    renamedSymbol: 'sum',
    movedFile: 'src/math.rs',
  },
  {
    lang: 'Python',
    file: 'src/calc.py',
    // Vector G4: v2 879b76118966.
    source: 'def add(a, b):\n    # comment\n    return a + b\n',
    symbol: 'add',
    // Recipe 3 (the default) gives the v2 vector's digest here: nothing in this span differs.
    stamp: '3:879b76118966',
    logic: ['a + b', 'a - b'],
    cosmetic: '# helpers\n\n\ndef add(left, right):\n    # the sum\n    return left   +   right  # both\n',
    renamedSymbol: 'plus',
    movedFile: 'src/arith.py',
  },
  {
    lang: 'Go',
    file: 'src/calc.go',
    // Vector G5: v2 5bb84c760e6b (the package clause is outside the span).
    source: 'package calc\n\nfunc Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n',
    symbol: 'Add',
    // Recipe 3 (the default) gives the v2 vector's digest here: nothing in this span differs.
    stamp: '3:5bb84c760e6b',
    logic: ['a + b', 'a * b'],
    cosmetic: 'package calc\n\n// Add adds.\nfunc Add(x int, y int) int {\n\treturn x + /* plus */ y\n}\n',
    renamedSymbol: 'Sum',
    movedFile: 'src/sum.go',
  },
  {
    lang: 'TypeScript',
    file: 'src/svc.ts',
    source: 'export function rotate(tok: string): string {\n  const next = tok + tok; // twice\n  return next;\n}\n',
    symbol: 'rotate',
    stamp: computed('export function rotate(tok: string): string {\n  const next = tok + tok; // twice\n  return next;\n}\n', 'src/svc.ts > rotate'),
    logic: ['tok + tok', 'tok - tok'],
    cosmetic: '// rotates\nexport function rotate(token: string): string {\n  const following = token + token;\n\n  return following;\n}\n',
    renamedSymbol: 'spin',
    movedFile: 'src/rotation.ts',
  },
  {
    lang: 'TSX',
    file: 'src/app.tsx',
    source: 'export function App(props: { n: number }): JSX.Element {\n  return <div>{props.n + 2}</div>;\n}\n',
    symbol: 'App',
    stamp: computed('export function App(props: { n: number }): JSX.Element {\n  return <div>{props.n + 2}</div>;\n}\n', 'src/app.tsx > App'),
    logic: ['props.n + 2', 'props.n * 2'],
    cosmetic: 'export function App(p: { n: number }): JSX.Element {\n  // render\n  return <div>{p.n + 2}</div>;\n}\n',
    renamedSymbol: 'Page',
    movedFile: 'src/page.tsx',
  },
  {
    lang: 'JavaScript',
    file: 'src/util.js',
    source: 'export function rotate(tok) {\n  return <b>{tok + tok}</b>;\n}\n',
    symbol: 'rotate',
    stamp: computed('export function rotate(tok) {\n  return <b>{tok + tok}</b>;\n}\n', 'src/util.js > rotate'),
    logic: ['tok + tok', 'tok - tok'],
    cosmetic: 'export function rotate(t) {\n  /* JSX parses in .js */\n  return <b>{t + t}</b>;\n}\n',
    renamedSymbol: 'spin',
    movedFile: 'src/spin.js',
  },
];

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
});

const hubPath = (r: TempRepo) => join(r.dir, 'hubs', 'demo.md');
const claimOf = (r: TempRepo) => parseHub(readFileSync(hubPath(r), 'utf8')).anchors[0]!;

// Eighteen runs of the bin, one after another, each ~0.3 CPU-s (node start and the bundle; the
// grammar is a small part). Alone that is ~10 s, but on a busy 2-core machine a run waits for a core
// far longer than it computes (measured 1.3–5.8 s wall each), so the budget is per run, not the
// suite default: 10 s for each of them.
const BIN_RUNS = 18;
const RUN_BUDGET_MS = 10_000;

describe.each(CASES)('surf round trip — $lang', (c) => {
  it('new → lint → check → verify → check → edits → verify --follow', { timeout: BIN_RUNS * RUN_BUDGET_MS }, async () => {
    const r = (repo = createTempRepo({ [c.file]: c.source }));
    const root = r.dir;
    expect(surf(root, 'init').status).toBe(0);
    expect(surf(root, 'new', 'demo').status).toBe(0);
    const at = `${c.file} > ${c.symbol}`;
    const template = readFileSync(hubPath(r), 'utf8');
    writeFileSync(hubPath(r), template.replace('anchors: []', `anchors:\n  - claim: ${c.symbol} combines its inputs\n    at: ${at}`));

    const lint = surf(root, 'lint');
    expect(lint.stdout).not.toContain('error:');
    expect(lint.status).toBe(0);

    const unverified = surf(root, 'check');
    expect(unverified.status).toBe(1);
    expect(unverified.stdout).toBe(
      `UNVERIFIED  hubs/demo.md :: ${at}\n    run \`surf verify\`\n    claim: ${c.symbol} combines its inputs\nsurf check: 1 divergence(s).\n`,
    );

    const verify = surf(root, 'verify');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toBe('updated hubs/demo.md\nsurf verify: stamped 1 anchor(s), 0 skipped, 0 error(s).\n');
    const stamp = typeof c.stamp === 'string' ? c.stamp : await c.stamp();
    expect(claimOf(r)).toMatchObject({ hash: stamp, verifiedCommit: r.git('rev-parse', 'HEAD') });
    r.commit('stamp');

    const clean = surf(root, 'check');
    expect(clean).toEqual({ status: 0, stdout: 'surf check: all anchored spans match their stored hashes.\n', stderr: '' });

    // A logic edit diverges, with old and new code and an advisory magnitude from HEAD.
    const edited = c.source.replace(c.logic[0], c.logic[1]);
    r.write({ [c.file]: edited });
    const changed = surf(root, 'check', '--format', 'json');
    expect(changed.status).toBe(1);
    const envelope = JSON.parse(changed.stdout) as { version: number; divergences: Array<Record<string, unknown>> };
    expect(envelope.version).toBe(1);
    expect(envelope.divergences).toEqual([
      expect.objectContaining({ kind: 'changed', at, old_hash: stamp, magnitude: 'small', id: claimOf(r).id }),
    ]);
    expect(envelope.divergences[0]!.new_code).toContain(c.logic[1]);
    expect(envelope.divergences[0]!.old_code).toContain(c.logic[0]);
    const human = surf(root, 'check');
    expect(human.stdout).toContain(`DIVERGED  hubs/demo.md :: ${at}\n    stored ${stamp} → now `);
    expect(human.stdout).toContain('  (magnitude: Small)\n');
    expect(human.stderr).toContain('magnitude is advisory');

    // Comments, whitespace and a consistent rename of locals stay clean.
    r.write({ [c.file]: c.cosmetic });
    expect(surf(root, 'check').status).toBe(0);
    r.write({ [c.file]: c.source });

    // A renamed symbol: check cannot resolve it, lint sees the rename, verify --follow re-points it.
    r.write({ [c.file]: c.source.replace(c.symbol, c.renamedSymbol) });
    const lost = surf(root, 'check');
    expect(lost.status).toBe(1);
    expect(lost.stdout).toContain(`no symbol \`${c.symbol}\` found at this path`);
    expect(surf(root, 'lint').stdout).toContain(`its code appears to live under \`${c.renamedSymbol}\` now`);
    const followed = surf(root, 'verify', '--follow');
    expect(followed.stdout).toBe(
      `followed hubs/demo.md :: ${at} → ${c.file} > ${c.renamedSymbol}\nupdated hubs/demo.md\nsurf verify: stamped 1 anchor(s), 0 skipped, 0 error(s).\n`,
    );
    expect(claimOf(r)).toMatchObject({ at: `${c.file} > ${c.renamedSymbol}`, hash: stamp });
    expect(surf(root, 'check').status).toBe(0);
    r.commit('rename symbol');

    // A file renamed and committed: found through git history.
    r.git('mv', c.file, c.movedFile);
    r.commit('move file');
    expect(surf(root, 'check').stdout).toContain(`cannot read \`${c.file}\` (file moved or removed?)`);
    expect(surf(root, 'lint').stdout).toContain(`\`${c.file}\` appears to have moved — run \`surf verify --follow\``);
    const moved = surf(root, 'verify', '--follow', '--format', 'json');
    expect(JSON.parse(moved.stdout)).toEqual({
      stamped: 1,
      unchanged: 0,
      errors: 0,
      anchors: [{ hub: 'hubs/demo.md', at: `${c.file} > ${c.renamedSymbol}`, outcome: 'followed', new_at: `${c.movedFile} > ${c.renamedSymbol}` }],
    });
    expect(claimOf(r)).toMatchObject({ at: `${c.movedFile} > ${c.renamedSymbol}`, hash: stamp });
    expect(surf(root, 'check').status).toBe(0);
    expect(surf(root, 'verify').stdout).toBe('surf verify: stamped 0 anchor(s), 1 skipped, 0 error(s).\n');
  });
});
