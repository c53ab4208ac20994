import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { comparePosixPaths } from './compare-paths.js';
import { bundleGlob, discoverHubs } from './discover-hubs.js';
import { compileWorkspaceGlob } from './glob-pattern.js';

const HUB = '---\nanchors: []\n---\n';
let repo: TempRepo | undefined;
let outside: string | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
  if (outside) rmSync(outside, { recursive: true, force: true });
  outside = undefined;
});

function workspace(files: TreeSpec): string {
  repo = createTempRepo(files, { commit: false });
  return repo.dir;
}

describe('discoverHubs (spec §6)', () => {
  it('matches the default glob one level deep, files only', async () => {
    const root = workspace({
      'hubs/b.md': HUB,
      'hubs/a.md': HUB,
      'hubs/notes.txt': 'x',
      'hubs/sub/c.md': HUB,
      'hubs/dir.md/inner.md': HUB,
      'src/x.md': HUB,
    });
    expect(await discoverHubs({ root, hubs: ['hubs/*.md'], bundles: [] })).toEqual(['hubs/a.md', 'hubs/b.md']);
  });

  it('unions hubs globs and bundles, de-duplicated and sorted', async () => {
    const root = workspace({
      'AGENTS.md': HUB,
      'hubs/z.md': HUB,
      'docs/okf/index.md': HUB,
      'docs/okf/deep/er/log.md': HUB,
      'docs/okf/readme.txt': 'x',
      'docs/other.md': HUB,
    });
    const hubs = await discoverHubs({
      root,
      hubs: ['hubs/*.md', 'AGENTS.md', 'docs/okf/*.md', './hubs/z.md'],
      bundles: ['docs/okf', './docs/okf/'],
    });
    expect(hubs).toEqual(['AGENTS.md', 'docs/okf/deep/er/log.md', 'docs/okf/index.md', 'hubs/z.md']);
  });

  it('orders paths component by component, like Rust PathBuf', async () => {
    const root = workspace({ 'a.md': HUB, 'a/b.md': HUB, 'a-b.md': HUB, 'B.md': HUB, 'é.md': HUB, 'a/a/z.md': HUB });
    // By components: `B.md` (0x42) < `a` < `a-b.md` (`-` 0x2d) < `a.md` (`.` 0x2e) < `é.md`;
    // inside `a`: the directory `a` < `b.md`.
    expect(await discoverHubs({ root, hubs: ['**/*.md'], bundles: [] })).toEqual([
      'B.md',
      'a/a/z.md',
      'a/b.md',
      'a-b.md',
      'a.md',
      'é.md',
    ]);
  });

  it('skips .git and node_modules but not other dot directories', async () => {
    const root = workspace({ 'node_modules/pkg/readme.md': HUB, '.github/hub.md': HUB, 'x.md': HUB });
    writeFileSync(join(root, '.git', 'stray.md'), HUB);
    expect(await discoverHubs({ root, hubs: ['**/*.md'], bundles: [] })).toEqual(['.github/hub.md', 'x.md']);
  });

  it('never follows directory symlinks; takes file symlinks, inside the root or not', async () => {
    outside = mkdtempSync(join(tmpdir(), 'surf-outside-'));
    mkdirSync(join(outside, 'dir'));
    writeFileSync(join(outside, 'dir', 'far.md'), HUB);
    const root = workspace({
      'hubs/real.md': HUB,
      'other/in.md': HUB,
      'hubs/alias.md': { symlink: '../other/in.md' },
      'hubs/linked-dir': { symlink: '../other' },
    });
    symlinkSync(join(outside, 'dir'), join(root, 'hubs', 'far'));
    writeFileSync(join(outside, 'shared.md'), HUB);
    symlinkSync(join(outside, 'shared.md'), join(root, 'hubs', 'shared.md'));
    expect(await discoverHubs({ root, hubs: ['hubs/**/*.md'], bundles: [] })).toEqual(['hubs/alias.md', 'hubs/real.md', 'hubs/shared.md']);
  });

  it('refuses a matching hub symlink that is dangling, rather than drop its claims', async () => {
    const dangling = workspace({ 'hubs/real.md': HUB, 'hubs/dangling.md': { symlink: 'missing.md' } });
    await expect(discoverHubs({ root: dangling, hubs: ['hubs/*.md'], bundles: [] })).rejects.toMatchObject({
      code: 'SURF_IO',
      message: 'hub hubs/dangling.md is a symlink to nothing (its target does not exist), so its claims cannot be checked; point it at the hub file, or remove it',
    });
    // A link the globs do not match is none of surf's business.
    expect(await discoverHubs({ root: dangling, hubs: ['hubs/real.md'], bundles: [] })).toEqual(['hubs/real.md']);
  });

  it('returns nothing for no patterns or no matches', async () => {
    const root = workspace({ 'x.md': HUB });
    expect(await discoverHubs({ root, hubs: [], bundles: [] })).toEqual([]);
    expect(await discoverHubs({ root, hubs: ['hubs/*.md'], bundles: ['missing'] })).toEqual([]);
  });

  it.each([
    ['an unclosed class', 'hubs/[a.md', 'invalid range pattern'],
    ['an empty class', 'hubs/[].md', 'invalid range pattern'],
    ['a negated empty class', 'hubs/[!].md', 'invalid range pattern'],
    ['*** ', 'hubs/***/a.md', 'wildcards are either regular `*` or recursive `**`'],
    ['** inside a component', 'hubs/a**.md', 'recursive wildcards must form a single path component'],
    ['an absolute pattern', '/etc/*.md', 'relative to the workspace root'],
    ['a parent segment', '../x/*.md', 'must not leave the workspace root'],
    ['a backslash', 'hubs\\*.md', 'use `/`'],
    ['an empty pattern', '', 'empty'],
  ])('rejects a glob with %s', async (_name, pattern, fragment) => {
    const root = workspace({ 'x.md': HUB });
    const error = await discoverHubs({ root, hubs: [pattern], bundles: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_BAD_GLOB');
    expect((error as SurfError).message).toContain(fragment);
  });

  it('rejects an invalid bundle directory', async () => {
    const root = workspace({ 'x.md': HUB });
    await expect(discoverHubs({ root, hubs: [], bundles: ['docs/[x'] })).rejects.toMatchObject({ code: 'SURF_BAD_GLOB' });
    await expect(discoverHubs({ root, hubs: [], bundles: ['../docs'] })).rejects.toMatchObject({ code: 'SURF_BAD_GLOB' });
  });
});

describe('bundleGlob and compileWorkspaceGlob', () => {
  it('expands a bundle to every markdown file below it', () => {
    expect(bundleGlob('docs/okf')).toBe('docs/okf/**/*.md');
    expect(bundleGlob('./docs/')).toBe('docs/**/*.md');
    expect(bundleGlob('.')).toBe('**/*.md');
  });

  it('follows the glob crate: classes, dotfiles, no braces, case-sensitive', () => {
    const g = (p: string) => compileWorkspaceGlob(p);
    expect(g('hubs/[]]x.md').matches('hubs/]x.md')).toBe(true);
    expect(g('hubs/[!a]x.md').matches('hubs/bx.md')).toBe(true);
    expect(g('hubs/[!a]x.md').matches('hubs/ax.md')).toBe(false);
    expect(g('hubs/*.md').matches('hubs/.hidden.md')).toBe(true);
    expect(g('hubs/{a,b}.md').matches('hubs/a.md')).toBe(false);
    expect(g('hubs/{a,b}.md').matches('hubs/{a,b}.md')).toBe(true);
    expect(g('hubs/*.md').matches('HUBS/a.md')).toBe(false);
    expect(g('hubs/?.md').matches('hubs/a.md')).toBe(true);
    expect(g('#hubs/*.md').matches('#hubs/a.md')).toBe(true);
    expect(g('**/*.md').matches('a.md')).toBe(true);
    expect(g('hubs/*.md').mayContain('hubs')).toBe(true);
    expect(g('hubs/*.md').mayContain('src')).toBe(false);
  });
});

describe('comparePosixPaths', () => {
  it('sorts by components, then by code point', () => {
    const paths = ['a.md', 'a/b.md', 'a-b.md', 'Z.md', '\u{1F600}.md', '\uFF21.md', 'a/a'];
    // Expected order derived by hand from UTF-8 bytes per component: Z (5a) < a (61) < … ;
    // U+FF21 (ef bc a1) < U+1F600 (f0 9f 98 80), although its UTF-16 unit 0xFF21 > 0xD83D.
    expect([...paths].sort(comparePosixPaths)).toEqual(['Z.md', 'a/a', 'a/b.md', 'a-b.md', 'a.md', '\uFF21.md', '\u{1F600}.md']);
    expect(comparePosixPaths('x', 'x')).toBe(0);
  });
});
