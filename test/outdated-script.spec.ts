import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run outdated` against the registry npm is configured with: it answers for every
// dependency, and the reasons table in docs/packaging.md names only dependencies we have, so a
// pin that was moved cannot keep a stale excuse.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('npm run outdated', () => {
  it('lists what is behind with a reason or says none is written, and the reasons name only our dependencies', () => {
    const result = spawnSync('npm', ['run', 'outdated', '--silent'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    const [head, ...rest] = result.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^\d+ of \d+ dependencies are behind the registry's latest:$/);
    expect(result.stdout).not.toMatch(/did not answer/);
    expect(result.stdout).not.toMatch(/not a dependency any more/);
    // Every row is "name pinned → latest (gap; Node range; in places)" and then its reason.
    for (let i = 0; i < rest.length; i += 2) {
      expect(rest[i]).toMatch(/^ {2}\S+( \(npm:\S+\))? \S+ → \S+ \((major|minor); Node .+; in .+\)$/);
      expect(rest[i + 1]).toMatch(/^ {4}\S/);
    }
    // The pins this repository keeps on purpose are explained, not merely listed.
    expect(result.stdout).toMatch(/ink 6\.8\.0 → \S+ \(major[^\n]*\n {4}7 and 8 need Node 22/);
  }, 150_000);
});
