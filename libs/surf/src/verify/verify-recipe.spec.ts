import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { parseHub } from '../hub/parse-hub.js';
import { checkColdAndWarm } from '../cache/warm-check.test-helpers.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { type VerifyClock, runVerify } from './verify.js';

// Which recipe `surf verify` writes, and when it upgrades a stamp: only when it re-stamps.

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', ...files });
  cleanups.push(() => r.dispose());
  return r;
}

const clock: VerifyClock = { now: () => new Date('2026-07-01T16:53:08Z'), nowNs: () => 1_782_924_788_750_000_000n };
const read = (r: TempRepo): string => readFileSync(join(r.dir, 'hubs/a.md'), 'utf8');
const stampOf = (r: TempRepo): string | undefined => parseHub(read(r)).anchors[0]!.hash;
const verify = async (r: TempRepo) => runVerify(await loadWorkspace(r.dir), { clock });
const check = async (r: TempRepo) => checkColdAndWarm(await loadWorkspace(r.dir), { workers: 0 });

// A Python function whose string holds escape sequences: v2 and v3 digests differ.
const PY = 'def resp(x):\n    return "HTTP/1.1 200 OK\\r\\n" + x\n';
const hub = (hash?: string): string =>
  `---\nsummary: s\nanchors:\n  - claim: the status line\n    at: m.py > resp\n${hash === undefined ? '' : `    hash: ${hash}\n`}---\n`;

describe('surf verify and the hash recipe', () => {
  it('writes 3: stamps by default, and check verifies them under recipe 3', async () => {
    const r = repo({ 'm.py': PY, 'hubs/a.md': hub() });
    expect((await verify(r)).stamped).toBe(1);
    expect(stampOf(r)).toBe((await hashAnchor(PY, 'm.py > resp')).stamp);
    expect(stampOf(r)).toMatch(/^3:[0-9a-f]{12}$/);
    expect((await check(r)).passed).toBe(true);
    writeFileSync(join(r.dir, 'm.py'), PY.replace('HTTP', 'xTTP'));
    expect((await check(r)).divergences[0]).toMatchObject({ kind: 'changed' });
  });

  it('keeps a 2: stamp that still holds (no upgrade without a re-stamp), and re-stamps a changed one as 3:', async () => {
    const v2 = (await hashAnchor(PY, 'm.py > resp', { recipe: 'v2' })).stamp;
    const r = repo({ 'm.py': PY, 'hubs/a.md': hub(v2) });
    const before = read(r);
    expect(await verify(r)).toMatchObject({ stamped: 0, unchanged: 1, updatedFiles: [] });
    expect(read(r)).toBe(before);
    expect((await check(r)).passed).toBe(true);

    const changed = PY.replace('+ x', '+ x + x');
    writeFileSync(join(r.dir, 'm.py'), changed);
    expect((await check(r)).divergences[0]).toMatchObject({ kind: 'changed', oldHash: v2 });
    expect((await check(r)).divergences[0]!.newHash).toMatch(/^2:/);
    expect((await verify(r)).stamped).toBe(1);
    expect(stampOf(r)).toBe((await hashAnchor(changed, 'm.py > resp')).stamp);
    expect(stampOf(r)).toMatch(/^3:/);
  });

  it('`recipe = 2` writes 2: stamps and re-writes a 3: stamp the reference cannot read', async () => {
    const v2 = (await hashAnchor(PY, 'm.py > resp', { recipe: 'v2' })).stamp;
    const v3 = (await hashAnchor(PY, 'm.py > resp')).stamp;
    expect(v2.slice(2)).not.toBe(v3.slice(2));
    const fresh = repo({ 'surf.toml': 'recipe = 2\n', 'm.py': PY, 'hubs/a.md': hub() });
    await verify(fresh);
    expect(stampOf(fresh)).toBe(v2);

    const stamped3 = repo({ 'surf.toml': 'recipe = 2\n', 'm.py': PY, 'hubs/a.md': hub(v3) });
    // The 3: stamp still verifies under its own recipe…
    expect((await check(stamped3)).passed).toBe(true);
    // …but verify writes what the workspace asked for.
    expect((await verify(stamped3)).stamped).toBe(1);
    expect(stampOf(stamped3)).toBe(v2);
  });

  it('a bad `recipe` value is a configuration error', async () => {
    const r = repo({ 'surf.toml': 'recipe = 4\n', 'm.py': PY, 'hubs/a.md': hub() });
    await expect(loadWorkspace(r.dir)).rejects.toMatchObject({ code: 'SURF_BAD_CONFIG' });
  });
});

describe('surf verify <at> re-stamps the claim it names', () => {
  it('upgrades a still-valid 2: stamp to 3: when the claim is named', async () => {
    const v2 = (await hashAnchor(PY, 'm.py > resp', { recipe: 'v2' })).stamp;
    const r = repo({ 'm.py': PY, 'hubs/a.md': hub(v2) });
    const result = await runVerify(await loadWorkspace(r.dir), { clock, target: 'm.py > resp' });
    expect(result.stamped).toBe(1);
    expect(stampOf(r)).toBe((await hashAnchor(PY, 'm.py > resp')).stamp);
  });
});
