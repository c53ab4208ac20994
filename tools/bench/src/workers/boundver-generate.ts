import { generateLock } from '@driftgate/boundver';
import { reportRss } from '../measure.js';

// Measured side of the `boundver` benchmark: a full `generate` of the head snapshot, lock written.
const [repo, out] = process.argv.slice(2);
if (repo === undefined || out === undefined) throw new Error('usage: boundver-generate <repository> <lock-output>');
const result = await generateLock({ cwd: repo, source: 'head', out });
if (result.lock.components.size === 0) throw new Error('generated an empty lock');
reportRss();
