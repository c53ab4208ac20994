// An `@N` claim names the N-th match of a name. When an earlier match goes away, the same `@N`
// names the next one; if that one's code equals the claimed one's, the stamp still holds, and
// only the matches at the verified commit tell that the claim now points at other code. Real
// repositories, the built bin (`npm run build` first).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { surf, surfWorkspacesPerTest } from './support/surf-bin.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

const { workspace, tempDir } = surfWorkspacesPerTest();

const GUARDED = `import typing as t
if t.TYPE_CHECKING:
    class D:
        x: bool
        y: int
else:
    class D:
        x: bool
`;
/** `x: bool` deleted from the first `D`: `@1` now names the second `D`'s `x`, whose code is the same. */
const GUARDED_DELETED = GUARDED.replace('        x: bool\n        y: int\n', '        y: int\n');

const hub = (at: string): string => `---\nsummary: d\nanchors:\n  - claim: D carries an x flag.\n    at: ${at}\n---\n`;

/** A committed workspace whose one claim `at` was verified at its first commit, the stamp committed. */
function verified(files: Record<string, string>, at: string): { repo: TempRepo; verifiedAt: string } {
  const repo = workspace({ ...files, 'hubs/d.md': hub(at) });
  const verifiedAt = repo.git('rev-parse', 'HEAD');
  const run = surf(repo.dir, ['verify']);
  expect(run.status, run.stderr).toBe(0);
  repo.commit('stamp the claim');
  return { repo, verifiedAt };
}

interface Divergence {
  kind: string;
  detail?: string;
  old_hash?: string;
  new_hash?: string;
  old_code?: string;
  new_code?: string;
  old_code_from?: string;
}

function divergences(dir: string, extra: string[] = []): { status: number | null; divergences: Divergence[]; stderr: string } {
  const run = surf(dir, ['check', '--format', 'json', ...extra]);
  return { status: run.status, divergences: (JSON.parse(run.stdout) as { divergences: Divergence[] }).divergences, stderr: run.stderr };
}

describe('surf check: an `@N` claim whose match moved to another site', () => {
  it('diverges as re-pointed when an earlier match is deleted, with and without the cache', () => {
    const { repo, verifiedAt } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED_DELETED });
    repo.commit('drop x from the checking-time D');
    const short = verifiedAt.slice(0, 12);

    // Cold, then warm (every answer from the cache), then without the cache: one verdict.
    const runs = [divergences(repo.dir), divergences(repo.dir), divergences(repo.dir, ['--no-cache'])];
    for (const run of runs) {
      expect(run.status, run.stderr).toBe(1);
      expect(run.divergences).toHaveLength(1);
      const [d] = run.divergences;
      expect(d!.kind).toBe('changed');
      // The stamp itself holds: the code now under `@1` is token for token the code it named.
      expect(d!.new_hash).toBe(d!.old_hash);
      expect(d!.detail).toContain(`re-pointed: \`@1\` now names what was \`@2\` at ${short}`);
      // Both sites: where `@1` points now (line 7) and where it pointed then (line 4, now gone).
      expect(d!.detail).toContain('a.py:7');
      expect(d!.detail).toContain('a.py:4');
      expect(d).toMatchObject({ old_code: 'x: bool', new_code: 'x: bool', old_code_from: verifiedAt });
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);

    const human = surf(repo.dir, ['check']);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('DIVERGED  hubs/d.md :: a.py > D > x @1');
    expect(human.stdout).toContain('re-pointed: `@1` now names what was `@2`');
    expect(surf(repo.dir, ['check', '--no-cache']).stdout).toBe(human.stdout);
    const sarif = JSON.parse(surf(repo.dir, ['check', '--format', 'sarif']).stdout) as { runs: Array<{ results: Array<{ message: { text: string } }> }> };
    expect(sarif.runs[0]!.results[0]!.message.text).toContain('re-pointed: `@1` now names what was `@2`');
    // Markdown shows the old code as the reason, not as advice.
    const markdown = surf(repo.dir, ['check', '--format', 'markdown']).stdout;
    expect(markdown).toMatch(/Old code \(from git history at <code>[0-9a-f]+<\/code>; what the claim named then\)/);
  });

  it('also when the deletion is not committed yet', () => {
    const { repo } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED_DELETED });
    const run = divergences(repo.dir);
    expect(run.status).toBe(1);
    expect(run.divergences[0]!.detail).toContain('re-pointed: `@1` now names what was `@2`');
  });

  it('re-verifying accepts the new site: the check is clean once that is committed', () => {
    const { repo } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED_DELETED });
    repo.commit('drop x from the checking-time D');
    expect(surf(repo.dir, ['check']).status).toBe(1);
    const verify = surf(repo.dir, ['verify']);
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stdout).toContain('stamped');
    expect(surf(repo.dir, ['check']).status).toBe(0);
    repo.commit('accept the new site');
    expect(surf(repo.dir, ['check']).status).toBe(0);
    expect(surf(repo.dir, ['check', '--no-cache']).status).toBe(0);
  });

  it('stays clean after an unrelated edit of the same file', () => {
    const { repo } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': `${GUARDED}\n\ndef helper():\n    return 1\n` });
    repo.commit('add a helper');
    for (const args of [[], [], ['--no-cache']]) {
      const run = surf(repo.dir, ['check', ...args]);
      expect(run.status, run.stdout).toBe(0);
      expect(run.stderr).not.toContain('re-pointed');
    }
    // An edit above the guard moves every line, not which match `@1` names.
    repo.write({ 'a.py': `import os\n${GUARDED}` });
    expect(surf(repo.dir, ['check']).status).toBe(0);
  });

  it('stays clean when a later match is added', () => {
    const { repo } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED.replace('else:\n', 'elif t.Any:\n    class D:\n        x: bool\nelse:\n') });
    repo.commit('a third D');
    const run = surf(repo.dir, ['check', '--no-cache']);
    expect(run.status, run.stdout).toBe(0);
    expect(surf(repo.dir, ['check']).status).toBe(0);
  });

  it('diverges when an earlier match is added with the same code', () => {
    const { repo } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED.replace('if t.TYPE_CHECKING:\n', 'if t.Any:\n    class D:\n        x: bool\nelif t.TYPE_CHECKING:\n') });
    const run = divergences(repo.dir);
    expect(run.status).toBe(1);
    expect(run.divergences[0]!.detail).toContain('re-pointed: `@1` now names a match that was not there at');
    expect(run.divergences[0]!.detail).toContain('now `@2`');
  });

  it('a shallow clone without the verified commit says it could not compare, and does not fail for it', () => {
    const { repo, verifiedAt } = verified({ 'a.py': GUARDED }, 'a.py > D > x @1');
    repo.write({ 'a.py': GUARDED_DELETED });
    repo.commit('drop x from the checking-time D');
    const dir = tempDir('driftgate-shallow-');
    const clone = spawnSync('git', ['clone', '-q', '--depth', '1', pathToFileURL(repo.dir).href, dir], { encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(clone.status, clone.stderr).toBe(0);
    for (const args of [[], ['--no-cache'], ['--format', 'json']]) {
      const run = surf(dir, ['check', ...args]);
      expect(run.status, run.stdout).toBe(0);
      expect(run.stderr).toContain(`hubs/d.md :: a.py > D > x @1: could not compare which match \`@1\` names with the matches at ${verifiedAt.slice(0, 12)}`);
      expect(run.stderr).toContain(`git fetch origin ${verifiedAt}`);
    }
    // Fetched, the commit is there to compare with, and the claim diverges.
    const fetched = spawnSync('git', ['fetch', '-q', 'origin', verifiedAt], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(fetched.status, fetched.stderr).toBe(0);
    const after = surf(dir, ['check']);
    expect(after.status).toBe(1);
    expect(after.stdout).toContain('re-pointed: `@1` now names what was `@2`');
  });

  it('Rust: a method named through its type, inherent impl first, trait impl second', () => {
    const source = `pub struct Circle {
    r: f64,
}

impl Circle {
    fn area(&self) -> f64 {
        self.r * self.r * 3.14
    }

    pub fn grow(&mut self) {
        self.r += 1.0;
    }
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        self.r * self.r * 3.14
    }
}
`;
    const { repo } = verified({ 'src/lib.rs': source }, 'src/lib.rs > Circle > area @1');
    repo.write({ 'src/lib.rs': source.replace('    fn area(&self) -> f64 {\n        self.r * self.r * 3.14\n    }\n\n    pub fn grow', '    pub fn grow') });
    repo.commit('the inherent area goes');
    for (const args of [[], [], ['--no-cache']]) {
      const run = divergences(repo.dir, args);
      expect(run.status).toBe(1);
      expect(run.divergences[0]!.detail).toContain('re-pointed: `@1` now names what was `@2`');
      expect(run.divergences[0]!.detail).toContain('src/lib.rs:12');
      expect(run.divergences[0]!.new_code).toContain('self.r * self.r * 3.14');
    }
  });

  it('TypeScript: a member of a merged interface', () => {
    const source = `export interface Store {
  get(key: string): string;
  size(): number;
}

export interface Store {
  get(key: string): string;
}
`;
    const { repo } = verified({ 'src/store.ts': source }, 'src/store.ts > Store > get @1');
    repo.write({ 'src/store.ts': source.replace('  get(key: string): string;\n  size', '  size') });
    repo.commit('one get is enough');
    const run = divergences(repo.dir);
    expect(run.status).toBe(1);
    expect(run.divergences[0]!.detail).toContain('re-pointed: `@1` now names what was `@2`');
    expect(run.divergences[0]).toMatchObject({ old_code: 'get(key: string): string', new_code: 'get(key: string): string' });
    // The same edit under a claim on the second `get` changes nothing it names.
    const second = verified({ 'src/store.ts': source }, 'src/store.ts > Store > get @2');
    second.repo.write({ 'src/store.ts': source.replace('  get(key: string): string;\n  size', '  size') });
    const moved = divergences(second.repo.dir);
    // `@2` names nothing now: the existing unresolvable verdict, not a re-point.
    expect(moved.divergences[0]!.kind).toBe('unresolvable');
  });
});
