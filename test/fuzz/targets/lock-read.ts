import { readFileSync } from 'node:fs';
import { readLock } from '@driftgate/boundver';
import fc from 'fast-check';
import { jsonTokens, structurallyEdited, type Plain } from '../arbitraries/json-shape.js';
import { lineEndingVariant, mutated } from '../arbitraries/mutate.js';
import { fuzzTarget } from '../fuzz-target.js';

const demoLockText = readFileSync(new URL('../../../fixtures/demo/boundary.lock.json', import.meta.url), 'utf8');
const demoLock = JSON.parse(demoLockText) as Plain;

/** `readLock`: issues come back as data (`LOCKFILE …`); only a typed error may be thrown. */
export const lockReadTarget = fuzzTarget({
  name: 'lock-read',
  description: 'boundver readLock on the demo lock, structurally edited and textually mutated',
  arbitrary: fc.oneof(
    { weight: 3, arbitrary: structurallyEdited(fc.constant(demoLock)).map((lock) => JSON.stringify(lock, null, 2)) },
    { weight: 3, arbitrary: lineEndingVariant(mutated(fc.constant(demoLockText), jsonTokens)) },
    { weight: 1, arbitrary: fc.tuple(structurallyEdited(fc.constant(demoLock)), fc.boolean()).map(([lock, bytes]) => (bytes ? new TextEncoder().encode(JSON.stringify(lock)) : JSON.stringify(lock))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  ),
  run: (input) => readLock(input),
});
