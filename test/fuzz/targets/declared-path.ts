import { declaredPathProblem, normalizeDeclaredPath, normalizePosixPath } from '@driftgate/boundver';
import { globText } from '../arbitraries/path-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** Declared boundary paths: the validity check, the canonical spelling, and the digest's normpath. */
export const declaredPathTarget = fuzzTarget({
  name: 'declared-path',
  description: 'boundver declaredPathProblem, normalizePosixPath and normalizeDeclaredPath',
  arbitrary: globText,
  run: (path) => {
    declaredPathProblem(path);
    normalizePosixPath(path);
    return normalizeDeclaredPath(path);
  },
});
