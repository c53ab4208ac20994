import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { runLint } from './lint.js';
import { loadWorkspace } from '../workspace/load-workspace.js';

// `surf lint` tells a `2:` claim when its span holds a construct recipe 2 cannot see.

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: TreeSpec): TempRepo {
  const r = createTempRepo({ 'surf.toml': '', ...files });
  cleanups.push(() => r.dispose());
  return r;
}

const hub = (at: string, hash: string): string =>
  `---\nsummary: s\nanchors:\n  - claim: what it does\n    at: ${at}\n    hash: ${hash}\n---\n# Hub\n\nEnough words in the body so that the thin prose rule has nothing to say about this hub at all.\n`;

async function blindWarnings(file: string, source: string, symbol: string, recipe: 'v2' | 'v3'): Promise<string[]> {
  const at = `${file} > ${symbol}`;
  const { stamp } = await hashAnchor(source, at, { recipe });
  const r = repo({ [file]: source, 'hubs/a.md': hub(at, stamp) });
  const { findings } = await runLint(await loadWorkspace(r.dir));
  return findings.filter((f) => f.message.includes('cannot see')).map((f) => f.message);
}

describe('surf lint: constructs a 2: stamp cannot see', () => {
  it.each([
    ['m.py', 'def resp(x):\n    return "HTTP/1.1 200 OK\\r\\n" + x\n', 'resp', 'a string with an escape sequence'],
    ['m.py', 'def perm(f):\n    H = {}\n    for k, v in f:\n        H[tuple(k)] = v\n    return H\n', 'perm', 'a subscript assignment target'],
    ['m.py', 'def f(a):\n    return f"{a:>10}"\n', 'f', 'an f-string format spec'],
    ['m.rs', 'fn magic() -> &\'static [u8] { b"PK" }\n', 'magic', 'a string prefix'],
    ['m.rs', '#[cfg(test)]\nfn f() -> u8 { 1 }\n', 'f', 'attributes, decorators, overloads'],
    ['m.ts', '@Injectable() export class C {}\n', 'C', 'attributes, decorators, overloads'],
    ['m.go', 'package m\n\nconst (\n\tA = iota\n\tB\n)\n', 'B', 'earlier `iota` specs'],
    ['m.ts', 'function f<T extends Foo>(x: T) { return x; }\n', 'f', 'a generic constraint'],
  ])('%s > %s', async (file, source, symbol, what) => {
    const messages = await blindWarnings(file, source, symbol, 'v2');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(what);
    expect(messages[0]).toContain(`surf verify '${file} > ${symbol}'`);
    // The same claim stamped under recipe 3 has nothing to warn about.
    expect(await blindWarnings(file, source, symbol, 'v3')).toEqual([]);
  });

  it('says nothing for a 2: claim whose span recipe 2 sees whole, nor for a bare `export`', async () => {
    expect(await blindWarnings('m.py', 'def add(a, b):\n    return a + b\n', 'add', 'v2')).toEqual([]);
    expect(await blindWarnings('m.ts', 'export function add(a: number) { return a + 1; }\n', 'add', 'v2')).toEqual([]);
  });
});
