import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../check/check.js';
import type { Divergence } from '../check/divergence.js';
import { loadHub } from '../workspace/load-workspace.js';
import { aboutUnparsed, unparsedHubs } from './unparsed-hubs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A check result with these divergences (nothing else is read). */
function divergences(list: Array<Partial<Divergence>>): CheckResult {
  return { divergences: list.map((d) => ({ hub: 'h.md', claim: '', at: '', kind: 'unresolvable', prose: '', sites: [], ...d }) as Divergence) } as unknown as CheckResult;
}

describe('unparsedHubs', () => {
  it('finds the hub-level findings of hubs that do not parse, with the parse error and its line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'surf-unparsed-'));
    dirs.push(root);
    mkdirSync(join(root, 'hubs'));
    writeFileSync(join(root, 'hubs/bad.md'), '---\nsummary: x\nanchors:\n  - claim: a\n    at: a.rs > f\n   hash: 2:aaaaaaaaaaaa\n---\n');
    writeFileSync(join(root, 'hubs/open.md'), '---\nsummary: x\n');
    const hubs = new Map(await Promise.all(['hubs/bad.md', 'hubs/open.md'].map(async (rel) => [rel, await loadHub(root, rel)] as const)));
    const result = divergences([
      { hub: 'hubs/bad.md', detail: `invalid hub: ${hubs.get('hubs/bad.md')!.error!.message}` },
      { hub: 'hubs/ok.md', at: 'a.rs > f', hubLine: 4, sites: ['a.rs > f'], detail: 'cannot read `a.rs`' },
      { hub: 'hubs/open.md', detail: 'invalid hub: frontmatter block is not closed with `---`' },
    ]);
    const unparsed = unparsedHubs(result, hubs);
    expect([...unparsed.keys()]).toEqual(['hubs/bad.md', 'hubs/open.md']);
    expect(unparsed.get('hubs/bad.md')).toEqual({ message: expect.stringMatching(/^invalid frontmatter: .* at line 6, column 1$/), line: 6 });
    expect(unparsed.get('hubs/open.md')).toEqual({ message: 'frontmatter block is not closed with `---`', line: 1 });
  });
});

describe('aboutUnparsed', () => {
  it('holds the claims of a hub that does not parse and the refs that point at it', () => {
    const unparsed = new Map([['hubs/h.md', {}]]);
    const verdict = (hub: string, at: string, kind: 'clean' | 'referenced_stale') => ({ hub, at, hubLine: kind === 'clean' ? 4 : 0, kind, detail: '' });
    expect(aboutUnparsed(verdict('hubs/h.md', 'a.rs > f', 'clean'), unparsed)).toBe(true);
    expect(aboutUnparsed(verdict('hubs/r.md', './h.md', 'referenced_stale'), unparsed)).toBe(true);
    expect(aboutUnparsed(verdict('hubs/r.md', './h.md > Auth', 'referenced_stale'), unparsed)).toBe(true);
    expect(aboutUnparsed(verdict('hubs/r.md', './other.md', 'referenced_stale'), unparsed)).toBe(false);
    expect(aboutUnparsed(verdict('hubs/r.md', 'a.rs > f', 'clean'), unparsed)).toBe(false);
  });
});
