import { normalizeDiscoveryExclusions } from '@driftgate/boundver';
import fc from 'fast-check';
import { globText } from '../arbitraries/path-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** `discover --exclude` values: normalized or refused with BOUNDVER_USAGE. */
export const discoveryExclusionTarget = fuzzTarget({
  name: 'discovery-exclusion',
  description: 'boundver normalizeDiscoveryExclusions on lists of path text',
  arbitrary: fc.array(globText, { maxLength: 4 }),
  run: (paths) => normalizeDiscoveryExclusions(paths),
});
