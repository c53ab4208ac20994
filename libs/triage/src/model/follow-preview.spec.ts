import { loadWorkspace, runCheck, runVerify } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { triageWalkRepo } from '../../../../test/support/triage-walk-repo.js';
import { previewFollows } from './follow-preview.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});

describe('previewFollows', () => {
  it('follows a function moved byte for byte into another file, committed or not, as surf verify --follow does', async () => {
    const allocate = 'export function allocate(total: number, parts: number): number[] {\n  return Array.from({ length: parts }, () => total / parts);\n}\n';
    const keep = 'export function keep(): number {\n  return 1;\n}\n';
    for (const commitMove of [true, false]) {
      const repo = createTempRepo({ 'surf.toml': '', 'src/money.ts': allocate + keep, 'src/other.ts': 'export function allocate(): number {\n  return 0;\n}\n', 'hubs/m.md': '---\nsummary: x\nanchors:\n  - claim: allocate splits a total\n    at: src/money.ts > allocate\n---\n' });
      repos.push(repo);
      await runVerify(await loadWorkspace(repo.dir));
      repo.commit('stamp');
      // The move, and an unrelated edit of another file with a same-named but different function.
      repo.write({ 'src/money.ts': keep, 'src/alloc.ts': allocate, 'src/other.ts': 'export function allocate(): number {\n  return 1;\n}\n' });
      if (commitMove) repo.commit('move allocate');
      else repo.git('add', 'src/alloc.ts');
      const workspace = await loadWorkspace(repo.dir);
      const check = await runCheck(workspace, { workers: 0 });
      const previews = [...(await previewFollows(workspace, check.divergences)).values()];
      expect(previews, `commit: ${commitMove}`).toEqual([{ newAt: 'src/alloc.ts > allocate' }]);
      const result = await runVerify(await loadWorkspace(repo.dir), { follow: true });
      expect(result.anchors.map((a) => [a.outcome, a.newAt])).toEqual([['followed', 'src/alloc.ts > allocate']]);
      expect((await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).passed).toBe(true);
    }
  });

  it('offers follow exactly where surf verify --follow re-points the claim, with the same new anchor', async () => {
    const repo = await triageWalkRepo();
    repos.push(repo);
    const workspace = await loadWorkspace(repo.dir);
    const check = await runCheck(workspace, { workers: 0 });
    const previews = await previewFollows(workspace, check.divergences);
    const byAt = Object.fromEntries([...previews].map(([d, p]) => [d.at, p]));
    expect(byAt).toEqual({
      'src/shop.ts > formatPrice': { newAt: 'src/shop.ts > renderPrice' },
      'go/scale.go > Scale': { newAt: 'go/scaling.go > Scale' },
      'src/shop.ts > Cart > add': { problem: 'only a top-level symbol can be followed (a method or nested name cannot)' },
      'py/util.py > legacy': { problem: 'no definition in py/util.py hashes as the stored stamp: changed, deleted, or moved to another file (then point its `at:` there with e)' },
    });
    // verify --follow is the authority: it agrees claim by claim (run on the real files last).
    const result = await runVerify(await loadWorkspace(repo.dir), { follow: true });
    for (const [d, preview] of previews) {
      const anchor = result.anchors.find((a) => a.hub === d.hub && a.hubLine === d.hubLine)!;
      if ('newAt' in preview) expect(anchor).toMatchObject({ outcome: 'followed', newAt: preview.newAt });
      else expect(anchor.outcome, d.at).toBe('skipped');
    }
  });

  it('refuses a move git has not seen (an unstaged move)', async () => {
    const repo = await triageWalkRepo();
    repos.push(repo);
    // Undo the staged move and make it a plain file-system move.
    repo.git('mv', 'go/scaling.go', 'go/scale.go');
    repo.git('reset', '-q');
    repo.write({ 'go/elsewhere.go': repo.git('show', 'HEAD:go/scale.go') + '\n', 'go/scale.go': null });
    const workspace = await loadWorkspace(repo.dir);
    const check = await runCheck(workspace, { workers: 0 });
    const previews = await previewFollows(workspace, check.divergences);
    const scale = [...previews].find(([d]) => d.at === 'go/scale.go > Scale')![1];
    expect(scale).toMatchObject({ problem: expect.stringContaining('git knows no rename of it') });
  });
});
