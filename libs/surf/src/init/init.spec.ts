import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SurfError } from '../errors.js';
import { parseHub } from '../hub/parse-hub.js';
import { loadSurfConfig } from '../workspace/config.js';
import { initWorkspace } from './init.js';
import { createHub } from './new-hub.js';

let dir: string;
let outside: string | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'surf-init-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (outside) rmSync(outside, { recursive: true, force: true });
  outside = undefined;
});

async function surfError(promise: Promise<unknown>): Promise<SurfError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SurfError);
  return error as SurfError;
}

describe('initWorkspace (spec §7.1)', () => {
  it('writes surf.toml and creates hubs/, then changes nothing on a second run', async () => {
    expect(await initWorkspace(dir)).toEqual({ root: dir, config: 'created', hubsDir: 'hubs', hubsDirCreated: true, gitignore: 'created' });
    expect(readFileSync(join(dir, 'surf.toml'), 'utf8')).toBe('hubs = ["hubs/*.md"]\n');
    expect(statSync(join(dir, 'hubs')).isDirectory()).toBe(true);
    // No temp files left behind.
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'hubs', 'surf.toml']);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('.surf-cache/\n');
    const before = statSync(join(dir, 'surf.toml')).mtimeMs;
    expect(await initWorkspace(dir)).toEqual({ root: dir, config: 'kept', hubsDir: 'hubs', hubsDirCreated: false, gitignore: 'kept' });
    expect(statSync(join(dir, 'surf.toml')).mtimeMs).toBe(before);
    expect((await loadSurfConfig(dir)).hubs).toEqual(['hubs/*.md']);
  });

  it('adds .surf-cache/ to an existing .gitignore once, keeping its other bytes', async () => {
    writeFileSync(join(dir, '.gitignore'), 'dist\r\n/out');
    expect((await initWorkspace(dir)).gitignore).toBe('updated');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('dist\r\n/out\n.surf-cache/\n');
    expect((await initWorkspace(dir)).gitignore).toBe('kept');
    writeFileSync(join(dir, '.gitignore'), '/.surf-cache\n');
    expect((await initWorkspace(dir)).gitignore).toBe('kept');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('/.surf-cache\n');
  });

  it('names the enclosing workspace when it creates one inside another', async () => {
    await initWorkspace(dir);
    mkdirSync(join(dir, 'services', 'api'), { recursive: true });
    const nested = await initWorkspace(join(dir, 'services', 'api'));
    expect(nested).toMatchObject({ config: 'created', enclosing: dir });
    expect((await initWorkspace(join(dir, 'services', 'api'))).enclosing).toBeUndefined();
  });

  it('keeps an existing config byte for byte and creates the directory it names', async () => {
    const text = '# ours\nhubs = ["docs/hubs/*.md", "AGENTS.md"]\n';
    writeFileSync(join(dir, 'surf.toml'), text);
    expect(await initWorkspace(dir)).toEqual({ root: dir, config: 'kept', hubsDir: 'docs/hubs', hubsDirCreated: true, gitignore: 'created' });
    expect(readFileSync(join(dir, 'surf.toml'), 'utf8')).toBe(text);
    expect(statSync(join(dir, 'docs', 'hubs')).isDirectory()).toBe(true);
    expect(existsSync(join(dir, 'hubs'))).toBe(false);
  });

  it('reports a broken existing config instead of touching it', async () => {
    writeFileSync(join(dir, 'surf.toml'), 'globs = []\n');
    expect((await surfError(initWorkspace(dir))).code).toBe('SURF_BAD_CONFIG');
    expect(readFileSync(join(dir, 'surf.toml'), 'utf8')).toBe('globs = []\n');
  });

  it('fails clearly when a file stands where hubs/ goes', async () => {
    writeFileSync(join(dir, 'hubs'), 'not a directory');
    const error = await surfError(initWorkspace(dir));
    expect(error.code).toBe('SURF_IO');
    expect(error.message).toContain('hubs');
    // Nothing half-done: no surf.toml pointing at a directory that could not be made.
    expect(readdirSync(dir)).toEqual(['hubs']);
  });
});

describe('createHub (spec §7.2)', () => {
  const config = (hubs: string[] = ['hubs/*.md']) => ({ root: dir, hubs });

  it('writes a template that parses with no claims into the first glob’s directory', async () => {
    expect(await createHub(config(), 'auth')).toEqual({ path: 'hubs/auth.md', absolutePath: join(dir, 'hubs', 'auth.md') });
    const hub = parseHub(readFileSync(join(dir, 'hubs', 'auth.md'), 'utf8'), { path: 'hubs/auth.md' });
    expect(hub.anchors).toEqual([]);
    expect(hub.refs).toEqual([]);
    expect(hub.type).toBe('concept');
    expect(hub.body).toContain('# auth');
    expect(readdirSync(join(dir, 'hubs'))).toEqual(['auth.md']);

    expect((await createHub(config(['docs/hubs/*.md', 'AGENTS.md']), 'billing.md')).path).toBe('docs/hubs/billing.md');
    expect((await createHub(config(['AGENTS.md']), 'x')).path).toBe('hubs/x.md');
  });

  it('refuses to overwrite, leaving the file as it was', async () => {
    mkdirSync(join(dir, 'hubs'));
    writeFileSync(join(dir, 'hubs', 'auth.md'), 'mine\n');
    const error = await surfError(createHub(config(), 'auth'));
    expect(error.code).toBe('SURF_IO');
    expect(error.message.startsWith('hubs/auth.md already exists')).toBe(true);
    expect(readFileSync(join(dir, 'hubs', 'auth.md'), 'utf8')).toBe('mine\n');
    // A dangling symlink takes the name too.
    symlinkSync('missing.md', join(dir, 'hubs', 'link.md'));
    expect((await surfError(createHub(config(), 'link'))).message).toContain('already exists');
    expect(readdirSync(join(dir, 'hubs')).sort()).toEqual(['auth.md', 'link.md']);
  });

  it('rejects names that are not plain file names', async () => {
    for (const name of ['', '../x', 'a/b', '..']) {
      expect((await surfError(createHub(config(), name))).code).toBe('SURF_BAD_HUB_NAME');
    }
    expect(existsSync(join(dir, 'hubs'))).toBe(false);
  });

  it('never writes through a hub directory that points outside the workspace', async () => {
    outside = mkdtempSync(join(tmpdir(), 'surf-outside-'));
    symlinkSync(outside, join(dir, 'hubs'));
    const error = await surfError(createHub(config(), 'auth'));
    expect(error.code).toBe('SURF_IO');
    expect(error.message).toContain('outside the workspace');
    expect(readdirSync(outside)).toEqual([]);
  });
});
