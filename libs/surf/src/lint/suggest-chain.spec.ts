import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { parseAnchor } from '../locate/anchor.js';
import { formatChainHint, suggestChain } from './suggest-chain.js';

async function chain(file: string, source: string, at: string): Promise<string | undefined> {
  const parsed = await parseFile(file, source);
  try {
    return suggestChain(parsed, parseAnchor(at));
  } finally {
    parsed.delete();
  }
}

const TS = 'export class Svc {\n  rotate() {}\n}\nexport class Other {\n  refresh() {}\n}\n';

describe('suggestChain', () => {
  it('turns `Svc.method` into `Svc > method` when that resolves', async () => {
    expect(await chain('a.ts', TS, 'a.ts > Svc.rotate')).toBe('Svc > rotate');
    expect(await chain('a.ts', TS, 'a.ts > Svc.missing')).toBeUndefined();
  });

  it('finds the class of a bare method name', async () => {
    expect(await chain('a.ts', TS, 'a.ts > refresh')).toBe('Other > refresh');
    expect(await chain('a.js', TS, 'a.js > rotate')).toBe('Svc > rotate');
    expect(await chain('a.ts', TS, 'a.ts > nothing')).toBeUndefined();
  });

  it('gives no hint outside TypeScript/JavaScript or for qualified anchors', async () => {
    expect(await chain('a.py', 'class Svc:\n    def rotate(self): pass\n', 'a.py > rotate')).toBeUndefined();
    expect(await chain('a.ts', TS, 'a.ts > Svc > nope')).toBeUndefined();
  });

  it('formats the lint hint', () => {
    expect(formatChainHint('Svc > method')).toBe(' — did you mean `Svc > method`?');
  });
});
