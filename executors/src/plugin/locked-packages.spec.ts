import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockedInWorkspace } from './locked-packages.js';

let dirs: string[] = [];
function workspaceWith(file: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'locked-packages-'));
  dirs.push(dir);
  writeFileSync(join(dir, file), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('lockedInWorkspace', () => {
  it('finds a package entry of each lock format, not a package whose name only contains it', () => {
    const npm = (name: string) => JSON.stringify({ lockfileVersion: 3, packages: { '': {}, [`node_modules/${name}`]: { version: '1.0.0' } } });
    expect(lockedInWorkspace(workspaceWith('package-lock.json', npm('typescript')), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('package-lock.json', npm('tree-sitter-typescript')), 'typescript')).toBe(false);
    expect(lockedInWorkspace(workspaceWith('package-lock.json', JSON.stringify({ packages: { 'node_modules/typescript': { link: true } } })), 'typescript')).toBe(false);
    expect(lockedInWorkspace(workspaceWith('yarn.lock', 'typescript@^5.9.0:\n  version "5.9.3"\n'), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('yarn.lock', '"typescript@npm:^5.9.0":\n  version: 5.9.3\n'), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('yarn.lock', '"@types/typescript@^1":\n  version "1.0.0"\n'), 'typescript')).toBe(false);
    expect(lockedInWorkspace(workspaceWith('pnpm-lock.yaml', "packages:\n\n  typescript@5.9.3:\n    resolution: {}\n"), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('pnpm-lock.yaml', "packages:\n\n  /typescript@5.1.6:\n    resolution: {}\n"), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('pnpm-lock.yaml', "packages:\n\n  tree-sitter-typescript@0.23.2:\n    resolution: {}\n"), 'typescript')).toBe(false);
    expect(lockedInWorkspace(workspaceWith('pnpm-lock.yaml', "packages:\n\n  '@driftgate/nx@0.1.0':\n    resolution: {}\n"), '@driftgate/nx')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('bun.lock', '{ "packages": { "typescript": ["typescript@5.9.3", "", {}, "sha512-x"] } }'), 'typescript')).toBe(true);
    expect(lockedInWorkspace(workspaceWith('bun.lock', '{ "packages": { "tree-sitter-typescript": ["tree-sitter-typescript@0.23.2"] } }'), 'typescript')).toBe(false);
  });
});
