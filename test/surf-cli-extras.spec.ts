// Black-box tests of `surf init`, `surf new`, `surf suggest`, `surf stats`, and of lint → verify → check
// on the items only the extended rules name: they run the built bin (`npm run build` first) in real temporary git repositories.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHub } from '@driftgate/surf';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo, type TreeSpec } from './support/temp-repo.js';

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function surf(cwd: string, ...args: string[]): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repoWith(files: TreeSpec, commit = false): TempRepo {
  const repo = createTempRepo(files, { commit });
  cleanups.push(() => repo.dispose());
  return repo;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'surf-cli-extras-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

beforeAll(() => {
  if (!existsSync(join(BIN, '..', '..', 'dist', 'surf-cli.js'))) {
    throw new Error('tools/surf is not built: run `npm run build` first');
  }
});

describe('surf init', () => {
  it('creates surf.toml and hubs/, and is idempotent', () => {
    const dir = tempDir();
    const first = surf(dir, 'init');
    expect(first).toEqual({
      code: 0,
      stdout: 'created surf.toml\ncreated hubs/\ncreated .gitignore (ignores .surf-cache/, where the result cache goes without node_modules)\nnext: run `surf new <name>` to start a hub.\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, 'surf.toml'), 'utf8')).toBe('hubs = ["hubs/*.md"]\n');
    const second = surf(dir, 'init');
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('kept surf.toml (it already exists)\nkept hubs/ (it already exists)\nnext: run `surf new <name>` to start a hub.\n');
    expect(readFileSync(join(dir, 'surf.toml'), 'utf8')).toBe('hubs = ["hubs/*.md"]\n');
  });

  it('exits 2 on a broken existing config', () => {
    const repo = repoWith({ 'surf.toml': 'hub = []\n' });
    const run = surf(repo.dir, 'init');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('invalid surf.toml');
  });
});

describe('surf new', () => {
  it('creates a lint-clean hub, refuses to overwrite, and needs a workspace', () => {
    const repo = repoWith({ 'surf.toml': 'hubs = ["docs/hubs/*.md"]\n' });
    mkdirSync(join(repo.dir, 'pkg'));
    // Runs from a subdirectory: the hub still lands under the workspace root.
    const created = surf(join(repo.dir, 'pkg'), 'new', 'auth');
    expect(created).toEqual({
      code: 0,
      stdout: 'created docs/hubs/auth.md\nnext: add an anchor, then `surf lint` and `surf verify`.\n',
      stderr: '',
    });
    const text = readFileSync(join(repo.dir, 'docs', 'hubs', 'auth.md'), 'utf8');
    expect(parseHub(text).anchors).toEqual([]);
    expect(surf(repo.dir, 'lint')).toMatchObject({ code: 0, stdout: 'surf lint: all anchors resolve.\n' });

    const again = surf(repo.dir, 'new', 'auth.md');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('docs/hubs/auth.md already exists');
    expect(readFileSync(join(repo.dir, 'docs', 'hubs', 'auth.md'), 'utf8')).toBe(text);

    expect(surf(repo.dir, 'new', '../escape').code).toBe(2);
    const none = surf(tempDir(), 'new', 'x');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no surf.toml found');
  });
});

describe('surf suggest', () => {
  const files: TreeSpec = {
    'surf.toml': '',
    'hubs/a.md': '---\nanchors:\n  - claim: c\n    at: src/svc.ts > Svc > rotate\n---\n',
    'src/svc.ts': 'export class Svc {\n  rotate() {}\n  revoke() {}\n}\nexport const LIMIT = 3;\nexport function make() {}\n',
    'src/lib.rs': 'pub fn open() {}\nfn close() {}\n',
    'src/tool.py': 'def run():\n    pass\n',
    'notes/readme.txt': 'x\n',
  };

  it('prints a starter hub that parses, one multi-site claim per file', () => {
    const repo = repoWith(files);
    mkdirSync(join(repo.dir, 'deep'));
    const run = surf(join(repo.dir, 'deep'), 'suggest', 'src/*');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('# 4 undocumented public symbol(s) across 3 file(s) — these are SYMBOLS, not claims.');
    const hub = parseHub(run.stdout.slice(run.stdout.indexOf('\n---\n') + 1));
    expect(hub.anchors.map((claim) => claim.at)).toEqual([
      ['src/lib.rs > open'],
      ['src/svc.ts > Svc > revoke', 'src/svc.ts > make'],
      ['src/tool.py > run'],
    ]);
    expect(hub.anchors.every((claim) => claim.hash === undefined)).toBe(true);
  });

  it('emits JSON without hashes, with --all widening the surface of every language, Rust included', () => {
    const repo = repoWith(files);
    const run = surf(repo.dir, 'suggest', 'src/*.ts', 'src/*.rs', '--all', '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      { file: 'src/lib.rs', symbol: 'open', at: 'src/lib.rs > open' },
      { file: 'src/svc.ts', symbol: 'LIMIT', at: 'src/svc.ts > LIMIT' },
      { file: 'src/svc.ts', symbol: 'Svc', at: 'src/svc.ts > Svc' },
      { file: 'src/svc.ts', symbol: 'revoke', at: 'src/svc.ts > Svc > revoke' },
      { file: 'src/svc.ts', symbol: 'make', at: 'src/svc.ts > make' },
    ]);
    expect(run.stderr).toBe('');
    const generic = repoWith({ 'surf.toml': '', 'src/lib.rs': "pub fn open() {}\npub struct Handle<'a>(&'a [u8]);\nimpl<'a> Handle<'a> { pub fn read(&self) {} }\n" });
    const rust = surf(generic.dir, 'suggest', 'src/lib.rs', '--all', '--format', 'json');
    expect(JSON.parse(rust.stdout)).toEqual([
      { file: 'src/lib.rs', symbol: 'Handle', at: 'src/lib.rs > Handle' },
      { file: 'src/lib.rs', symbol: 'read', at: 'src/lib.rs > Handle > read' },
      { file: 'src/lib.rs', symbol: 'open', at: 'src/lib.rs > open' },
    ]);
  });

  it('warns per empty or unsupported glob and fails only when every glob matched nothing', () => {
    const repo = repoWith(files);
    const partly = surf(repo.dir, 'suggest', 'src/*.py', 'nope/*.go', 'notes/*');
    expect(partly.code).toBe(0);
    expect(partly.stderr).toBe(
      'surf suggest: glob "nope/*.go" matched no files.\n' +
        'surf suggest: glob "notes/*" matched files, but none in a supported language.\n',
    );
    const none = surf(repo.dir, 'suggest', 'nope/*.go', 'zzz/*', '--format', 'json');
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect(none.stderr.split('\n').filter(Boolean)).toHaveLength(2);
    const clean = surf(repo.dir, 'suggest', 'notes/*');
    expect(clean).toMatchObject({ code: 0, stdout: 'surf suggest: no unanchored public symbols found.\n' });
    expect(surf(repo.dir, 'suggest', 'src/[x').code).toBe(2);
    expect(surf(repo.dir, 'suggest', 'src/*', '--format', 'xml').code).toBe(2);
    expect(surf(repo.dir, 'suggest').code).toBe(2);
  });

  it('keeps hostile file names from reaching the terminal raw', () => {
    const repo = repoWith({ 'surf.toml': '', 'src/\u001b[31mred\u202e.ts': 'export function x() {}\n' });
    const run = surf(repo.dir, 'suggest', 'src/*');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/[\u001b\u202e]/);
    expect(run.stdout).toContain('# src/\\x1b[31mred\\u202e.ts\n');
    const json = surf(repo.dir, 'suggest', 'src/*', '--format', 'json');
    expect(JSON.parse(json.stdout)[0].file).toBe('src/\u001b[31mred\u202e.ts');
  });
});

describe('surf stats', () => {
  function history(): TempRepo {
    const repo = repoWith({ 'surf.toml': '' });
    const commit = (date: string, tree: TreeSpec) => {
      repo.write(tree);
      const env = { ...process.env, ...GIT_TEST_ENV, GIT_AUTHOR_DATE: `${date}T00:00:00Z`, GIT_COMMITTER_DATE: `${date}T00:00:00Z` };
      execFileSync('git', ['add', '-A'], { cwd: repo.dir, env });
      execFileSync('git', ['commit', '-q', '-m', date], { cwd: repo.dir, env });
    };
    const hub = (claim: string, hash: string) => `---\nanchors:\n  - claim: ${claim}\n    at: src/m.go > Add\n    hash: ${hash}\n---\n`;
    const code = (n: number) => `package m\n\nfunc Add(a int) int { return a + ${n} }\n`;
    commit('2026-01-01', { 'src/m.go': code(1), 'hubs/a.md': hub('adds one', '2:111111111111') });
    commit('2026-02-01', { 'src/m.go': code(2), 'hubs/a.md': hub('adds one', '2:222222222222') });
    commit('2026-03-01', { 'src/m.go': code(3) });
    return repo;
  }

  it('prints both rates, as text and as a versioned envelope', () => {
    const repo = history();
    // Re-stamps: Feb, prose kept → 1 of 1. Anchored-file changes: Jan and Feb re-stamped, Mar not → 2 of 3.
    const human = surf(repo.dir, 'stats');
    expect(human.code).toBe(0);
    expect(human.stdout).toBe(
      'surf stats: all history, 3 commit(s) (merges not counted; advisory, never gates)\n' +
        "  rubber-stamp rate     100% (1 of 1 re-stamps left the claim's prose unchanged)\n" +
        '  in-place update rate  67% (2 of 3 changes to an anchored file re-stamped the claim in the same commit)\n',
    );
    const json = surf(repo.dir, 'stats', '--since', '2026-01-15', '--format', 'json');
    expect(json.code).toBe(0);
    expect(json.stdout).toBe(
      `${JSON.stringify({ version: 1, since: '2026-01-15', commits: 2, rubber_stamp: { n: 1, d: 1, rate: 1 }, in_place: { n: 1, d: 2, rate: 0.5 } }, null, 2)}\n`,
    );
    const window = JSON.parse(surf(repo.dir, 'stats', '--since', '2026-02-15', '--until', '2026-12-31', '--format', 'json').stdout);
    expect(window).toEqual({
      version: 1,
      since: '2026-02-15',
      until: '2026-12-31',
      commits: 1,
      rubber_stamp: { n: 0, d: 0, rate: null },
      in_place: { n: 0, d: 1, rate: 0 },
    });
    expect(surf(repo.dir, 'stats', '--since', '2026-02-15', '--until', '2026-12-31').stdout).toContain(
      'rubber-stamp rate     n/a (no re-stamps in this window)',
    );
  });

  it('exits 2 in a shallow clone and outside a repository', () => {
    const repo = history();
    const clone = tempDir();
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { env: { ...process.env, ...GIT_TEST_ENV } });
    const shallow = surf(clone, 'stats');
    expect(shallow.code).toBe(2);
    expect(shallow.stdout).toBe('');
    expect(shallow.stderr).toContain('shallow clone');
    const plain = tempDir();
    surf(plain, 'init');
    const outside = surf(plain, 'stats', '--format', 'json');
    expect(outside.code).toBe(2);
    expect(outside.stdout).toBe('');
    expect(outside.stderr).toContain('not inside a git repository');
  });
});

describe('items only the extended rules name, end to end', () => {
  const sources: TreeSpec = {
    'surf.toml': '',
    'src/p.rs': "pub struct Parser<'a> { input: &'a str }\nimpl<'a> Parser<'a> {\n    pub fn parse(&self) -> usize { self.input.len() }\n}\n",
    'src/c.ts': 'export class Account { balance = 0; }\n',
    'src/c.js': 'exports.add = function (a, b) { return a + b; };\n',
    'src/r.go': 'package r\n\ntype Reader interface { Read(p []byte) (int, error) }\n',
    'm.py': 'LOW, HIGH = 1, 10\n',
    'hubs/surface.md': `---\nsummary: the addressable surface\nanchors:\n${['src/p.rs > Parser > parse', 'src/c.ts > Account > balance', 'src/c.js > add', 'src/r.go > Reader > Read', 'm.py > LOW']
      .map((at) => `  - claim: ${at.split(' > ').pop()} behaves\n    at: ${at}\n`)
      .join('')}---\n# Surface\n\n${'The parser, the account, the adder, the reader and the bounds are claimed here. '.repeat(3)}\n`,
  };

  it('lint accepts them, verify stamps them under recipe 3, and check sees a logic edit', () => {
    const repo = repoWith(sources);
    expect(surf(repo.dir, 'lint').code).toBe(0);
    expect(surf(repo.dir, 'verify').code).toBe(0);
    const hub = parseHub(readFileSync(join(repo.dir, 'hubs/surface.md'), 'utf8'));
    expect(hub.anchors.map((c) => c.hash?.slice(0, 2))).toEqual(['3:', '3:', '3:', '3:', '3:']);
    expect(surf(repo.dir, 'check').code).toBe(0);
    repo.write({ 'src/p.rs': sources['src/p.rs']!.toString().replace('self.input.len()', 'self.input.len() + 1') });
    const check = surf(repo.dir, 'check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('src/p.rs > Parser > parse');
  });

  it('a recipe 2 workspace refuses them, since the reference cannot resolve them', () => {
    const repo = repoWith({ ...sources, 'surf.toml': 'recipe = 2\n' });
    const lint = surf(repo.dir, 'lint');
    expect(lint.code).toBe(1);
    expect(lint.stdout + lint.stderr).toContain('claimable under recipe 3 only');
  });
});
