import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { checkColdAndWarm } from '../cache/warm-check.test-helpers.js';
import { type LoadedHub, type LoadedWorkspace, loadWorkspace } from '../workspace/load-workspace.js';
import { runVerify } from '../verify/verify.js';

// `surf check` plans the claims of a hub in the plain subset from its quick facts, so a run where
// every claim is clean parses no hub's YAML, nor does one where claims diverge (the quick facts
// hold a claim's prose, id and line too); a hub is parsed only when it is outside the subset.

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

const SOURCE = 'export function a(x: number): number {\n  return x + 1;\n}\n\nexport function b(x: number): number {\n  return x * 2;\n}\n';

function hubText(comment = ''): string {
  return `---\nsummary: helpers\nanchors:\n  - claim: a adds one\n    at: src/m.ts > a\n${comment}  - claim: b doubles\n    at: src/m.ts > b\nrefs: []\n---\n# Helpers\n`;
}

async function stampedRepo(hubs: Record<string, string>): Promise<TempRepo> {
  const repo = createTempRepo({ 'surf.toml': '', 'src/m.ts': SOURCE, ...hubs });
  repos.push(repo);
  await runVerify(await loadWorkspace(repo.dir));
  return repo;
}

/** The workspace with every hub's `hub` getter counting its reads, by hub path. */
async function counted(dir: string): Promise<{ workspace: LoadedWorkspace; reads: Map<string, number> }> {
  const loaded = await loadWorkspace(dir);
  const reads = new Map<string, number>();
  const hubs = loaded.hubs.map(
    (h): LoadedHub => ({
      rel: h.rel,
      path: h.path,
      kind: h.kind,
      text: h.text,
      get hub() {
        reads.set(h.rel, (reads.get(h.rel) ?? 0) + 1);
        return h.hub;
      },
      get error() {
        return h.error;
      },
    }),
  );
  return { workspace: { ...loaded, hubs }, reads };
}

describe('surf check from quick facts', () => {
  it('parses no hub when every claim is clean, and still lists every claim it judged', async () => {
    const repo = await stampedRepo({ 'hubs/one.md': hubText(), 'hubs/two.md': hubText() });
    const { workspace, reads } = await counted(repo.dir);
    const result = await checkColdAndWarm(workspace, { workers: 0 });
    expect(result.passed).toBe(true);
    expect(result.stats.clean).toBe(4);
    expect([...reads]).toEqual([]);
    const parsed = await loadWorkspace(repo.dir);
    expect(result.checked).toEqual(
      parsed.hubs.flatMap((h) => h.hub!.anchors.map((claim) => ({ hub: h.rel, at: claim.at as string, hubLine: claim.line }))),
    );
  });

  it('does not parse the hub of a diverged claim either, whose divergence carries what parsing gives', async () => {
    const repo = await stampedRepo({ 'hubs/one.md': hubText(), 'hubs/two.md': hubText() });
    const fresh = await loadWorkspace(repo.dir);
    const claimB = fresh.hubs.find((h) => h.rel === 'hubs/two.md')!.hub!.anchors[1]!;
    repo.write({ 'src/m.ts': SOURCE.replace('x * 2', 'x * 3') });
    const { workspace, reads } = await counted(repo.dir);
    const result = await checkColdAndWarm(workspace, { workers: 0 });
    // Both hubs anchor b, and each divergence is built from its hub's quick facts.
    expect(result.divergences.map((d) => d.hub)).toEqual(['hubs/one.md', 'hubs/two.md']);
    expect([...reads.keys()]).toEqual([]);
    const two = result.divergences.find((d) => d.hub === 'hubs/two.md')!;
    expect(two).toMatchObject({ kind: 'changed', claim: 'b doubles', prose: 'b doubles', hubLine: claimB.line, id: claimB.id, oldHash: claimB.hash });
  });

  it('parses a hub outside the plain subset as before, with the same verdicts', async () => {
    const repo = await stampedRepo({ 'hubs/plain.md': hubText(), 'hubs/commented.md': hubText('  # a comment between claims\n') });
    const { workspace, reads } = await counted(repo.dir);
    const result = await checkColdAndWarm(workspace, { workers: 0 });
    expect(result.passed).toBe(true);
    expect([...reads.keys()]).toEqual(['hubs/commented.md']);
    expect(result.checked.map((c) => c.hub)).toEqual(['hubs/commented.md', 'hubs/commented.md', 'hubs/plain.md', 'hubs/plain.md']);
  });
});
