import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURF_BIN, surf, surfWorkspacesPerTest } from './support/surf-bin.js';
import { GIT_TEST_ENV, type TempRepo, type TreeSpec } from './support/temp-repo.js';

// Black-box tests of `surf check`, `verify`, `lint` and `for` through the built bin: the CLI rows
// of the conformance vectors (§1.6), messages, exit codes, the JSON envelope and terminal safety.

const { workspace: surfWorkspace, tempDir } = surfWorkspacesPerTest();

function workspace(files: TreeSpec, commit = false): TempRepo {
  return surfWorkspace(files, { commit });
}

const hub = (items: string): string => (items === '' ? '---\nsummary: x\nanchors: []\n---\n' : `---\nsummary: x\nanchors:\n${items}---\n`);
const item = (at: string, hash?: string, claim = 'c'): string => `  - claim: ${claim}\n    at: ${at}\n${hash ? `    hash: ${hash}\n` : ''}`;

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';

describe('surf check (vectors §1.6, spec §7.6)', () => {
  it('unsupported file type and malformed hub are unresolvable, exit 1', () => {
    const r = workspace({
      'schema.sql': 'CREATE TABLE users (id int);\n',
      'hubs/a.md': hub(item('schema.sql > users')),
      'hubs/b.md': '---\nsummary: x\nanchors:\n  - claim: [unterminated\n---\n',
    });
    const run = surf(r.dir, ['check', '--format', 'json']);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const { version, divergences } = JSON.parse(run.stdout) as { version: number; divergences: Array<Record<string, string>> };
    expect(version).toBe(1);
    expect(divergences[0]).toEqual({
      hub: 'hubs/a.md',
      claim: 'c',
      at: 'schema.sql > users',
      kind: 'unresolvable',
      prose: 'c',
      detail: 'unsupported file type: schema.sql',
    });
    expect(divergences[1]).toMatchObject({ hub: 'hubs/b.md', claim: '', at: '', kind: 'unresolvable', prose: '' });
    expect(divergences[1]!.detail!.startsWith('invalid hub')).toBe(true);
    const human = surf(r.dir, ['check']);
    // A malformed hub prints no dangling `claim:` label.
    expect(human.stdout).toMatch(/^UNRESOLVED  hubs\/b\.md :: \n    invalid hub: .*\n    run `surf lint`\nsurf check: 2 divergence\(s\)\.\n$/m);
  });

  it('changed claims carry the seam keys; pretty JSON with a trailing newline', () => {
    const r = workspace({ 'src/m.rs': G1.replace('a + b', 'a - b'), 'hubs/a.md': hub(item('src/m.rs > add', '2:f1075e760a17', 'add sums')) });
    const run = surf(r.dir, ['check', '--format', 'json']);
    expect(run.status).toBe(1);
    expect(run.stdout.startsWith('{\n  "version": 1,\n  "divergences": [\n    {\n      "hub": "hubs/a.md",\n')).toBe(true);
    expect(run.stdout.endsWith('}\n')).toBe(true);
    const d = (JSON.parse(run.stdout) as { divergences: Array<Record<string, unknown>> }).divergences[0]!;
    expect(Object.keys(d)).toEqual(['hub', 'claim', 'at', 'kind', 'old_hash', 'new_hash', 'new_code', 'prose']);
  });

  it('--files narrows, a zero-match glob fails alone, a partial one passes with a warning', () => {
    const r = workspace({
      'src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a - b }\n',
      'src/b.rs': 'pub fn sub(a: i64, b: i64) -> i64 { a + b }\n',
      'src/m.rs': G1,
      'hubs/a.md': hub(item('src/a.rs > add', '2:000000000000') + item('src/b.rs > sub', '2:000000000000') + item('src/m.rs > add', '2:f1075e760a17')),
    });
    const narrowed = surf(r.dir, ['check', '--files', 'src/a.rs']);
    expect(narrowed.stdout).toContain('DIVERGED  hubs/a.md :: src/a.rs > add');
    expect(narrowed.stdout).not.toContain('src/b.rs');
    expect(surf(r.dir, ['check', '--files', 'src/b*.rs']).stdout).toContain('src/b.rs > sub');
    const typo = surf(r.dir, ['check', '--files', 'src/lables/*.rs']);
    expect(typo).toEqual({
      status: 1,
      stdout: 'surf check: all anchored spans match their stored hashes.\n',
      stderr: 'surf check: --files glob "src/lables/*.rs" matched no anchored files.\n',
    });
    const partial = surf(r.dir, ['check', '--files', 'src/m*.rs,zzz/nope/*.go']);
    expect(partial).toEqual({
      status: 0,
      stdout: 'surf check: all anchored spans match their stored hashes.\n',
      stderr: 'surf check: --files glob "zzz/nope/*.go" matched no anchored files.\n',
    });
    expect(surf(r.dir, ['check', '--files', 'src/m.rs', '--files', 'zzz/*.go']).status).toBe(0);
    const bad = surf(r.dir, ['check', '--files', 'src/[']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.startsWith('surf: invalid --files glob "src/[": ')).toBe(true);
  });

  it('prints the v1 upgrade notice on stderr for clean v1 stamps', () => {
    const r = workspace({ 'surf.toml': 'recipe = 2\n', 'x.go': 'package x\n\nfunc Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n', 'hubs/a.md': hub(item('x.go > Add', '942af2641116')) });
    expect(surf(r.dir, ['check'])).toEqual({
      status: 0,
      stdout: 'surf check: all anchored spans match their stored hashes.\n',
      stderr: 'surf check: 1 anchor(s) use v1 hashes; run `surf verify` to upgrade.\n',
    });
    expect(surf(r.dir, ['check', '--format', 'json']).stderr).toContain('use v1 hashes');
  });

  it('propagates refs one hop and prints REF-STALE', () => {
    const r = workspace({
      'src/m.rs': G1,
      'hubs/a.md': hub(item('src/m.rs > add')),
      'hubs/b.md': '---\nsummary: x\nrefs:\n  - ./a.md > add\n---\n',
    });
    const run = surf(r.dir, ['check']);
    expect(run.stdout).toContain(
      'REF-STALE  hubs/b.md :: ./a.md > add\n    referenced claim `add` in `hubs/a.md` has diverged — review it, then re-verify\nsurf check: 2 divergence(s).\n',
    );
  });

  it('--base scopes to changed files', () => {
    const r = workspace(
      {
        'src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a - b }\n',
        'src/b.rs': 'pub fn sub(a: i64, b: i64) -> i64 { a + b }\n',
        'hubs/a.md': hub(item('src/a.rs > add', '2:000000000000') + item('src/b.rs > sub', '2:000000000000')),
      },
      true,
    );
    r.write({ 'src/a.rs': 'pub fn add(a: i64, b: i64) -> i64 { a * b }\n' });
    const run = surf(r.dir, ['check', '--base', 'HEAD', '--format', 'json']);
    const divergences = (JSON.parse(run.stdout) as { divergences: Array<{ at: string; magnitude?: string }> }).divergences;
    expect(divergences.map((d) => d.at)).toEqual(['src/a.rs > add']);
    expect(divergences[0]!.magnitude).toBe('small');
    expect(run.stderr).toBe('');
    // A ref git does not know: every claim is checked, and stderr says why.
    const unknown = surf(r.dir, ['check', '--base', 'no-such-ref', '--format', 'json']);
    expect((JSON.parse(unknown.stdout) as { divergences: Array<{ at: string }> }).divergences.map((d) => d.at)).toEqual(['src/a.rs > add', 'src/b.rs > sub']);
    expect(unknown.stderr).toBe('surf check: git could not compare with --base no-such-ref (an unknown ref, or no git repository), so every claim was checked.\n');
  });

  it('keeps hostile claim text, paths and details terminal-safe', () => {
    const hostile = '"\\u001b[2J\\u001b]0;pwned\\u0007 ok \\u202e evil \\r\\n::error::x"';
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: ${hostile}\n    at: "src/m.rs > add\\u001b[31m"\n---\n` });
    const run = surf(r.dir, ['check']);
    expect(run.status).toBe(1);
    // No control character or bidi override reaches the terminal.
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(run.stdout).toContain('claim: \\x1b[2J\\x1b]0;pwned\\x07 ok \\u202e evil');
    expect(run.stdout).toContain('src/m.rs > add\\x1b[31m');
    const lint = surf(r.dir, ['lint']);
    expect(lint.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it('spreads a large check over worker threads with the same result, magnitudes included', () => {
    const files: TreeSpec = {};
    let items = '';
    for (let i = 0; i < 40; i++) {
      files[`src/f${i}.rs`] = `pub fn f${i}(a: i64) -> i64 { a + ${i} }\n`;
      items += item(`src/f${i}.rs > f${i}`, i % 3 === 0 ? undefined : '2:000000000000');
    }
    const r = workspace({ ...files, 'hubs/a.md': hub(items) }, true);
    const edits: TreeSpec = { 'src/f8.rs': 'broken file {{{' };
    for (let i = 1; i < 40; i += 2) edits[`src/f${i}.rs`] = `pub fn f${i}(a: i64) -> i64 { a - ${i} }\n`;
    r.write(edits);
    const serial = surf(r.dir, ['check', '--format', 'json'], { SURF_WORKERS: '0' });
    const parallel = surf(r.dir, ['check', '--format', 'json'], { SURF_WORKERS: '2' });
    expect(serial.status).toBe(1);
    expect(parallel).toEqual(serial);
    const divergences = (JSON.parse(serial.stdout) as { divergences: Array<{ kind: string; magnitude?: string }> }).divergences;
    expect(divergences).toHaveLength(40);
    const kinds = (kind: string) => divergences.filter((d) => d.kind === kind);
    // i % 3 === 0 → unverified (14); f8 no longer parses into `f8` → unresolvable; the rest have a
    // wrong stored stamp → changed, and differ from HEAD by at most `+` → `-`: distance ≤ 1.
    expect([kinds('unverified').length, kinds('unresolvable').length, kinds('changed').length]).toEqual([14, 1, 25]);
    expect(kinds('changed').every((d) => d.magnitude === 'small')).toBe(true);
  });

  it('keeps results in claim order when the pool runs the largest files first', () => {
    // Sizes vary by two orders of magnitude and do not follow claim order, so the pool's
    // largest-first order differs from task order; several workers race for the shared queue.
    const files: TreeSpec = {};
    let items = '';
    for (let i = 0; i < 48; i++) {
      const padding = Array.from({ length: ((i * 7) % 11) * 40 }, (_, k) => `pub fn pad${k}() -> i64 { ${k} }\n`).join('');
      files[`src/g${i}.rs`] = `${padding}pub fn g${i}(a: i64) -> i64 { a * ${i} }\n`;
      items += item(`src/g${i}.rs > g${i}`, i % 4 === 0 ? undefined : '2:000000000000');
      if (i % 5 === 0) items += item(`src/g${i}.rs > pad0`);
    }
    const r = workspace({ ...files, 'hubs/a.md': hub(items) }, true);
    const serial = surf(r.dir, ['check', '--format', 'json'], { SURF_WORKERS: '0' });
    for (const workers of ['1', '3']) expect(surf(r.dir, ['check', '--format', 'json'], { SURF_WORKERS: workers })).toEqual(serial);
    const divergences = (JSON.parse(serial.stdout) as { divergences: Array<{ at: string }> }).divergences;
    expect(divergences.map((d) => d.at)).toEqual(
      Array.from({ length: 48 }, (_, i) => [`src/g${i}.rs > g${i}`, ...(i % 5 === 0 ? [`src/g${i}.rs > pad0`] : [])]).flat(),
    );
  });

  it('usage and configuration errors exit 2', () => {
    const r = workspace({ 'hubs/a.md': hub('') });
    const format = surf(r.dir, ['check', '--format', 'xml']);
    expect(format.status).toBe(2);
    expect(format.stderr).toContain("Allowed choices are human, json");
    const empty = tempDir('surf-noconfig-');
    const none = surf(empty, ['check']);
    expect(none.status).toBe(2);
    expect(none.stderr.startsWith(`surf: no surf.toml found in ${empty} or any parent directory`)).toBe(true);
  });
});

describe('surf verify (spec §7.7)', () => {
  // The reference's vectors: recipe 2, which a workspace asks for with `recipe = 2` (3 is the default).
  it('writes `hash: 2:<raw_v2>`, then is idempotent and byte-identical (vectors §1.6)', () => {
    const r = workspace({ 'surf.toml': 'recipe = 2\n', 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > add')) }, true);
    const first = surf(r.dir, ['verify', '--format', 'json']);
    expect(first.status).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ stamped: 1, unchanged: 0, errors: 0, anchors: [{ hub: 'hubs/a.md', at: 'src/m.rs > add', outcome: 'stamped' }] });
    const text = readFileSync(join(r.dir, 'hubs/a.md'), 'utf8');
    expect(text).toContain('\n    hash: 2:f1075e760a17\n');
    expect(text).toMatch(/\n {4}id: c_[0-9a-f]{20}\n {4}verified_at: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n {4}verified_commit: [0-9a-f]{40}\n---\n$/);
    const second = surf(r.dir, ['verify']);
    expect(second).toEqual({ status: 0, stdout: 'surf verify: stamped 0 anchor(s), 1 skipped, 0 error(s).\n', stderr: '' });
    expect(readFileSync(join(r.dir, 'hubs/a.md'), 'utf8')).toBe(text);
  });

  it('re-stamps a matching v1 stamp to v2 once', () => {
    const r = workspace({ 'surf.toml': 'recipe = 2\n', 'x.go': 'package x\n\nfunc Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n', 'hubs/a.md': hub(item('x.go > Add', '942af2641116')) });
    expect(surf(r.dir, ['verify']).stdout).toBe('updated hubs/a.md\nsurf verify: stamped 1 anchor(s), 0 skipped, 0 error(s).\n');
    expect(readFileSync(join(r.dir, 'hubs/a.md'), 'utf8')).toContain('    hash: 2:5bb84c760e6b\n');
    expect(surf(r.dir, ['verify']).stdout).toBe('surf verify: stamped 0 anchor(s), 1 skipped, 0 error(s).\n');
  });

  it('reports errors with exit 1, a bad target with exit 2, and malformed hubs on stderr', () => {
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > ghost')), 'hubs/bad.md': '---\nanchors: [\n---\n' });
    const run = surf(r.dir, ['verify']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      'error hubs/a.md :: src/m.rs > ghost (no symbol `ghost` found at this path)\nsurf verify: stamped 0 anchor(s), 0 skipped, 1 error(s).\n',
    );
    expect(run.stderr).toMatch(/^surf verify: left hubs\/bad\.md alone \(invalid hub: invalid frontmatter: .*\); run `surf lint`\.\n$/);
    const target = surf(r.dir, ['verify', 'src/m.rs > nope']);
    expect(target.status).toBe(2);
    expect(target.stderr.startsWith('surf: no anchor matching `src/m.rs > nope`')).toBe(true);
    expect(target.stderr).toContain('; not searched, because they do not parse: hubs/bad.md (run `surf lint`)');
  });

  it('checks a hub linked from outside the workspace, but never writes there', () => {
    const outside = tempDir('surf-outside-hub-');
    const text = hub(item('src/m.rs > add'));
    writeFileSync(join(outside, 'shared.md'), text);
    const r = workspace({ 'src/m.rs': G1, 'hubs/shared.md': { symlink: join(outside, 'shared.md') } });
    const check = surf(r.dir, ['check']);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('hubs/shared.md :: src/m.rs > add');
    const verify = surf(r.dir, ['verify']);
    // Refused to write, as for any hub the file system or the layout does not let verify write.
    expect(verify.status).toBe(2);
    expect(verify.stdout).toContain('outside the workspace, where surf does not write');
    expect(readFileSync(join(outside, 'shared.md'), 'utf8')).toBe(text);
  });

  it('refuses a hub that is not UTF-8 and leaves its bytes alone', () => {
    const bytes = Buffer.concat([Buffer.from(hub(item('src/m.rs > add'))), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])]);
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': bytes });
    for (const command of ['verify', 'check', 'lint']) {
      const run = surf(r.dir, [command]);
      expect(run.status, command).toBe(2);
      expect(run.stderr).toBe('surf: hub hubs/a.md is not valid UTF-8; surf reads and rewrites hubs as UTF-8 text only — re-encode the file as UTF-8\n');
    }
    expect(readFileSync(join(r.dir, 'hubs/a.md')).equals(bytes)).toBe(true);
  });
});

describe('surf lint (spec §7.5)', () => {
  it('an ambiguous anchor is one block naming @N; JSON is the bare findings array', () => {
    const r = workspace({ 'src/dup.ts': 'function dup(): void {}\nfunction dup(): void {}\n', 'hubs/a.md': hub(item('src/dup.ts > dup', undefined, 'dup')) });
    const json = surf(r.dir, ['lint', '--format', 'json']);
    expect(json.status).toBe(1);
    const findings = JSON.parse(json.stdout) as Array<Record<string, string>>;
    expect(findings).toHaveLength(1);
    expect(Object.keys(findings[0]!)).toEqual(['severity', 'hub', 'at', 'message', 'claim']);
    expect(findings[0]!.severity).toBe('block');
    expect(findings[0]!.message).toContain('@N');
    expect(surf(r.dir, ['lint']).stdout).toBe(
      'error: hubs/a.md :: src/dup.ts > dup\n    `dup` is ambiguous (2 matches); disambiguate with `@N`\n    claim: dup\nsurf lint: 1 error(s), 0 warning(s).\n',
    );
  });

  it('warnings alone exit 0; long claims are collapsed and cut at 80 characters', () => {
    const long = `${'word '.repeat(30)}end`;
    const r = workspace({ 'src/m.rs': 'pub fn a() {}\npub fn b() {}\n', 'hubs/a.md': hub(item('src/m.rs > a', undefined, long)) });
    const run = surf(r.dir, ['lint']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'warning: hubs/a.md :: src/m.rs > b\n    public symbol `b` in src/m.rs has no claim in any hub — add an anchor or accept it as intentionally undocumented\nsurf lint: 0 error(s), 1 warning(s).\n',
    );
    const ws = workspace({ 'src/m.rs': 'pub fn a() {}\n', 'hubs/a.md': hub(item('src/m.rs > ghost', undefined, `  ${long}\n`)) });
    expect(surf(ws.dir, ['lint']).stdout).toContain(`    claim: ${'word '.repeat(16)}…\n`);
    expect(surf(workspace({ 'hubs/a.md': '---\nsummary: x\nanchors: []\n---\n' }).dir, ['lint']).stdout).toBe('surf lint: all anchors resolve.\n');
  });
});

describe('surf for (spec §7.4)', () => {
  it('lists claims by hub, as JSON too, and exits 0 even with no match', () => {
    const r = workspace({
      'src/x.rs': 'fn foo() {}\n',
      'src/y.rs': '',
      'hubs/a.md': hub(item('src/x.rs > foo', undefined, 'foo does it') + item('src/x.rs > bar', undefined, 'bar too')),
    });
    expect(surf(r.dir, ['for', 'src/x.rs'])).toEqual({
      status: 0,
      stdout: 'hubs/a.md\n  src/x.rs > bar\n    claim: bar too\n  src/x.rs > foo\n    claim: foo does it\nsurf for: 2 claim(s) anchor into src/x.rs.\n',
      stderr: '',
    });
    expect(JSON.parse(surf(r.dir, ['for', 'src/x.rs', 'foo', '--format', 'json']).stdout)).toEqual({
      version: 1,
      path: 'src/x.rs',
      matches: [{ hub: 'hubs/a.md', at: 'src/x.rs > foo', claim: 'foo does it' }],
    });
    expect(surf(r.dir, ['for', 'src/y.rs'])).toEqual({ status: 0, stdout: 'surf for: no hubs anchor into src/y.rs.\n', stderr: '' });
    expect(surf(r.dir, ['for', 'src/x.rs', 'baz']).stdout).toBe('surf for: no hubs anchor into src/x.rs > baz.\n');
  });

  it('a missing path or a directory is an error, not an empty answer', () => {
    const r = workspace({ 'src/x.rs': '', 'hubs/a.md': hub('') });
    const missing = surf(r.dir, ['for', 'src/nope.rs']);
    expect(missing.status).toBe(2);
    expect(missing.stderr.startsWith('surf: no such file: src/nope.rs')).toBe(true);
    const dir = surf(r.dir, ['for', 'src']);
    expect(dir).toEqual({ status: 2, stdout: '', stderr: 'surf: src is a directory — pass a file\n' });
  });
});

describe('a workspace whose hubs globs match no hub', () => {
  it('passes, as the reference does, but says on stderr that nothing was checked', () => {
    const r = workspace({ 'surf.toml': 'hubs = ["hub/*.md"]\n', 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > add', '2:000000000000')) });
    expect(surf(r.dir, ['check'])).toEqual({
      status: 0,
      stdout: 'surf check: all anchored spans match their stored hashes.\n',
      stderr: 'surf check: no hub file matches the `hubs` globs of surf.toml, so nothing was checked; fix the globs, or add a hub with `surf new <name>`.\n',
    });
  });
});

describe('--files that matches nothing', () => {
  it('is red in the JUnit report too, not only in the exit code', () => {
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > add', '2:f1075e760a17')) });
    const run = surf(r.dir, ['check', '--files', 'src/lables/*.rs', '--format', 'junit']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('<testsuites name="surf check" tests="1" failures="1" errors="0" time="0">');
    expect(run.stdout).toContain('<failure message="no --files pattern matched an anchored file (&quot;src/lables/*.rs&quot;), so nothing was checked; fix the pattern" type="surf/no-files-matched">');
    expect(run.stdout).not.toContain('<error');
  });
});

describe('a reader that stops early (`… | head`)', () => {
  it('ends the command with its own exit code and no EPIPE trace', () => {
    // Far more output than a pipe holds, so the writes meet the closed pipe.
    const long = 'a long claim '.repeat(20_000);
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > add', '2:f1075e760a17', long) + item('src/m.rs > add', '2:000000000000', long)) });
    const piped = (args: string): { codes: string; stderr: string } => {
      const run = spawnSync('bash', ['-c', `"${process.execPath}" "${SURF_BIN}" ${args} | head -c 10 > /dev/null; echo "\${PIPESTATUS[0]}"`], {
        cwd: r.dir,
        encoding: 'utf8',
        env: { ...process.env, ...GIT_TEST_ENV },
      });
      return { codes: run.stdout.trim(), stderr: run.stderr };
    };
    expect(piped('for src/m.rs')).toEqual({ codes: '0', stderr: '' });
    expect(piped('check --format json')).toEqual({ codes: '1', stderr: '' });
  });
});

describe('--report to a path that is not a regular file', () => {
  it('/dev/stdout receives the report after the human output', () => {
    const r = workspace({ 'src/m.rs': G1, 'hubs/a.md': hub(item('src/m.rs > add', '2:f1075e760a17')) });
    // Through a pipe, as in CI logs (a socket, which spawnSync uses, cannot be opened by path).
    const run = spawnSync('bash', ['-c', `"${process.execPath}" "${SURF_BIN}" check --report json=/dev/stdout | cat`], { cwd: r.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('surf check: all anchored spans match their stored hashes.\n{\n  "version": 1,\n  "divergences": []\n}\n');
  });
});

describe('a claim with `at: []`', () => {
  it('is blocked by lint; check and verify treat it as the reference does', () => {
    const r = workspace({ 'surf.toml': 'recipe = 2\n', 'src/m.rs': G1, 'hubs/a.md': hub('  - claim: nothing in particular\n    at: []\n') });
    const lint = surf(r.dir, ['lint']);
    expect(lint.status).toBe(1);
    expect(lint.stdout).toContain('the claim names no code (`at:` is an empty list); add the site it describes');
    // The reference stamps the digest of nothing; a hub it stamped must verify unchanged here.
    expect(surf(r.dir, ['verify']).status).toBe(0);
    expect(readFileSync(join(r.dir, 'hubs/a.md'), 'utf8')).toContain('    hash: 2:e3b0c44298fc\n');
    expect(surf(r.dir, ['check']).status).toBe(0);
  });
});
