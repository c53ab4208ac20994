import { selectDeclaredPaths } from '@driftgate/boundver';
import fc from 'fast-check';
import { candidatePath, globText } from '../arbitraries/path-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** Declarations applied to a component's files: errors come back as data, guardrails typed. */
export const selectDeclaredPathsTarget = fuzzTarget({
  name: 'select-declared-paths',
  description: 'boundver selectDeclaredPaths over declared paths and globs against candidate files',
  arbitrary: fc.record({ declarations: fc.array(globText, { maxLength: 6 }), candidates: fc.array(candidatePath, { maxLength: 12 }) }),
  run: ({ declarations, candidates }) => selectDeclaredPaths(declarations, candidates),
});
