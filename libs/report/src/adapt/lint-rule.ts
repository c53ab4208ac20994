import type { SurfLintRuleKey } from '../model/rules.js';

// Ordered: the first pattern that matches names the rule. surf's lint messages are fixed
// sentences around the untrusted parts, so the stable phrases identify the class.
const PATTERNS: ReadonlyArray<readonly [SurfLintRuleKey, RegExp]> = [
  ['invalid-hub', /^invalid hub: /],
  ['invalid-anchor', /^invalid anchor: /],
  ['unsupported-file', /^unsupported file type: /],
  ['unreadable-file', /^cannot read `[\s\S]*` \(file moved or removed\?\)$/],
  ['moved-file', /` appears to have moved — run `surf verify --follow`$/],
  ['parse-error', /^could not parse `/],
  ['ambiguous', /` is ambiguous \(\d+ matches\); disambiguate with `@N`$/],
  ['renamed', /` not found, but its code appears to live under `/],
  ['not-found', /` not found (?:and no current symbol matches|\(claim has no stored hash)/],
  ['coarse-span', /^anchored span covers \d+% of /],
  ['covers-glob', /^invalid `covers` glob /],
  ['uncovered-anchor', /` is not matched by any `covers` glob/],
  ['bad-ref', /^(?:invalid `refs` entry |ref ")/],
  ['claim-log', /this reads as a per-symbol claim-log/],
  ['thin-prose', /^thin prose: /],
  ['unknown-key', /^unknown frontmatter key `/],
  ['no-headline', /^anchored hub has no headline/],
  ['broken-link', /^OKF cross-link `/],
  ['too-many-anchors', /^\d+ anchors in one hub \(> \d+\)/],
  ['undocumented-symbol', /^public symbol `[\s\S]*` in [\s\S]* has no claim in any hub/],
  ['agents-pointer', /^`surf:hubs` block must link the hubs directory/],
  ['syntax-error-span', /^anchored span contains (?:a syntax error|a missing `[\s\S]*`) at /],
];

/** The rule of a `surf lint` finding, from its message; `other` for a message no pattern knows. */
export function lintRuleKey(message: string): SurfLintRuleKey {
  for (const [key, pattern] of PATTERNS) if (pattern.test(message)) return key;
  return 'other';
}
