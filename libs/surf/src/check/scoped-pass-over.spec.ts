import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { checkColdAndWarm, verdictOf } from '../cache/warm-check.test-helpers.js';
import { runCheck } from './check.js';
import { type LoadedHub, type LoadedWorkspace, loadWorkspace } from '../workspace/load-workspace.js';
import { runVerify } from '../verify/verify.js';

// Scoped commands (`check --files`, `check --base`, `verify <at>`) leave a hub unparsed when its
// quick facts show it parses and holds nothing in scope. Their results must be what parsing every
// hub gives: the same workspace with a comment line in each frontmatter (outside the quick
// subset, so every hub is parsed) is the reference.

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const STALE = '2:000000000000';
const hub = (items: string, refs = 'refs: []\n'): string => `---\nsummary: x\nanchors:\n${items}${refs}---\n`;
const item = (at: string, hash = STALE): string => `  - claim: c\n    at: ${at}\n    hash: ${hash}\n`;

function files(parseAll: boolean): Record<string, string> {
  const tree: Record<string, string> = {
    'surf.toml': '',
    'src/a.rs': 'pub fn a(x: i64) -> i64 { x + 1 }\n',
    'src/b.rs': 'pub fn b(x: i64) -> i64 { x + 2 }\n',
    'src/c.rs': 'pub fn c(x: i64) -> i64 { x + 3 }\n',
    'hubs/a.md': hub(item('src/a.rs > a')),
    // Out of scope for `--files src/a.rs`, but refers to a hub that diverges in scope.
    'hubs/b.md': hub(item('src/b.rs > b'), 'refs:\n  - ./a.md\n  - ./c.md > c\n'),
    'hubs/c.md': hub(item('src/c.rs > c') + item('src/b.rs > b')),
    'hubs/index.md': 'not a hub at all',
    'hubs/malformed.md': '---\nsummary: x\nanchors:\n  - claim: [unterminated\n---\n',
    // A claim whose site does not parse as an anchor: in scope of nothing.
    'hubs/odd.md': hub(item('src/b.rs >')),
  };
  if (parseAll) {
    for (const [path, text] of Object.entries(tree)) {
      if (path.startsWith('hubs/') && path !== 'hubs/malformed.md' && text.startsWith('---\n')) tree[path] = text.replace(/\n---\n$/, '\n# parsed\n---\n');
    }
  }
  return tree;
}

function workspaceRepo(parseAll: boolean): TempRepo {
  const r = createTempRepo(files(parseAll), { commit: true });
  cleanups.push(() => r.dispose());
  return r;
}

/** The workspace, counting how often each hub's parse is asked for. */
async function counted(dir: string): Promise<{ workspace: LoadedWorkspace; parsed: Set<string> }> {
  const workspace = await loadWorkspace(dir);
  const parsed = new Set<string>();
  const hubs = workspace.hubs.map((loaded): LoadedHub => {
    const { rel, path, kind, text } = loaded;
    return {
      rel,
      path,
      kind,
      text,
      get hub() {
        parsed.add(rel);
        return loaded.hub;
      },
      get error() {
        parsed.add(rel);
        return loaded.error;
      },
    };
  });
  return { workspace: { ...workspace, hubs }, parsed };
}

describe('scoped commands pass over hubs with nothing in scope', () => {
  it('check --files and --base give what parsing every hub gives, refs and malformed hubs included', async () => {
    const quick = workspaceRepo(false);
    const full = workspaceRepo(true);
    quick.write({ 'src/a.rs': 'pub fn a(x: i64) -> i64 { x - 1 }\n' });
    full.write({ 'src/a.rs': 'pub fn a(x: i64) -> i64 { x - 1 }\n' });
    for (const options of [{ files: ['src/a.rs'] }, { files: ['src/c.rs', 'nowhere/*'] }, { base: 'HEAD' }, { base: 'HEAD', files: ['src/b.rs'] }]) {
      const { workspace, parsed } = await counted(quick.dir);
      const result = await checkColdAndWarm(workspace, { workers: 0, ...options });
      const reference = await runCheck(await loadWorkspace(full.dir), { workers: 0, cache: { enabled: false }, ...options });
      // The two repositories differ in their hubs' bytes, so their commits have different ids.
      const withoutCommits = (r: typeof result) => ({ ...verdictOf(r), divergences: r.divergences.map(({ oldCodeFrom: _, ...d }) => d) });
      expect(withoutCommits(result), JSON.stringify(options)).toEqual(withoutCommits(reference));
      if (options.files?.[0] === 'src/a.rs') {
        expect(result.divergences.map((d) => [d.hub, d.kind])).toEqual([
          ['hubs/a.md', 'changed'],
          ['hubs/malformed.md', 'unresolvable'],
          ['hubs/b.md', 'referenced_stale'],
        ]);
        // Only the malformed hub was parsed: the diverged claim's hub is read from its quick facts.
        expect([...parsed].sort()).toEqual(['hubs/malformed.md']);
      }
    }
  });

  it('verify <at> parses only hubs that may hold the site, and still names hubs it could not search', async () => {
    const quick = workspaceRepo(false);
    const { workspace, parsed } = await counted(quick.dir);
    const clock = { now: () => new Date(Date.UTC(2026, 6, 1)), nowNs: () => 1n };
    const result = await runVerify(workspace, { target: 'src/c.rs > c', clock });
    expect(result.anchors.map((a) => [a.hub, a.outcome])).toEqual([['hubs/c.md', 'stamped']]);
    expect(result.skippedHubs.map((s) => s.hub)).toEqual(['hubs/malformed.md']);
    expect([...parsed].sort()).toEqual(['hubs/c.md', 'hubs/malformed.md']);
    const none = await runVerify((await counted(quick.dir)).workspace, { target: 'src/zz.rs > z', clock }).catch((error: unknown) => error);
    expect(none).toBeInstanceOf(SurfError);
    expect((none as SurfError).message).toContain('not searched, because they do not parse: hubs/malformed.md');
  });
});

describe('check --base and symlinks', () => {
  it('a claim anchored through a symlink is in scope when only the link\'s target changed', async () => {
    const real = 'def h(x):\n    return x + 1\n';
    const r = createTempRepo(
      {
        'surf.toml': '',
        'src/real.py': real,
        'src/link.py': { symlink: 'real.py' },
        'lib': { symlink: 'src' },
        'hubs/h.md': '---\nsummary: x\nanchors:\n  - claim: h adds one\n    at: src/link.py > h\n  - claim: h, through a linked directory\n    at: lib/real.py > h\n---\n',
      },
      { commit: true },
    );
    cleanups.push(() => r.dispose());
    await runVerify(await loadWorkspace(r.dir));
    r.commit('stamp');
    r.write({ 'src/real.py': real.replace('x + 1', 'x + 2') });
    // git lists only src/real.py; the claims name the link and the linked directory.
    const result = await runCheck(await loadWorkspace(r.dir), { base: 'HEAD', workers: 0 });
    expect(result.stats.scopedByBase).toBe(true);
    expect(result.divergences.map((d) => [d.at, d.kind])).toEqual([
      ['src/link.py > h', 'changed'],
      ['lib/real.py > h', 'changed'],
    ]);
  });
});
