import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { CatFileBatch, type BatchObject, type BlobSink } from './cat-file-batch.js';
import { isGitError } from '../git-error.js';

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
      const reads = [
        batch.request(oid('HEAD:a.txt'), { label: 'a.txt', expectOid: oid('HEAD:a.txt'), expectType: 'blob' }),
        batch.request(missing, { label: 'ghost', expectOid: missing, expectType: 'blob' }),
        batch.request(oid('HEAD:dir'), { label: 'dir', expectType: 'blob' }),
        batch.request(oid('HEAD:big.bin'), { label: 'big.bin', expectType: 'blob' }),
        batch.request(oid('HEAD:empty'), { label: 'empty', expectType: 'blob' }),
        batch.request(`${oid('HEAD^{tree}')}:dir/b.txt`, { label: 'dir/b.txt', expectType: 'blob' }),
        batch.request(oid('HEAD'), { label: 'HEAD' }),
      ];
      const settled = await Promise.allSettled(reads);
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
      const read = batch.request(oid, { label: 'noise.bin', expectOid: oid, expectType: 'blob' });
      const after = batch.request(r.git('rev-parse', 'HEAD:ok.txt'), { label: 'ok.txt' });
      after.catch(() => undefined);
      await expect(read).rejects.toMatchObject({ code: 'GIT_TRUNCATED_OUTPUT' });
      await expect(after).rejects.toMatchObject({ code: 'GIT_TRUNCATED_OUTPUT' });
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
    const names = ['a', 'noise', 'z'];
    const calls: Record<string, string[]> = { a: [], noise: [], z: [] };
    const sink: BlobSink = {
      answer: (tag, error, content) => calls[names[tag]!]!.push(error ? (isGitError(error) ? error.code : String(error)) : String(content)),
    };
    try {
      batch.enqueueBlob(oid('HEAD:a.txt'), 'a.txt', sink, 0);
      batch.enqueueBlob(noiseOid, 'noise.bin', sink, 1);
      batch.enqueueBlob(oid('HEAD:z.txt'), 'z.txt', sink, 2);
      await new Promise<void>((resolve) => {
        const poll = (): void => void (calls['z']!.length > 0 ? resolve() : setTimeout(poll, 10));
        poll();
      });
      await batch.close();
      expect(calls).toEqual({ a: ['alpha\n'], noise: ['GIT_TRUNCATED_OUTPUT'], z: ['GIT_TRUNCATED_OUTPUT'] });
      // A read queued on a closed batch is answered at once, before enqueueBlob returns.
      batch.enqueueBlob(oid('HEAD:a.txt'), 'a.txt', sink, 0);
      expect(calls['a']).toEqual(['alpha\n', 'GIT_SNAPSHOT_CLOSED']);
    } finally {
      await batch.close();
    }
  });

  it('rejects queued requests on close and afterwards', async () => {
    const r = createTempRepo({ 'a.txt': 'alpha\n' });
    repos.push(r);
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1024, maxBufferedBytes: 1024, protocol });
    const outcome = batch.request(r.git('rev-parse', 'HEAD:a.txt'), { label: 'a.txt' }).then(
      () => 'answered',
      (error: unknown) => (isGitError(error) ? error.code : String(error)),
    );
    await batch.close();
    expect(await outcome).toBe('GIT_SNAPSHOT_CLOSED');
    await expect(batch.request('0'.repeat(40), { label: 'x' })).rejects.toMatchObject({ code: 'GIT_SNAPSHOT_CLOSED' });
  });

  it('pauses reading beyond the buffered-bytes budget and resumes on release', async () => {
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 20; i++) files[`f${i}`] = Buffer.alloc(100_000, i);
    const r = createTempRepo(files);
    repos.push(r);
    const batch = new CatFileBatch(r.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 250_000, protocol });
    try {
      const oids = Object.keys(files).map((f) => r.git('rev-parse', `HEAD:${f}`));
      const answers: Array<Buffer | undefined> = [];
      const sink: BlobSink = { answer: (tag, _error, content) => void (answers[tag] = content) };
      oids.forEach((oid, i) => batch.enqueueBlob(oid, `f${i}`, sink, i));
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      // Without releases, at most the budget plus one object is answered. git answers when the
      // machine lets it: wait for its first answer, then give it time to (wrongly) send more.
      while (!answers.some(Boolean)) await settle();
      await settle();
      const delivered = answers.filter(Boolean).length;
      expect(delivered).toBeGreaterThan(0);
      expect(delivered).toBeLessThanOrEqual(3);
      for (let i = 0; i < oids.length; i++) {
        while (answers[i] === undefined) await settle();
        expect(answers[i]!.equals(files[`f${i}`]!)).toBe(true);
        batch.releaseBytes(answers[i]!.length);
      }
    } finally {
      await batch.close();
    }
  });
});
