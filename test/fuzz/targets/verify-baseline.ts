import { baselineText, createBaseline, parseBaseline, type BaselineContext } from '@driftgate/boundver';
import fc from 'fast-check';
import { jsonTokens, structurallyEdited, type Plain } from '../arbitraries/json-shape.js';
import { lineEndingVariant, mutated } from '../arbitraries/mutate.js';
import { fuzzTarget } from '../fuzz-target.js';

const CONTEXT: BaselineContext = {
  project: 'driftgate-demo',
  lock_schema: 'boundary-lock/v3',
  lock_digest: 'a'.repeat(64),
  config_contract: 'boundver-semantic-config/v2',
  source: 'head',
  components_filter: [],
  facets: null,
  transitive: false,
  policy_digest: 'b'.repeat(64),
};
const seedText = baselineText(
  createBaseline(CONTEXT, [
    'MISMATCH pricing.boundary: lockfile=0123456789ab... current=ba9876543210...',
    'AFFECTED CONSUMERS pricing: ledger',
    'MISMATCH pricing.exact: lockfile=0123456789ab... current=ba9876543210...',
    'SLICE MISMATCH payments.boundary: lockfile=0123456789ab... current=ba9876543210...',
  ]),
);
const seed = JSON.parse(seedText) as Plain;

/** `parseBaseline`: a verification baseline file, valid or not, is read or refused with BOUNDVER_BASELINE. */
export const verifyBaselineTarget = fuzzTarget({
  name: 'verify-baseline',
  description: 'boundver parseBaseline on a baseline file, structurally edited and textually mutated',
  arbitrary: fc.oneof(
    { weight: 3, arbitrary: structurallyEdited(fc.constant(seed)).map((value) => JSON.stringify(value, null, 2)) },
    { weight: 3, arbitrary: lineEndingVariant(mutated(fc.constant(seedText), jsonTokens)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  ),
  run: (input) => parseBaseline(typeof input === 'string' ? new TextEncoder().encode(input) : input, 'ci/boundary-baseline.json'),
});
