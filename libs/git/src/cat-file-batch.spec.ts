import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../test/support/temp-repo.js';
import { CatFileBatch, type BatchObject } from './cat-file-batch.js';
import { isGitError } from './git-error.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

describe.each(['auto', 'batch'] as const)('CatFileBatch (%s protocol)', (protocol) => {
  it('answers pipelined requests in order; misses, non-blobs and oversize fail closed', async () => {
    const r = createTempRepo({ 'a.txt': 'alpha\n', 'empty': '', 'big.bin': Buffer.alloc(3000, 1), 'dir/b.txt': 'beta\n' });
    repos.push(r);
    const oid = (spec: string): string => r.git('rev-parse', spec);
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 2048, maxBufferedBytes: 1 << 20, protocol });
    try {
      const missing = 'f'.repeat(40);
      const tickets = [
        batch.request(oid('HEAD:a.txt'), { label: 'a.txt', expectOid: oid('HEAD:a.txt'), expectType: 'blob' }),
        batch.request(missing, { label: 'ghost', expectOid: missing, expectType: 'blob' }),
        batch.request(oid('HEAD:dir'), { label: 'dir', expectType: 'blob' }),
        batch.request(oid('HEAD:big.bin'), { label: 'big.bin', expectType: 'blob' }),
        batch.request(oid('HEAD:empty'), { label: 'empty', expectType: 'blob' }),
        batch.request(`${oid('HEAD^{tree}')}:dir/b.txt`, { label: 'dir/b.txt', expectType: 'blob' }),
        batch.request(oid('HEAD'), { label: 'HEAD' }),
      ];
      const settled = await Promise.allSettled(tickets.map((t) => t.promise));
      const value = (i: number): BatchObject => (settled[i] as PromiseFulfilledResult<BatchObject>).value;
      const code = (i: number): string | undefined => {
        const result = settled[i] as PromiseRejectedResult;
        return isGitError(result.reason) ? result.reason.code : String(result.reason);
      };
      expect(value(0).content.toString()).toBe('alpha\n');
      expect(code(1)).toBe('GIT_OBJECT_MISSING');
      expect(code(2)).toBe('GIT_NON_BLOB');
      expect(code(3)).toBe('GIT_OBJECT_TOO_LARGE');
      expect(value(4).content.length).toBe(0);
      expect(value(5).content.toString()).toBe('beta\n');
      expect(value(6).type).toBe('commit');
      expect(value(6).content.toString()).toMatch(/^tree [0-9a-f]{40}\n/);
    } finally {
      await batch.close();
    }
  });

  it('an object cut short by git (corrupt loose object) is truncated, never short bytes', async () => {
    let seed = 1;
    const noise = Buffer.from(Array.from({ length: 5000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24));
    const r = createTempRepo({ 'noise.bin': noise, 'ok.txt': 'ok\n' });
    repos.push(r);
    const oid = r.git('rev-parse', 'HEAD:noise.bin');
    const loose = join(r.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
    const bytes = readFileSync(loose);
    chmodSync(loose, 0o644);
    // Keep the zlib header (git prints the object header) but cut the deflated body.
    writeFileSync(loose, bytes.subarray(0, bytes.length - 200));
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 1 << 20, protocol });
    try {
      const ticket = batch.request(oid, { label: 'noise.bin', expectOid: oid, expectType: 'blob' });
      const after = batch.request(r.git('rev-parse', 'HEAD:ok.txt'), { label: 'ok.txt' });
      after.promise.catch(() => undefined);
      await expect(ticket.promise).rejects.toMatchObject({ code: 'GIT_TRUNCATED_OUTPUT' });
      await expect(after.promise).rejects.toMatchObject({ code: 'GIT_TRUNCATED_OUTPUT' });
    } finally {
      await batch.close();
    }
  });

  it('answers each enqueued read exactly once, even when git fails inside a body', async () => {
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 5000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24));
    const r = createTempRepo({ 'a.txt': 'alpha\n', 'noise.bin': noise, 'z.txt': 'zulu\n' });
    repos.push(r);
    const oid = (spec: string): string => r.git('rev-parse', spec);
    const noiseOid = oid('HEAD:noise.bin');
    const loose = join(r.dir, '.git', 'objects', noiseOid.slice(0, 2), noiseOid.slice(2));
    const bytes = readFileSync(loose);
    chmodSync(loose, 0o644);
    writeFileSync(loose, bytes.subarray(0, bytes.length - 200));
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 1 << 20, protocol });
    const calls: Record<string, string[]> = { a: [], noise: [], z: [] };
    const record = (name: string) => (error: unknown, object: BatchObject | undefined) =>
      calls[name]!.push(error ? (isGitError(error) ? error.code : String(error)) : (object as BatchObject).content.toString());
    try {
      batch.enqueue(oid('HEAD:a.txt'), { label: 'a.txt' }, record('a'));
      batch.enqueue(noiseOid, { label: 'noise.bin', expectOid: noiseOid, expectType: 'blob' }, record('noise'));
      batch.enqueue(oid('HEAD:z.txt'), { label: 'z.txt' }, record('z'));
      await new Promise<void>((resolve) => {
        const poll = (): void => void (calls['z']!.length > 0 ? resolve() : setTimeout(poll, 10));
        poll();
      });
      await batch.close();
      expect(calls).toEqual({ a: ['alpha\n'], noise: ['GIT_TRUNCATED_OUTPUT'], z: ['GIT_TRUNCATED_OUTPUT'] });
      // A read queued on a closed batch is answered at once, before enqueue returns.
      const late: string[] = [];
      batch.enqueue(oid('HEAD:a.txt'), { label: 'a.txt' }, (error) => late.push(isGitError(error) ? error.code : 'answered'));
      expect(late).toEqual(['GIT_SNAPSHOT_CLOSED']);
    } finally {
      await batch.close();
    }
  });

  it('rejects queued requests on close and afterwards', async () => {
    const r = createTempRepo({ 'a.txt': 'alpha\n' });
    repos.push(r);
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1024, maxBufferedBytes: 1024, protocol });
    const ticket = batch.request(r.git('rev-parse', 'HEAD:a.txt'), { label: 'a.txt' });
    const outcome = ticket.promise.then(
      () => 'answered',
      (error: unknown) => (isGitError(error) ? error.code : String(error)),
    );
    await batch.close();
    expect(await outcome).toBe('GIT_SNAPSHOT_CLOSED');
    await expect(batch.request('0'.repeat(40), { label: 'x' }).promise).rejects.toMatchObject({ code: 'GIT_SNAPSHOT_CLOSED' });
  });

  it('pauses reading beyond the buffered-bytes budget and resumes on release', async () => {
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 20; i++) files[`f${i}`] = Buffer.alloc(100_000, i);
    const r = createTempRepo(files);
    repos.push(r);
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 250_000, protocol });
    try {
      const oids = Object.keys(files).map((f) => r.git('rev-parse', `HEAD:${f}`));
      const tickets = oids.map((oid, i) => batch.request(oid, { label: `f${i}`, hold: true }));
      // Without releases, at most the budget plus one object is answered.
      let delivered = 0;
      for (const t of tickets) void t.promise.then(() => delivered++);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(delivered).toBeGreaterThan(0);
      expect(delivered).toBeLessThanOrEqual(3);
      for (const [i, t] of tickets.entries()) {
        expect((await t.promise).content.equals(files[`f${i}`]!)).toBe(true);
        t.release();
      }
    } finally {
      await batch.close();
    }
  });
});
