import { describe, expect, it } from 'vitest';
import { RecordSplitter, splitRecords } from './record-splitter.js';

/** A small seeded generator, so a failure names the case that broke. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

function records(random: () => number): Buffer[] {
  return Array.from({ length: 1 + Math.floor(random() * 60) }, () => {
    const length = random() < 0.1 ? 0 : Math.floor(random() * (random() < 0.1 ? 3000 : 40));
    return Buffer.from(Array.from({ length }, () => 1 + Math.floor(random() * 255)));
  });
}

function chunked(stream: Buffer, random: () => number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < stream.length; ) {
    const size = 1 + Math.floor(random() * (random() < 0.5 ? 8 : 700));
    chunks.push(Buffer.from(stream.subarray(at, at + size)));
    at += size;
  }
  return chunks;
}

function splitSegments(splitter: RecordSplitter, chunks: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    const { spanning, records: run } = splitter.pushSegment(chunk);
    if (spanning !== null) out.push(Buffer.from(spanning));
    expect(run.length === 0 || run[run.length - 1] === 0).toBe(true);
    let start = 0;
    for (let end = run.indexOf(0, start); end >= 0; end = run.indexOf(0, start)) {
      out.push(Buffer.from(run.subarray(start, end)));
      start = end + 1;
    }
  }
  return out;
}

describe('RecordSplitter', () => {
  it.each(Array.from({ length: 40 }, (_, seed) => seed))('pushSegment recovers every record, split or walked, whatever the chunking (seed %i)', (seed) => {
    const random = lcg(seed + 1);
    const expected = records(random);
    const stream = Buffer.concat(expected.flatMap((record) => [record, Buffer.from([0])]));
    const chunks = chunked(stream, random);
    const oversize = (bytes: number): Error => new Error(`oversize ${bytes}`);
    const viaSplit = new RecordSplitter(0, 1 << 20, oversize);
    const split = chunks.flatMap((chunk) => splitRecords(viaSplit.pushSegment(chunk), 0, 1 << 20, oversize).map((record) => Buffer.from(record)));
    expect(split).toEqual(expected);
    expect(viaSplit.end()).toBeNull();
    const viaSegments = new RecordSplitter(0, 1 << 20, oversize);
    expect(splitSegments(viaSegments, chunks)).toEqual(expected);
    expect(viaSegments.end()).toBeNull();
  });

  it('keeps an unterminated tail for end()', () => {
    const splitter = new RecordSplitter(0, 100, () => new Error('oversize'));
    expect(splitter.pushSegment(Buffer.from('a\0b\0cd')).records.toString()).toBe('a\0b\0');
    expect(splitter.pushSegment(Buffer.from('e')).records.length).toBe(0);
    expect(splitter.end()?.toString()).toBe('cde');
    expect(splitter.end()).toBeNull();
  });

  it('stops a record over the limit, whether it spans chunks or not', () => {
    const oversize = (bytes: number): Error => new Error(`oversize ${bytes}`);
    const spanning = new RecordSplitter(0, 5, oversize);
    spanning.pushSegment(Buffer.from('abc'));
    expect(() => spanning.pushSegment(Buffer.from('def'))).toThrow('oversize 6');
    const closing = new RecordSplitter(0, 5, oversize);
    closing.pushSegment(Buffer.from('abc'));
    expect(() => closing.pushSegment(Buffer.from('def\0'))).toThrow('oversize 6');
    // Inside one chunk the run is handed over unsplit; splitRecords checks each of its records.
    const run = new RecordSplitter(0, 5, oversize).pushSegment(Buffer.from('ok\0abcdefgh\0'));
    expect(() => splitRecords(run, 0, 5, oversize)).toThrow('oversize 8');
  });
});
