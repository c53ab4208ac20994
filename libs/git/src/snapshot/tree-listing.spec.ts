import { describe, expect, it } from 'vitest';
import { isGitError } from '../git-error.js';
import { DEFAULT_SNAPSHOT_LIMITS } from '../limits/snapshot-limits.js';
import { PathBudget, parseTreeRecord, parseTreeRun, type ListedEntry } from './tree-listing.js';

const OID = 'a'.repeat(40);
const OID256 = 'b'.repeat(64);

/** A record as `ls-tree -z` prints it, the path as raw bytes. */
function record(header: string, path: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`${header}\t`, 'latin1'), Buffer.isBuffer(path) ? path : Buffer.from(path)]);
}

function viaRun(records: Buffer[]): ListedEntry[] {
  const run = Buffer.concat(records.flatMap((r) => [r, Buffer.from([0])]));
  const entries: ListedEntry[] = [];
  parseTreeRun(run, new PathBudget(DEFAULT_SNAPSHOT_LIMITS), entries);
  return entries;
}

function viaRecords(records: Buffer[]): ListedEntry[] {
  const budget = new PathBudget(DEFAULT_SNAPSHOT_LIMITS);
  return records.map((r) => parseTreeRecord(r, budget));
}

function failure(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    return isGitError(error) ? error.code : String(error);
  }
  return 'parsed';
}

const plain = (entries: ListedEntry[]) => entries.map((e) => ({ ...e, bytes: [...e.bytes] }));

describe('parseTreeRun agrees with the strict record grammar', () => {
  const valid: Array<[string, Buffer]> = [
    ['a file', record(`100644 blob ${OID}`, 'src/a.ts')],
    ['an executable', record(`100755 blob ${OID}`, 'bin/run')],
    ['a symlink', record(`120000 blob ${OID}`, 'link')],
    ['a gitlink', record(`160000 commit ${OID}`, 'vendor/sub')],
    ['a SHA-256 object id', record(`100644 blob ${OID256}`, 'sha256.txt')],
    ['spaces and a tab in the name', record(`100644 blob ${OID}`, 'dir with space/a\tb c.txt')],
    ['a UTF-8 name', record(`100644 blob ${OID}`, 'docs/café-中.md')],
    ['an invalid UTF-8 name', record(`100644 blob ${OID}`, Buffer.from([0x64, 0x2f, 0xe9, 0xff, 0x2e]))],
  ];

  it.each(valid)('%s', (_, bytes) => {
    expect(plain(viaRun([bytes]))).toEqual(plain(viaRecords([bytes])));
  });

  it('a run mixing all of them, ASCII and not, in order', () => {
    const records = valid.map(([, bytes]) => bytes);
    expect(plain(viaRun(records))).toEqual(plain(viaRecords(records)));
    const ascii = valid.slice(0, 6).map(([, bytes]) => bytes);
    expect(plain(viaRun(ascii))).toEqual(plain(viaRecords(ascii)));
  });

  const invalid: Array<[string, Buffer]> = [
    ['an unknown mode', record(`100664 blob ${OID}`, 'x')],
    ['a directory entry', record(`040000 tree ${OID}`, 'dir')],
    ['a gitlink typed as a blob', record(`160000 blob ${OID}`, 'x')],
    ['a file typed as a commit', record(`100644 commit ${OID}`, 'x')],
    ['a short object id', record(`100644 blob ${OID.slice(1)}`, 'x')],
    ['an upper-case object id', record(`100644 blob ${OID.toUpperCase()}`, 'x')],
    ['an empty path', record(`100644 blob ${OID}`, '')],
    ['no tab', Buffer.from(`100644 blob ${OID} x`)],
    ['an extra space', record(`100644  blob ${OID}`, 'x')],
  ];

  it.each(invalid)('%s fails the same way', (_, bytes) => {
    const strict = failure(() => viaRecords([bytes]));
    expect(strict).not.toBe('parsed');
    expect(failure(() => viaRun([record(`100644 blob ${OID}`, 'ok'), bytes]))).toBe(strict);
  });

  it('a record over the limit inside a run is refused', () => {
    const budget = new PathBudget({ ...DEFAULT_SNAPSHOT_LIMITS, maxPathBytes: 20 });
    const run = Buffer.concat([record(`100644 blob ${OID}`, 'x'.repeat(30)), Buffer.from([0])]);
    expect(failure(() => parseTreeRun(run, budget, []))).toBe('GIT_LIMIT_EXCEEDED');
  });
});
