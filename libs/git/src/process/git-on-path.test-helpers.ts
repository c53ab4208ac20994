import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * Puts first on PATH a `git` that runs `script` (a POSIX shell script body), for behaviour a real
 * git cannot be made to show. Returns its directory; `cleanups` gets the step that restores PATH.
 */
export function gitOnPath(script: string, cleanups: Array<() => void>): string {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-fake-git-'));
  writeFileSync(join(dir, 'git'), `#!/bin/sh\n${script}`);
  chmodSync(join(dir, 'git'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${dir}${delimiter}${path ?? ''}`;
  cleanups.push(() => {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
