import { compileWorkspaceGlob, splitFileGlobs } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import { triageArguments } from './executor.js';

describe('triageArguments', () => {
  it('passes --base and one --files per anchored file', () => {
    expect(triageArguments(['libs/a/src/x.ts', 'libs/b/y.py'], 'origin/main')).toEqual([
      'triage',
      '--base',
      'origin/main',
      '--files',
      'libs/a/src/x.ts',
      '--files',
      'libs/b/y.py',
    ]);
  });

  it('turns each file into a glob surf matches against that file and not its look-alikes', () => {
    const file = 'src/we*rd?[1]/a,b.ts';
    const args = triageArguments([file]);
    const patterns = splitFileGlobs(args.filter((_, i) => args[i - 1] === '--files'));
    expect(patterns).toHaveLength(1);
    const glob = compileWorkspaceGlob(patterns[0]!);
    expect(glob.matches(file)).toBe(true);
    for (const other of ['src/weXrd?[1]/a,b.ts', 'src/we*rdX[1]/a,b.ts', 'src/we*rd?1/a,b.ts', 'src/we*rd?[1]/a,b.tsx']) {
      expect(glob.matches(other), other).toBe(false);
    }
  });
});
