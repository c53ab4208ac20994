// Black-box tests of `surf check --watch` through the built bin (`npm run build` first), in real
// temporary git repositories: edits, deletes, renames, hub edits and branch switches are seen, and
// Ctrl-C ends it with 130.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const CLAIM = '  - claim: adds\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n';
const hub = (items: string): string => `---\nsummary: x\nanchors:\n${items}---\n`;

/** A running `surf check --watch` whose output is collected as it comes. */
class Watch {
  readonly child: ChildProcessWithoutNullStreams;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(cwd: string, args: readonly string[] = []) {
    this.child = spawn(process.execPath, [BIN, 'check', '--watch', ...args], { cwd, env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1' } });
    this.child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString('utf8')));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  /** The update lines (`surf check --watch: …`) printed from `from` on. */
  updates(from: number): string[] {
    return this.stdout.slice(from).split('\n').filter((line) => line.startsWith('surf check --watch:'));
  }

  /** Waits until stdout (from `from` on) matches, and returns the index after the match. */
  async until(pattern: RegExp, from: number, what: string): Promise<number> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const match = pattern.exec(this.stdout.slice(from));
      if (match) return from + match.index + match[0].length;
      if (Date.now() > deadline) throw new Error(`no ${what} within 20 s; stdout:\n${this.stdout}\nstderr:\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async ready(): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!this.stderr.includes('watching for changes')) {
      if (Date.now() > deadline) throw new Error(`the watch did not start; stderr:\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workspace(extra: Record<string, string> = {}): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', 'src/a.rs': G1, 'src/other.rs': 'pub fn other() {}\n', 'hubs/h.md': hub(CLAIM), ...extra });
  cleanups.push(() => r.dispose());
  return r;
}

function watch(r: TempRepo, args: readonly string[] = []): Watch {
  const w = new Watch(r.dir, args);
  cleanups.push(() => w.child.kill('SIGKILL'));
  return w;
}

describe('surf check --watch', () => {
  it('prints the first report, then only the verdicts that change: edit, delete, rename, hub edit', async () => {
    const r = workspace();
    const w = watch(r);
    await w.ready();
    let at = await w.until(/all anchored spans match their stored hashes\.\n/, 0, 'first report');

    r.write({ 'src/a.rs': G1.replace('a + b', 'a - b') });
    at = await w.until(/1 verdict changed \(src\/a\.rs changed\); 1 divergence over 1 claim\n  CHANGED hubs\/h\.md:4  src\/a\.rs > add  \(was clean\)\n/, at, 'the edit');

    // A change that leaves every verdict as it was prints no verdict line: a comment is cosmetic.
    r.write({ 'src/a.rs': G1.replace('a + b', 'a - b').replace('sum them', 'subtract') });
    at = await w.until(/no verdict changed \(src\/a\.rs changed\); 1 divergence over 1 claim\n/, at, 'the cosmetic edit');

    // Edited again, the claim is still CHANGED (only its new hash moved): not a changed verdict.
    r.write({ 'src/a.rs': G1.replace('a + b', 'a * b') });
    at = await w.until(/no verdict changed \(src\/a\.rs changed\); 1 divergence over 1 claim\n(?! {2}CHANGED)/, at, 'the second edit');

    r.write({ 'src/a.rs': null });
    at = await w.until(/UNRESOLVABLE hubs\/h\.md:4  src\/a\.rs > add  \(was changed\): cannot read `src\/a\.rs`/, at, 'the delete');

    r.write({ 'src/b.rs': G1 });
    renameSync(join(r.dir, 'src/b.rs'), join(r.dir, 'src/a.rs'));
    at = await w.until(/CLEAN   hubs\/h\.md:4  src\/a\.rs > add  \(was unresolvable\)\n/, at, 'the rename back');

    r.write({ 'hubs/h.md': hub(`${CLAIM}  - claim: other\n    at: src/other.rs > other\n`) });
    at = await w.until(/1 verdict changed \(hubs\/h\.md changed\); 1 divergence over 2 claims\n  UNVERIFIED hubs\/h\.md:7  src\/other\.rs > other  \(new\)\n/, at, 'the new claim');

    w.child.kill('SIGINT');
    expect(await w.exited).toEqual({ code: 130, signal: null });
    expect(w.stderr).toBe('surf check --watch: watching for changes (Ctrl-C to stop)\n');
  });

  it('survives branch switches, checking what the other branch holds', async () => {
    const r = workspace();
    r.git('checkout', '-q', '-b', 'other');
    r.write({ 'src/a.rs': G1.replace('a + b', 'a * b'), 'src/new/c.rs': 'pub fn c() {}\n' });
    r.commit('other');
    r.git('checkout', '-q', 'main');
    const w = watch(r);
    await w.ready();
    let at = await w.until(/all anchored spans match/, 0, 'first report');
    r.git('checkout', '-q', 'other');
    at = await w.until(/CHANGED hubs\/h\.md:4  src\/a\.rs > add  \(was clean\)\n/, at, 'the switch to other');
    r.git('checkout', '-q', 'main');
    at = await w.until(/CLEAN   hubs\/h\.md:4  src\/a\.rs > add  \(was changed\)\n/, at, 'the switch back');
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('says once that a hub does not parse, and when it parses again compares its claims with their verdicts from before', async () => {
    // Both claims clean (src/b.rs holds the same code), and a hub that refers to h.md.
    const TWIN = '  - claim: adds too\n    at: src/b.rs > add\n    hash: 2:f1075e760a17\n';
    const good = hub(`${CLAIM}${TWIN}`);
    const r = workspace({ 'src/b.rs': G1, 'hubs/h.md': good, 'hubs/r.md': '---\nsummary: r\nrefs: [./h.md]\nanchors: []\n---\n' });
    const w = watch(r);
    await w.ready();
    let at = await w.until(/all anchored spans match their stored hashes\.\n/, 0, 'first report');

    // An autosave mid-typing: the `hash:` key lost a space of its indentation.
    const broken = hub(`${CLAIM.replace('    hash', '   hash')}${TWIN}`);
    r.write({ 'hubs/h.md': broken });
    const invalid = /no verdict changed \(hubs\/h\.md changed\); no divergence over 0 claims; hubs\/h\.md does not parse\n  INVALID hubs\/h\.md:6  does not parse: invalid frontmatter: [^\n]* at line 6, column 1; its 2 claims are not checked until it parses\n/;
    at = await w.until(invalid, at, 'the break');

    // Saved again with the same error: the summary only.
    r.write({ 'hubs/h.md': `${broken}notes\n` });
    at = await w.until(/no verdict changed \(hubs\/h\.md changed\); no divergence over 0 claims; hubs\/h\.md does not parse\n(?! {2})/, at, 'the same error');
    // Another error is said again.
    r.write({ 'hubs/h.md': hub(`${CLAIM.replace('claim: adds', 'claim: "adds')}${TWIN}`) });
    at = await w.until(/hubs\/h\.md does not parse\n  INVALID hubs\/h\.md:\d+  does not parse: invalid frontmatter: Missing closing "quote[^\n]*; its 2 claims are not checked until it parses\n/, at, 'another error');

    // The code under a claim changes while its hub does not parse: nothing to say yet.
    r.write({ 'src/a.rs': G1.replace('a + b', 'a - b') });
    at = await w.until(/no verdict changed \(src\/a\.rs changed\); no divergence over 0 claims; hubs\/h\.md does not parse\n(?! {2})/, at, 'the edit meanwhile');

    // Parsing again: the claim whose verdict changed since the break says so, the other one says nothing.
    r.write({ 'hubs/h.md': good });
    at = await w.until(
      /2 verdicts changed \(hubs\/h\.md changed\); 2 divergences over 2 claims\n  PARSES  hubs\/h\.md  again; its 2 claims are checked again\n  REF-STALE hubs\/r\.md  \.\/h\.md  \(new\)[^\n]*\n  CHANGED hubs\/h\.md:4  src\/a\.rs > add  \(was clean\)\n(?! {2})/,
      at,
      'the repair',
    );
    // The code back as it was: the claim and the ref that followed it are clean again.
    r.write({ 'src/a.rs': G1 });
    at = await w.until(/2 verdicts changed \(src\/a\.rs changed\); no divergence over 2 claims\n  CLEAN   hubs\/h\.md:4  src\/a\.rs > add  \(was changed\)\n  CLEAN   hubs\/r\.md  \.\/h\.md  \(was referenced_stale\)\n/, at, 'the edit back');
    expect(w.stdout).not.toMatch(/GONE|UNRESOLVABLE/);
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('checks nothing for files no claim reads, nor for a file created and deleted within one burst', async () => {
    const r = workspace();
    const w = watch(r);
    await w.ready();
    const start = await w.until(/all anchored spans match their stored hashes\.\n/, 0, 'first report');
    // An extension-less scratch file, markdown no hub glob matches, a source file no claim names.
    r.write({ 'src/scratch': 'x\n', 'docs/notes.md': '# notes\n', 'src/other.rs': 'pub fn other() { }\n' });
    // A hub created and deleted again within the debounce window: net nothing changed.
    r.write({ 'hubs/tmp.md': hub(CLAIM) });
    await new Promise((resolve) => setTimeout(resolve, 30));
    r.write({ 'hubs/tmp.md': null });
    // Time for any check those would start; then `sed -i`: a temp file renamed over the claimed file.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(join(r.dir, 'src/sedAb12Cd'), G1.replace('a + b', 'a - b'));
    renameSync(join(r.dir, 'src/sedAb12Cd'), join(r.dir, 'src/a.rs'));
    await w.until(/1 verdict changed \(src\/a\.rs changed\); 1 divergence over 1 claim\n  CHANGED hubs\/h\.md:4  src\/a\.rs > add  \(was clean\)\n/, start, 'the sed edit');
    expect(w.updates(start)).toEqual(['surf check --watch: 1 verdict changed (src/a.rs changed); 1 divergence over 1 claim']);
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('reports a claim whose `at:` was re-pointed as one claim, matched by its id', async () => {
    const SUB = 'pub fn sub(a: i64, b: i64) -> i64 {\n    a - b\n}\n';
    const claim = (at: string) => `  - claim: adds\n    at: ${at}\n    hash: 2:f1075e760a17\n    id: c_00000000000000000001\n`;
    const r = workspace({ 'src/a.rs': `${G1}${SUB}`, 'hubs/h.md': hub(claim('src/a.rs > add')) });
    const w = watch(r);
    await w.ready();
    let at = await w.until(/all anchored spans match their stored hashes\.\n/, 0, 'first report');
    r.write({ 'hubs/h.md': hub(claim('src/a.rs > sub')) });
    at = await w.until(/1 verdict changed \(hubs\/h\.md changed\); 1 divergence over 1 claim\n  CHANGED hubs\/h\.md:4  re-pointed: src\/a\.rs > add → src\/a\.rs > sub  \(was clean\)\n(?! {2})/, at, 'the re-pointing');
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('names the files of a rename or a branch switch, a few of them, then how many more', async () => {
    const files = ['f1', 'f2', 'f3', 'f4'];
    // The last claim names a file that does not exist yet: f4.rs is renamed to it below.
    const claims = `${files.map((f) => `  - claim: ${f}\n    at: src/${f}.rs > ${f}\n`).join('')}  - claim: moved\n    at: src/moved.rs > f4\n`;
    const sources = Object.fromEntries(files.map((f) => [`src/${f}.rs`, `pub fn ${f}() {}\n`]));
    const r = workspace({ ...sources, 'hubs/h.md': hub(`${CLAIM}${claims}`) });
    r.git('checkout', '-q', '-b', 'other');
    r.write({ 'src/a.rs': G1.replace('a + b', 'a * b'), ...Object.fromEntries(files.map((f) => [`src/${f}.rs`, `pub fn ${f}() { 1 }\n`])) });
    r.commit('other');
    r.git('checkout', '-q', 'main');
    const w = watch(r);
    await w.ready();
    let at = await w.until(/surf check: 5 divergence\(s\)\.\n/, 0, 'first report');
    r.git('checkout', '-q', 'other');
    at = await w.until(/1 verdict changed \(src\/a\.rs, src\/f1\.rs, src\/f2\.rs and 2 more changed\); 6 divergences over 6 claims\n  CHANGED hubs\/h\.md:4  src\/a\.rs > add  \(was clean\)\n/, at, 'the switch');
    renameSync(join(r.dir, 'src/f4.rs'), join(r.dir, 'src/moved.rs'));
    at = await w.until(/2 verdicts changed \(src\/f4\.rs, src\/moved\.rs changed\); 6 divergences over 6 claims\n/, at, 'the rename');
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('with --files, says of which claims all spans match', async () => {
    const r = workspace({ 'hubs/h.md': hub(`${CLAIM}  - claim: other\n    at: src/other.rs > other\n`) });
    const w = watch(r, ['--files', 'src/a.rs']);
    await w.ready();
    let at = await w.until(/^surf check: all anchored spans in the 1 claim under src\/a\.rs match their stored hashes\.\n/, 0, 'first report');
    r.write({ 'src/a.rs': G1.replace('a + b', 'a - b') });
    at = await w.until(/1 verdict changed \(src\/a\.rs changed\); 1 divergence over 1 claim under src\/a\.rs\n/, at, 'the edit');
    r.write({ 'src/a.rs': G1 });
    at = await w.until(/1 verdict changed \(src\/a\.rs changed\); no divergence over 1 claim under src\/a\.rs\n/, at, 'the edit back');
    w.child.kill('SIGINT');
    expect((await w.exited).code).toBe(130);
  });

  it('refuses --format and --report, which it has no use for', async () => {
    const r = workspace();
    const run = spawn(process.execPath, [BIN, 'check', '--watch', '--format', 'json'], { cwd: r.dir });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise((resolve) => run.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--watch prints human text/);
  });
});
