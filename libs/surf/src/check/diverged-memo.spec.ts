import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { checkColdAndWarm } from '../cache/warm-check.test-helpers.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { runVerify } from '../verify/verify.js';

// A hub with divergences is remembered whole when each divergence's history was read at its
// claim's own verified commit (which names its files for good): the check after the same edit
// gives the same result without planning the hub's claims. History read at HEAD is not
// remembered, since the next commit changes it.

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

const SOURCE = 'export function a(x: number): number {\n  return x + 1;\n}\n\nexport function b(x: number): number {\n  return x * 2;\n}\n';
const HUB = '---\nsummary: helpers\nanchors:\n  - claim: a adds one\n    at: src/m.ts > a\n  - claim: b doubles\n    at: src/m.ts > b\n  - claim: both\n    at:\n      - src/m.ts > a\n      - src/m.ts > b\nrefs: []\n---\n';

/** Committed sources, their claims stamped by `surf verify` (so with `verified_commit`), committed too. */
async function verifiedRepo(): Promise<TempRepo> {
  const repo = createTempRepo({ 'surf.toml': '', 'src/m.ts': SOURCE, 'hubs/h.md': HUB, 'hubs/up.md': '---\nsummary: up\nrefs:\n  - ./h.md > b\n---\n' });
  repos.push(repo);
  await runVerify(await loadWorkspace(repo.dir));
  repo.commit('stamp');
  return repo;
}

describe('a diverged hub in the result cache', () => {
  it('is taken whole from the cache after the same edit when its history is settled at the verified commit', async () => {
    const repo = await verifiedRepo();
    repo.write({ 'src/m.ts': SOURCE.replace('x * 2', 'x * 3') });
    const warm = await checkColdAndWarm(await loadWorkspace(repo.dir), { workers: 0 });
    expect(warm.cache!.hubsRemembered).toBe(1);
    expect(warm.divergences.map((d) => [d.hub, d.kind, d.at])).toEqual([
      ['hubs/h.md', 'changed', 'src/m.ts > b'],
      ['hubs/h.md', 'changed', 'src/m.ts > a  +  src/m.ts > b'],
      ['hubs/up.md', 'referenced_stale', './h.md > b'],
    ]);
    expect(warm.divergences[0]).toMatchObject({ oldCode: expect.stringContaining('x * 2'), magnitude: 'small' });
    expect(warm.stats).toMatchObject({ claims: 3, clean: 1 });
  });

  it('is judged again when its history came from HEAD (a claim without verified_commit)', async () => {
    const repo = await verifiedRepo();
    const hub = readFileSync(join(repo.dir, 'hubs/h.md'), 'utf8').replace(/^ {4}verified_commit: .*\n/gm, '');
    repo.write({ 'hubs/h.md': hub });
    repo.commit('drop the verified commits');
    repo.write({ 'src/m.ts': SOURCE.replace('x * 2', 'x * 3') });
    const warm = await checkColdAndWarm(await loadWorkspace(repo.dir), { workers: 0 });
    expect(warm.cache!.hubsRemembered).toBe(0);
    expect(warm.divergences[0]).toMatchObject({ kind: 'changed', oldCodeFrom: 'HEAD' });
  });
});
