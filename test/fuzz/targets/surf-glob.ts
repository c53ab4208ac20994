import { compileWorkspaceGlob } from '@driftgate/surf';
import fc from 'fast-check';
import { candidatePath, globText } from '../arbitraries/path-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** surf.toml `hubs`/`bundles` globs: compile (SURF_BAD_GLOB on refusal), then match and prune. */
export const surfGlobTarget = fuzzTarget({
  name: 'surf-glob',
  description: 'surf compileWorkspaceGlob, matches and mayContain',
  arbitrary: fc.record({ pattern: fc.oneof(globText, globText.map((g) => `./${g}`)), paths: fc.array(candidatePath, { maxLength: 6 }) }),
  run: ({ pattern, paths }) => {
    const glob = compileWorkspaceGlob(pattern, 'fuzz');
    return paths.map((path) => [glob.matches(path), glob.mayContain(path)]);
  },
});
