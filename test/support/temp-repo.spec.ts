import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from './temp-repo.js';

describe('createTempRepo', () => {
  let repo: TempRepo | undefined;
  afterEach(() => repo?.dispose());

  it('builds the same commit id from the same inline tree', () => {
    repo = createTempRepo({ 'a.txt': 'hello\n', 'bin/run.sh': { content: '#!/bin/sh\n', executable: true } });
    const first = repo.git('rev-parse', 'HEAD');
    const other = createTempRepo({ 'a.txt': 'hello\n', 'bin/run.sh': { content: '#!/bin/sh\n', executable: true } });
    try {
      expect(other.git('rev-parse', 'HEAD')).toBe(first);
    } finally {
      other.dispose();
    }
    expect(repo.git('ls-files', '-s', 'bin/run.sh')).toMatch(/^100755 /);
  });

  it('records symlinks as mode 120000', () => {
    repo = createTempRepo({ 'a.txt': 'x', link: { symlink: 'a.txt' } });
    expect(repo.git('ls-files', '-s', 'link')).toMatch(/^120000 /);
  });
});
