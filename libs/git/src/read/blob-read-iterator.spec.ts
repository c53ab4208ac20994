import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { BlobReadIterator, type BlobReadEntry } from './blob-read-iterator.js';
import { CatFileBatch } from './cat-file-batch.js';
import type { FileContent } from './file-content.js';
import { GitError, isGitError } from '../git-error.js';

const repos: TempRepo[] = [];
const batches: CatFileBatch[] = [];
afterEach(async () => {
  for (const batch of batches.splice(0)) await batch.close();
  for (const r of repos.splice(0)) r.dispose();
});

/** Twelve 100 kB files of distinct bytes, and entries for them by path. */
function fixture(): { r: TempRepo; files: Map<string, Buffer>; entry: (path: string) => BlobReadEntry } {
  const files = new Map<string, Buffer>();
  for (let i = 0; i < 12; i++) files.set(`f${String(i).padStart(2, '0')}.bin`, Buffer.alloc(100_000, i + 1));
  const r = createTempRepo(Object.fromEntries(files));
  repos.push(r);
  const oids = new Map([...files.keys()].map((path) => [path, r.git('rev-parse', `HEAD:${path}`)]));
  const entry = (path: string): BlobReadEntry => {
    const oid = oids.get(path);
    if (oid === undefined) throw new GitError('GIT_PATH_NOT_FOUND', `${path} is not tracked.`, { path });
    return { path, mode: '100644', oid };
  };
  return { r, files, entry };
}

/** Two cat-file batches that pause beyond 250 kB each: a few of the files fill the budget. */
function smallBudgetBatches(r: TempRepo): CatFileBatch[] {
  const pair = [0, 1].map(() => new CatFileBatch(r.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 250_000 }));
  batches.push(...pair);
  return pair;
}

async function collect(iterator: AsyncIterable<FileContent>): Promise<FileContent[]> {
  const out: FileContent[] = [];
  for await (const file of iterator) out.push(file);
  return out;
}

describe('BlobReadIterator', () => {
  it('yields every file in order across two processes while the budget pauses and resumes reading', async () => {
    const { r, files, entry } = fixture();
    const pair = smallBudgetBatches(r);
    const order = [...files.keys()].reverse();
    const read = await collect(new BlobReadIterator(order, entry, (p) => pair[p]!, 2, 4));
    expect(read.map((f) => f.path)).toEqual(order);
    for (const f of read) expect(f.content.equals(files.get(f.path)!), f.path).toBe(true);
  });

  it('stopping early hands back the held bytes, so later reads on the same processes go on', async () => {
    const { r, files, entry } = fixture();
    const pair = smallBudgetBatches(r);
    const paths = [...files.keys()];
    for await (const file of new BlobReadIterator(paths, entry, (p) => pair[p]!, 2, 8)) {
      expect(file.path).toBe(paths[0]);
      break;
    }
    // Without the release the budget would stay full and these reads would wait for ever.
    for (const batch of pair) {
      const answered = await new Promise<Buffer | undefined>((resolve) => batch.enqueueBlob(entry(paths[11]!).oid, paths[11]!, { answer: (_tag, _error, content) => resolve(content) }, 0));
      expect(answered?.equals(files.get(paths[11]!)!)).toBe(true);
      batch.releaseBytes(answered!.length);
    }
    expect(await collect(new BlobReadIterator(paths.slice(0, 6), entry, (p) => pair[p]!, 2, 8))).toHaveLength(6);
  }, 20_000);

  it('a path refused before reading and a missing object each fail in their turn', async () => {
    const { r, files, entry } = fixture();
    const pair = smallBudgetBatches(r);
    const [a, b] = [...files.keys()];
    const seen: string[] = [];
    const refused = new BlobReadIterator([a!, 'ghost.bin', b!], entry, (p) => pair[p]!, 2, 8);
    const error = await (async () => {
      try {
        for await (const file of refused) seen.push(file.path);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(seen).toEqual([a]);
    expect(isGitError(error, 'GIT_PATH_NOT_FOUND')).toBe(true);
    expect(await refused.next()).toEqual({ value: undefined, done: true });

    const missing = (path: string): BlobReadEntry => (path === b ? { path, mode: '100644', oid: 'f'.repeat(40) } : entry(path));
    const iterator = new BlobReadIterator([a!, b!], missing, (p) => pair[p]!, 2, 8);
    expect((await iterator.next()).value?.path).toBe(a);
    await expect(iterator.next()).rejects.toMatchObject({ code: 'GIT_OBJECT_MISSING' });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('starts nothing before the first next(), and nothing at all when returned first', async () => {
    const { r, entry } = fixture();
    const pair = smallBudgetBatches(r);
    let asked = 0;
    const batch = (p: number): CatFileBatch => {
      asked += 1;
      return pair[p]!;
    };
    const returned = new BlobReadIterator(['f00.bin'], entry, batch, 2, 8);
    await returned.return();
    expect(await returned.next()).toEqual({ value: undefined, done: true });
    expect(asked).toBe(0);
    const started = new BlobReadIterator(['f00.bin'], entry, batch, 2, 8);
    expect(asked).toBe(0);
    expect((await started.next()).value?.path).toBe('f00.bin');
    expect(asked).toBeGreaterThan(0);
    expect(await started.next()).toEqual({ value: undefined, done: true });
  });

  it('an iterable that throws fails in its turn and leaves nothing held', async () => {
    const { r, files, entry } = fixture();
    const pair = smallBudgetBatches(r);
    const paths = [...files.keys()];
    function* throwing(): Generator<string> {
      yield* paths.slice(0, 4);
      throw new Error('listing broke');
    }
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const file of new BlobReadIterator(throwing(), entry, (p) => pair[p]!, 2, 8)) seen.push(file.path);
      })(),
    ).rejects.toThrow('listing broke');
    expect(seen).toEqual(paths.slice(0, 4));
    // Every byte came back: a read that needs more than half the budget is still answered.
    expect(await collect(new BlobReadIterator(paths, entry, (p) => pair[p]!, 2, 8))).toHaveLength(12);
  }, 20_000);

  it('overlapping next() calls are answered in call order, and return() ends a pending one', async () => {
    const { r, files, entry } = fixture();
    const pair = smallBudgetBatches(r);
    const paths = [...files.keys()];
    const iterator = new BlobReadIterator(paths.slice(0, 3), entry, (p) => pair[p]!, 2, 8);
    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);
    expect(results.map((result) => (result.done ? 'done' : result.value.path))).toEqual([...paths.slice(0, 3), 'done']);
    const pending = new BlobReadIterator(paths, entry, (p) => pair[p]!, 2, 8);
    const first = pending.next();
    await pending.return();
    expect(await first).toEqual({ value: undefined, done: true });
    expect(await collect(new BlobReadIterator(paths, entry, (p) => pair[p]!, 2, 8))).toHaveLength(12);
  }, 20_000);
});
