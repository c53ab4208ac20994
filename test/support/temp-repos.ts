import { afterEach } from 'vitest';
import { type TempRepo, type TempRepoOptions, type TreeSpec, createTempRepo } from './temp-repo.js';

/**
 * A `createTempRepo` for one spec file whose repositories are removed after each test, so a
 * failing test leaves nothing behind either. Call it at the top level of the spec file.
 */
export function tempReposPerTest(): (files?: TreeSpec, options?: TempRepoOptions) => TempRepo {
  const repos: TempRepo[] = [];
  afterEach(() => {
    for (const repo of repos.splice(0)) repo.dispose();
  });
  return (files, options) => {
    const created = createTempRepo(files, options);
    repos.push(created);
    return created;
  };
}
