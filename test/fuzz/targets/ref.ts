import { parseRef } from '@driftgate/surf';
import fc from 'fast-check';
import { anchorText } from '../arbitraries/anchor-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** `refs:` entries: `parseRef` (SURF_BAD_REF), including whole-hub refs and `../` paths. */
export const refTarget = fuzzTarget({
  name: 'ref',
  description: 'surf parseRef on `./hub.md > Seg` text',
  arbitrary: fc.oneof(anchorText, anchorText.map((text) => `../${text.replace(/\.ts\b/, '.md')}`)),
  run: (text) => parseRef(text),
});
