import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { NOT_WRITTEN_WITH_HUB, type VerifyClock, runVerify } from './verify.js';

// `wholeHubs`: a hub's claims are written together or not at all (what triage's write needs).

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const clock: VerifyClock = { now: () => new Date('2026-07-01T16:53:08Z'), nowNs: () => 1_782_924_788_750_000_000n };
const HUB = '---\nsummary: s\nanchors:\n  - claim: adds\n    at: m.py > add\n  - claim: gone\n    at: m.py > missing\n---\n';

function repo(): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', 'm.py': 'def add(a, b):\n    return a + b\n', 'hubs/a.md': HUB, 'hubs/b.md': HUB.replace('  - claim: gone\n    at: m.py > missing\n', '') });
  cleanups.push(() => r.dispose());
  return r;
}

describe('surf verify with wholeHubs', () => {
  it('leaves a hub untouched when one of its claims cannot be stamped, and writes the others', async () => {
    const r = repo();
    const result = await runVerify(await loadWorkspace(r.dir), { clock, wholeHubs: true });
    expect(readFileSync(join(r.dir, 'hubs/a.md'), 'utf8')).toBe(HUB);
    expect(result.updatedFiles).toEqual(['hubs/b.md']);
    const a = result.anchors.filter((x) => x.hub === 'hubs/a.md');
    expect(a.map((x) => [x.at, x.outcome, x.reason === NOT_WRITTEN_WITH_HUB])).toEqual([
      ['m.py > add', 'skipped', true],
      ['m.py > missing', 'skipped', false],
    ]);
    expect(result.errors).toBe(2);
  });

  it('without it, the claim that can be stamped is', async () => {
    const r = repo();
    const result = await runVerify(await loadWorkspace(r.dir), { clock });
    expect(result.updatedFiles).toEqual(['hubs/a.md', 'hubs/b.md']);
    expect(readFileSync(join(r.dir, 'hubs/a.md'), 'utf8')).toMatch(/hash: 3:[0-9a-f]{12}/);
  });
});
