import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { loadWorkspace, resolveRefPath } from './load-workspace.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
});

describe('loadWorkspace', () => {
  it('reads every hub in path order, carrying parse errors and OKF kinds', async () => {
    repo = createTempRepo(
      {
        'surf.toml': 'hubs = ["hubs/*.md"]\nbundles = ["okf"]\n',
        'hubs/b.md': '---\nanchors: []\n---\n',
        'hubs/a.md': 'no frontmatter\n',
        'okf/index.md': '# index',
      },
      { commit: false },
    );
    const ws = await loadWorkspace(`${repo.dir}/hubs`);
    expect(ws.root).toBe(repo.dir);
    expect(ws.hubs.map((h) => [h.rel, h.kind, h.hub !== undefined, h.error?.kind])).toEqual([
      ['hubs/a.md', 'Concept', false, 'MissingFrontmatter'],
      ['hubs/b.md', 'Concept', true, undefined],
      ['okf/index.md', 'Index', false, 'MissingFrontmatter'],
    ]);
    expect(ws.hubs[1]!.text).toBe('---\nanchors: []\n---\n');
  });
});

describe('resolveRefPath', () => {
  it.each([
    ['hubs/a.md', './b.md', 'hubs/b.md'],
    ['hubs/a.md', 'b.md', 'hubs/b.md'],
    ['hubs/sub/a.md', '../b.md', 'hubs/b.md'],
    ['hubs/a.md', '../../../x.md', 'x.md'],
    ['a.md', './a.md', 'a.md'],
    ['hubs/a.md', '/abs.md', 'hubs/abs.md'],
  ])('%s + %s → %s', (from, ref, expected) => {
    expect(resolveRefPath(from, ref)).toBe(expected);
  });
});
