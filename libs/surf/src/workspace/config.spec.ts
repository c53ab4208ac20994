import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SurfError } from '../errors.js';
import { DEFAULT_HUB_GLOBS, findWorkspaceRoot, loadSurfConfig, parseSurfConfig, writeRecipe } from './config.js';

function configError(text: string): SurfError {
  try {
    parseSurfConfig(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SurfError);
    return error as SurfError;
  }
  throw new Error('expected parseSurfConfig to throw');
}

describe('parseSurfConfig (spec §6)', () => {
  it('applies defaults', () => {
    expect(parseSurfConfig('')).toEqual({ hubs: ['hubs/*.md'], bundles: [] });
    expect(DEFAULT_HUB_GLOBS).toEqual(['hubs/*.md']);
  });

  it('reads hubs and bundles', () => {
    expect(parseSurfConfig('hubs = ["hubs/*.md", "AGENTS.md"]\nbundles = ["docs/okf"]\n')).toEqual({
      hubs: ['hubs/*.md', 'AGENTS.md'],
      bundles: ['docs/okf'],
    });
    expect(parseSurfConfig('hubs = []\n')).toEqual({ hubs: [], bundles: [] });
  });

  it('reads `recipe = 2 | 3` and rejects any other value', () => {
    expect(parseSurfConfig('recipe = 2\n')).toEqual({ hubs: ['hubs/*.md'], bundles: [], recipe: 'v2' });
    expect(parseSurfConfig('recipe = 3\n').recipe).toBe('v3');
    expect(writeRecipe(parseSurfConfig(''))).toBe('v3');
    expect(writeRecipe(parseSurfConfig('recipe = 2\n'))).toBe('v2');
    for (const bad of ['recipe = 1', 'recipe = 4', 'recipe = "2"', 'recipe = true']) {
      const error = configError(`${bad}\n`);
      expect(error.code).toBe('SURF_BAD_CONFIG');
      expect(error.message).toMatch(/^invalid surf\.toml: `recipe` must be 2 or 3/);
    }
  });

  it('rejects unknown keys', () => {
    const error = configError('hubs = ["a/*.md"]\nhub = ["b/*.md"]\n');
    expect(error.code).toBe('SURF_BAD_CONFIG');
    expect(error.message).toBe('invalid surf.toml: unknown field `hub`, expected `hubs`, `bundles` or `recipe`');
    expect(configError('[hubs]\nx = 1\n').message).toContain('`hubs` must be an array of strings');
    expect(configError('[tool]\nx = 1\n').message).toContain('unknown field `tool`');
  });

  it.each([
    ['a string', 'hubs = "hubs/*.md"\n', '`hubs` must be an array of strings'],
    ['a number in the list', 'bundles = ["docs", 1]\n', '`bundles` must be an array of strings'],
    ['bad TOML', 'hubs = [\n', 'invalid surf.toml: '],
    ['a duplicate key', 'hubs = []\nhubs = []\n', 'line 2'],
  ])('rejects %s', (_name, text, fragment) => {
    const error = configError(text);
    expect(error.code).toBe('SURF_BAD_CONFIG');
    expect(error.message.startsWith('invalid surf.toml: ')).toBe(true);
    expect(error.message).toContain(fragment);
    expect(error.message).not.toContain('\n');
  });
});

describe('findWorkspaceRoot / loadSurfConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'surf-config-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('walks up from a nested directory to the first surf.toml', async () => {
    writeFileSync(join(dir, 'surf.toml'), 'bundles = ["docs"]\n');
    mkdirSync(join(dir, 'pkg', 'src', 'deep'), { recursive: true });
    // A directory called surf.toml is not a config file.
    mkdirSync(join(dir, 'pkg', 'surf.toml'));
    const nested = join(dir, 'pkg', 'src', 'deep');
    expect(await findWorkspaceRoot(nested)).toBe(dir);
    expect(await loadSurfConfig(nested)).toEqual({
      root: dir,
      configPath: join(dir, 'surf.toml'),
      hubs: ['hubs/*.md'],
      bundles: ['docs'],
    });
  });

  it('stops at the nearest config', async () => {
    writeFileSync(join(dir, 'surf.toml'), '');
    mkdirSync(join(dir, 'inner', 'x'), { recursive: true });
    writeFileSync(join(dir, 'inner', 'surf.toml'), 'hubs = ["h/*.md"]\n');
    const config = await loadSurfConfig(join(dir, 'inner', 'x'));
    expect(config.root).toBe(join(dir, 'inner'));
    expect(config.hubs).toEqual(['h/*.md']);
  });

  it('says where it looked when there is no config', async () => {
    const start = join(dir, 'a', 'b');
    mkdirSync(start, { recursive: true });
    const error = await findWorkspaceRoot(start).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_NO_CONFIG');
    expect((error as SurfError).message.startsWith(`no surf.toml found in ${start} or any parent directory`)).toBe(true);
    expect((error as SurfError).message).toContain('surf init');
  });

  it('reports an invalid config found on the way up', async () => {
    writeFileSync(join(dir, 'surf.toml'), 'globs = []\n');
    await expect(loadSurfConfig(dir)).rejects.toMatchObject({ code: 'SURF_BAD_CONFIG' });
  });
});
