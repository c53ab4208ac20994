// Black-box tests of the result cache through the built bin (`npm run build` first): where it
// goes, the flags and variables that move or bypass it, concurrent processes, and that a warm
// run reports what a cold one does.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surf, surfAsync, surfWorkspacesPerTest } from './support/surf-bin.js';
import type { TempRepo } from './support/temp-repo.js';

const { workspace: surfWorkspace, tempDir: dirFor } = surfWorkspacesPerTest();

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';

function workspace(files = 3): TempRepo {
  let claims = '';
  const tree: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    tree[`src/f${i}.rs`] = G1;
    claims += `  - claim: add ${i}\n    at: src/f${i}.rs > add\n    hash: 2:f1075e760a17\n`;
  }
  tree['hubs/h.md'] = `---\nsummary: x\nanchors:\n${claims}---\n`;
  return surfWorkspace(tree);
}

const tempDir = (): string => dirFor('surf-cache-cli-');

/** The cache files under a cache directory, each checked to be whole (a header, then lines whose checksums hold). */
function cacheFiles(dir: string): string[] {
  const versioned = join(dir, 'surf-v2');
  if (!existsSync(versioned)) return [];
  const names = readdirSync(versioned).filter((name) => name.endsWith('.json'));
  for (const name of names) {
    const [header, ...lines] = readFileSync(join(versioned, name), 'utf8').split('\n');
    expect(JSON.parse(header!)).toMatchObject({ version: 2 });
    expect(lines.pop()).toBe('');
    for (const line of lines) {
      const [kind, path, key, sum, ...value] = line.split('\t');
      expect(createHash('sha256').update(`${kind}\t${path}\t${key}\t`).update(value.join('\t')).digest('hex').slice(0, 32)).toBe(sum);
    }
  }
  return names;
}

describe('surf check with the result cache', () => {
  it('keeps it in .surf-cache/ without node_modules, leaves git clean, and a warm run sees an edit', () => {
    const r = workspace();
    const cold = surf(r.dir, ['check', '--format', 'json']);
    expect(cold.status).toBe(0);
    expect(cacheFiles(join(r.dir, '.surf-cache'))).toHaveLength(1);
    expect(r.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(surf(r.dir, ['check', '--format', 'json'])).toEqual(cold);
    r.write({ 'src/f1.rs': G1.replace('a + b', 'a - b') });
    const warm = surf(r.dir, ['check', '--format', 'json']);
    const uncached = surf(r.dir, ['check', '--format', 'json', '--no-cache']);
    expect(warm.status).toBe(1);
    expect(warm).toEqual(uncached);
    expect(surf(r.dir, ['verify']).status).toBe(0);
    expect(surf(r.dir, ['check']).status).toBe(0);
  });

  it('is bypassed by --no-cache and SURF_NO_CACHE=1, and moved by --cache-dir and SURF_CACHE_DIR (the flag first)', () => {
    const r = workspace(1);
    expect(surf(r.dir, ['check', '--no-cache']).status).toBe(0);
    expect(surf(r.dir, ['check'], { SURF_NO_CACHE: '1' }).status).toBe(0);
    expect(existsSync(join(r.dir, '.surf-cache'))).toBe(false);
    const viaEnv = tempDir();
    const viaFlag = tempDir();
    expect(surf(r.dir, ['check'], { SURF_CACHE_DIR: viaEnv }).status).toBe(0);
    expect(cacheFiles(viaEnv)).toHaveLength(1);
    expect(surf(r.dir, ['check', '--cache-dir', viaFlag], { SURF_CACHE_DIR: join(viaEnv, 'unused') }).status).toBe(0);
    expect(cacheFiles(viaFlag)).toHaveLength(1);
    expect(existsSync(join(viaEnv, 'unused'))).toBe(false);
    // A relative directory is taken from where surf runs; SURF_NO_CACHE=0 leaves the cache on.
    expect(surf(r.dir, ['check', '--cache-dir', 'here'], { SURF_NO_CACHE: '0' }).status).toBe(0);
    expect(cacheFiles(join(r.dir, 'here'))).toHaveLength(1);
    expect(existsSync(join(r.dir, '.surf-cache'))).toBe(false);
  });

  it('stays whole under concurrent processes, which all report the same', async () => {
    const r = workspace(8);
    r.write({ 'src/f3.rs': G1.replace('a + b', 'a * b') });
    const dir = tempDir();
    const runs = await Promise.all(Array.from({ length: 4 }, () => surfAsync(r.dir, ['check', '--format', 'json', '--cache-dir', dir])));
    const uncached = surf(r.dir, ['check', '--format', 'json', '--no-cache']);
    for (const run of runs) expect(run).toEqual(uncached);
    expect(cacheFiles(dir)).toHaveLength(1);
    expect(readdirSync(join(dir, 'surf-v2')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(surf(r.dir, ['check', '--format', 'json', '--cache-dir', dir])).toEqual(uncached);
  });

  it('reports a diverged run byte for byte as --no-cache does, in every format, on the first and the second run after the edit', () => {
    const r = workspace(2);
    // Stamped by verify over committed sources, so each claim carries a verified_commit that holds its code.
    r.write({ 'hubs/h.md': readFileSync(join(r.dir, 'hubs/h.md'), 'utf8').replaceAll('    hash: 2:f1075e760a17\n', '') });
    expect(surf(r.dir, ['verify']).status).toBe(0);
    expect(readFileSync(join(r.dir, 'hubs/h.md'), 'utf8')).toContain('verified_commit: ');
    r.commit('stamp');
    r.write({ 'src/f1.rs': G1.replace('a + b', 'a - b') });
    const dir = tempDir();
    for (const format of ['human', 'json', 'junit', 'sarif', 'github', 'markdown', 'codequality']) {
      const uncached = surf(r.dir, ['check', '--format', format, '--no-cache']);
      expect(uncached.status, format).toBe(1);
      expect(surf(r.dir, ['check', '--format', format, '--cache-dir', dir]), format).toEqual(uncached);
      expect(surf(r.dir, ['check', '--format', format, '--cache-dir', dir]), format).toEqual(uncached);
    }
    // The second run took the hub's verdicts, divergence and history included, from the cache.
    expect(readFileSync(join(dir, 'surf-v2', cacheFiles(dir)[0]!), 'utf8')).toMatch(/^H\t"hubs\/h\.md"\t[0-9a-f]+\t[0-9a-f]+\t\{.*"divergences":\[\{/m);
  });
});
