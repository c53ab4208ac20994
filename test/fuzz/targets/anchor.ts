import { parseAnchor } from '@driftgate/surf';
import { anchorText } from '../arbitraries/anchor-text.js';
import { fuzzTarget } from '../fuzz-target.js';

/** `at:` anchors: `parseAnchor` (SURF_BAD_ANCHOR on refusal). */
export const anchorTarget = fuzzTarget({
  name: 'anchor',
  description: 'surf parseAnchor on `file > Seg > Seg @N` text',
  arbitrary: anchorText,
  run: (text) => parseAnchor(text),
});
