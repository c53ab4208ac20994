import { GitError } from '../git-error.js';

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** True for a full lowercase SHA-1 or SHA-256 object id. */
export function isObjectId(value: string): boolean {
  return OID.test(value);
}

/**
 * Rejects revision arguments git could read as an option (leading `-`) or that cannot be passed
 * intact (empty, control characters).
 */
export function checkRevision(rev: string, what = 'revision'): void {
  if (rev === '' || rev.startsWith('-') || /[\u0000-\u001f\u007f]/.test(rev)) {
    throw new GitError('GIT_BAD_REVISION', `Invalid ${what} ${JSON.stringify(rev)}: pass a branch, tag or commit id.`);
  }
}

/** Parses one object id line (`rev-parse`, `merge-base`, `write-tree` output). */
export function parseObjectIdLine(stdout: Buffer, command: string): string {
  const text = stdout.toString('latin1').replace(/\n$/, '');
  if (!OID.test(text)) throw new GitError('GIT_MALFORMED_OUTPUT', `git ${command} printed ${JSON.stringify(text.slice(0, 100))} where an object id was expected.`);
  return text;
}
