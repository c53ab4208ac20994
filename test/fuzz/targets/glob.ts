import { declaredPathProblem, GlobOperation } from '@driftgate/boundver';
import fc from 'fast-check';
import { candidatePath, globText } from '../arbitraries/path-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** boundver globs: compile a pattern the declared-path check accepts, then match candidates. */
export const globTarget = fuzzTarget({
  name: 'glob',
  description: 'boundver GlobOperation compile and match over validated and raw patterns',
  arbitrary: fc.record({ pattern: globText, paths: fc.array(candidatePath, { maxLength: 8 }), validated: fc.boolean() }),
  run: ({ pattern, paths, validated }) => {
    // Callers compile only validated declarations; raw patterns must still fail typed, not crash.
    if (validated && declaredPathProblem(pattern) !== null) return null;
    const operation = new GlobOperation();
    const compiled = operation.compile(pattern.endsWith('/') ? pattern.slice(0, -1) : pattern);
    return paths.map((path) => operation.matches(path, compiled));
  },
});
