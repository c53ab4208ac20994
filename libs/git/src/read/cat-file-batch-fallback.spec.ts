import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { CatFileBatch } from './cat-file-batch.js';
import { gitOnPath } from '../process/git-on-path.test-helpers.js';

// Its own file: the first refusal of --batch-command is remembered for the whole process.
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Puts first on PATH a `git` that refuses `--batch-command` the way git < 2.36 does (exit 129). */
function gitWithoutBatchCommand(): string {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const logDir = mkdtempSync(join(tmpdir(), 'driftgate-old-git-log-'));
  cleanups.push(() => rmSync(logDir, { recursive: true, force: true }));
  const log = join(logDir, 'calls.log');
  gitOnPath(`for arg in "$@"; do if [ "$arg" = "--batch-command" ]; then echo refused >> "${log}"; echo "usage: git cat-file" >&2; exit 129; fi; done\nexec "${realGit}" "$@"\n`, cleanups);
  return log;
}

describe('CatFileBatch on a git without --batch-command', () => {
  let repo: TempRepo | undefined;
  afterEach(() => repo?.dispose());

  it('replays every queued request, pending writes included, on --batch, in order', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`f${i}.txt`] = `file ${i}\n`.repeat(1 + (i % 7));
    repo = createTempRepo(files);
    const oids = Object.keys(files).map((path) => repo!.git('rev-parse', `HEAD:${path}`));
    const log = gitWithoutBatchCommand();
    const batch = new CatFileBatch(repo.dir, { maxObjectBytes: 1 << 20, maxBufferedBytes: 1 << 20 });
    try {
      // Requests of the same tick and of later ticks, queued before and after git refuses.
      const first = oids.slice(0, 150).map((oid, i) => batch.request(oid, { label: `f${i}.txt` }));
      await new Promise((resolve) => setImmediate(resolve));
      const second = oids.slice(150).map((oid, i) => batch.request(oid, { label: `f${150 + i}.txt` }));
      const contents = (await Promise.all([...first, ...second])).map((object) => object.content.toString());
      expect(contents).toEqual(Object.values(files));
      expect(readFileSync(log, 'utf8')).toBe('refused\n');
    } finally {
      await batch.close();
    }
  });
});
