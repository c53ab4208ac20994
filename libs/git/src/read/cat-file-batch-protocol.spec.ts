import { afterEach, describe, expect, it } from 'vitest';
import { CatFileBatch, type BlobSink } from './cat-file-batch.js';
import type { GitError } from '../git-error.js';
import { gitOnPath } from '../process/git-on-path.test-helpers.js';

// A git that answers cat-file requests wrongly: a real one cannot be made to.
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Puts first on PATH a `git` whose cat-file answers every request line with `answer`. */
function gitAnswering(answer: string): string {
  return gitOnPath(`while read -r line; do printf '%s\\n' '${answer}'; done\n`, cleanups);
}

const OIDS = ['1', '2', '3'].map((digit) => digit.repeat(40));

describe('CatFileBatch when git answers outside the protocol', () => {
  it.each([
    ['an unexpected header', 'not a header'],
    ['an answer for another object', `${'f'.repeat(40)} blob 1`],
  ])('%s fails every queued read exactly once', async (_, answer) => {
    const dir = gitAnswering(answer);
    const batch = new CatFileBatch(dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 1 << 20 });
    const answers: Array<[number, GitError | undefined]> = [];
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    const sink: BlobSink = {
      answer(tag, error) {
        answers.push([tag, error]);
        if (answers.length === OIDS.length) done();
      },
    };
    try {
      OIDS.forEach((oid, tag) => batch.enqueueBlob(oid, `f${tag}.txt`, sink, tag));
      await all;
      // Let anything still in flight (the kill, a second failure) arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answers.map(([tag]) => tag)).toEqual([0, 1, 2]);
      for (const [, error] of answers) expect(error?.code).toBe('GIT_MALFORMED_OUTPUT');
      expect(answers[0]![1]?.path).toBe('f0.txt');
    } finally {
      await batch.close();
    }
  });
});

describe('CatFileBatch blob headers', () => {
  // The usual header is read from bytes, a long size through the full grammar: both agree.
  it.each([
    ['a size with leading zeros', '003'],
    ['a size longer than the byte reader takes', '00000000000000000003'],
  ])('reads %s as the same size', async (_, size) => {
    const dir = gitOnPath(`while read -r cmd oid; do [ "$cmd" = contents ] && printf '%s blob ${size}\\nabc\\n' "$oid"; done\n`, cleanups);
    const batch = new CatFileBatch(dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 1 << 20 });
    try {
      for (const oid of OIDS) {
        const object = await batch.request(oid, { label: 'f.txt', expectOid: oid, expectType: 'blob' });
        expect([object.oid, object.type, object.content.toString()]).toEqual([oid, 'blob', 'abc']);
      }
    } finally {
      await batch.close();
    }
  });
});
