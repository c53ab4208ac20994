import { describe, expect, it } from 'vitest';
import { hubDirectory } from './hub-directory.js';

describe('hubDirectory (spec §6 `surf new` rule)', () => {
  it.each([
    [['docs/hubs/*.md'], 'docs/hubs'],
    [['hubs/*.md', 'AGENTS.md'], 'hubs'],
    [['AGENTS.md', 'hubs/*.md'], 'hubs'],
    [['*.md'], 'hubs'],
    [['hubs/**/x?.md'], 'hubs'],
    [['a/b[cd]/*.md'], 'a'],
    [['a/b?/c/*.md'], 'a'],
    [['docs/hubs/readme.md'], 'docs/hubs'],
    [['./docs/*.md'], 'docs'],
    [['./*.md'], '.'],
    [[], 'hubs'],
  ])('%j → %s', (hubs, dir) => {
    expect(hubDirectory({ hubs })).toBe(dir);
  });
});
