import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { findClaimsFor, forEnvelope } from './for-path.js';
import { loadWorkspace } from '../workspace/load-workspace.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
});

const HUB =
  '---\nsummary: x\nanchors:\n  - claim: foo does a thing\n    at: src/x.rs > foo\n  - claim: "  bar does another  "\n    at:\n      - src/x.rs > bar\n      - src/y.rs > baz\n  - claim: elsewhere\n    at: src/y.rs > baz\n---\n';

async function workspace() {
  repo = createTempRepo(
    { 'surf.toml': '', 'hubs/a.md': HUB, 'hubs/b.md': '---\nanchors:\n  - claim: b\n    at: src/x.rs > foo > inner\n---\n', 'hubs/bad.md': '---\nanchors: [\n---\n', 'src/x.rs': 'fn foo() {}\n', 'src/y.rs': '', 'src/lonely.rs': '' },
    { commit: false },
  );
  mkdirSync(join(repo.dir, 'src', 'dir'));
  return loadWorkspace(repo.dir);
}

describe('findClaimsFor (spec §7.4)', () => {
  it('finds every claim site anchored into a file, sorted by hub then site', async () => {
    const result = await findClaimsFor(await workspace(), 'src/x.rs');
    expect(result.matches.map((m) => [m.hub, m.at, m.claim])).toEqual([
      ['hubs/a.md', 'src/x.rs > bar', 'bar does another'],
      ['hubs/a.md', 'src/x.rs > foo', 'foo does a thing'],
      ['hubs/b.md', 'src/x.rs > foo > inner', 'b'],
    ]);
    expect(forEnvelope(result)).toEqual({
      version: 1,
      path: 'src/x.rs',
      matches: result.matches.map(({ hub, at, claim }) => ({ hub, at, claim })),
    });
  });

  it('narrows to anchors whose first segment is the symbol, and normalizes the path', async () => {
    const ws = await workspace();
    const result = await findClaimsFor(ws, './src/x.rs', 'foo');
    expect(result.path).toBe('src/x.rs');
    expect(result.matches.map((m) => m.at)).toEqual(['src/x.rs > foo', 'src/x.rs > foo > inner']);
    expect((await findClaimsFor(ws, join(ws.root, 'src', 'y.rs'))).matches).toHaveLength(2);
    expect((await findClaimsFor(ws, 'src/lonely.rs')).matches).toEqual([]);
  });

  it.each([
    ['src/nope.rs', 'no such file: src/nope.rs'],
    ['src/dir', 'src/dir is a directory — pass a file'],
    ['src/dir/', 'src/dir/ is a directory — pass a file'],
    ['src/x.rs/', 'no such file: src/x.rs/'],
    ['../outside.rs', '../outside.rs is outside the workspace root'],
    ['/etc/hostname', '/etc/hostname is outside the workspace root'],
  ])('refuses %s', async (path, message) => {
    const error = await findClaimsFor(await workspace(), path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_BAD_PATH');
    expect((error as SurfError).message.startsWith(message)).toBe(true);
  });
});
