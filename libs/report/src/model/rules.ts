import type { ReportRule } from './report-model.js';

const rule = (
  id: string,
  name: string,
  defaultLevel: ReportRule['defaultLevel'],
  shortDescription: string,
  fullDescription: string,
  help: string,
): ReportRule => ({ id, name, defaultLevel, shortDescription, fullDescription, help });

/** `surf check` divergence kinds, keyed by the JSON `kind`. */
export const SURF_CHECK_RULES = {
  changed: rule(
    'surf/changed',
    'ClaimChanged',
    'error',
    'The code under a claim changed since the claim was stamped.',
    'The anchored span no longer hashes to the stamp stored in the hub: its logic, literals or the symbols it refers to changed. Whitespace, comments and consistent local renames never trigger this. A changed claim fails the gate, so its SARIF level is error whatever the size of the change; the advisory magnitude (small, medium, large), read from git history, is in the message and in `properties.magnitude` and never affects the verdict or the level.',
    'Re-read the claim against the new code. If the prose still holds, re-stamp it with `surf verify`; otherwise edit the claim (or the code) first.',
  ),
  unverified: rule(
    'surf/unverified',
    'ClaimUnverified',
    'warning',
    'A claim has never been stamped.',
    'The claim has no stored `hash:`, so nobody has confirmed that its prose matches the code it anchors. The gate blocks until it is stamped.',
    'Read the claim and the anchored code; when they agree, run `surf verify` to store the stamp.',
  ),
  unresolvable: rule(
    'surf/unresolvable',
    'ClaimUnresolvable',
    'error',
    "A claim's anchor does not resolve to exactly one symbol, or its hub does not parse.",
    'The `at:` anchor points at a missing file or symbol, is ambiguous, uses an unsupported file type or an unknown stamp recipe, or the hub frontmatter is malformed. The claim cannot be checked, so the gate blocks.',
    'Run `surf lint` for the precise reason; fix the anchor (or follow a rename with `surf verify --follow`), then re-stamp.',
  ),
  referenced_stale: rule(
    'surf/referenced-stale',
    'ReferencedHubStale',
    'warning',
    'A hub this hub references has an open divergence.',
    'A `refs:` entry points at a hub (or one of its claims) that currently diverges. Staleness is propagated one hop so composed documentation is reviewed together.',
    'Resolve the divergence in the referenced hub, review this hub, then re-verify.',
  ),
} as const satisfies Record<string, ReportRule>;

/** `surf lint` finding classes, in the order their messages are matched. */
export const SURF_LINT_RULES = {
  'invalid-hub': rule('surf-lint/invalid-hub', 'InvalidHub', 'error', 'A hub does not parse.', 'The hub has no `---`-fenced YAML frontmatter, the block is not closed, or the YAML does not match the hub schema. Malformed hubs fail closed.', 'Fix the frontmatter; `surf lint` reports the parser message.'),
  'invalid-anchor': rule('surf-lint/invalid-anchor', 'InvalidAnchor', 'error', 'An `at:` anchor is not valid anchor syntax.', 'Anchors are `path > Symbol > Member` with optional `@N`; paths are workspace-relative with forward slashes, no `.` or `..` segments.', 'Rewrite the anchor in the `file > symbol` form.'),
  'unsupported-file': rule('surf-lint/unsupported-file', 'UnsupportedFileType', 'error', 'An anchor points into a file type surf cannot parse.', 'Only TypeScript, JavaScript, Python, Go and Rust sources can be anchored.', 'Anchor the claim to a supported source file.'),
  'unreadable-file': rule('surf-lint/unreadable-file', 'UnreadableFile', 'error', 'An anchored file cannot be read.', 'The file named by the anchor is missing or unreadable and git reports no rename for it.', 'Restore the file or point the claim at where the code lives now.'),
  'moved-file': rule('surf-lint/moved-file', 'MovedFile', 'warning', 'An anchored file appears to have moved.', 'The anchored file is gone but git reports a rename, so the claim can follow it.', 'Run `surf verify --follow` to rewrite the anchor to the new path.'),
  'parse-error': rule('surf-lint/parse-error', 'ParseError', 'error', 'An anchored file could not be parsed.', 'tree-sitter produced no syntax tree for the anchored file.', 'Fix the source file so it parses.'),
  ambiguous: rule('surf-lint/ambiguous', 'AmbiguousAnchor', 'error', 'An anchor matches more than one symbol.', 'Several definitions share the anchored name in the same scope (overloads, a type and its impl, guarded definitions).', 'Disambiguate with `@N` or a longer path such as `Type > method`.'),
  renamed: rule('surf-lint/renamed', 'RenamedSymbol', 'warning', 'An anchored symbol appears to have been renamed.', 'The anchored name is gone, but a symbol in the same file hashes to the stored stamp.', 'Run `surf verify --follow` to rewrite the anchor to the new name.'),
  'not-found': rule('surf-lint/not-found', 'SymbolNotFound', 'error', 'An anchored symbol does not exist.', 'No symbol with the anchored path exists in the file, and nothing there matches the stored stamp.', 'Point the claim at the code it describes, or delete the claim.'),
  'coarse-span': rule('surf-lint/coarse-span', 'CoarseSpan', 'warning', 'An anchor covers most of its file.', 'A near-whole-file anchor re-opens the claim on almost any edit of the file.', 'Anchor a narrower symbol.'),
  'covers-glob': rule('surf-lint/covers-glob', 'InvalidCoversGlob', 'error', 'A `covers` glob does not compile.', 'The advisory `covers` globs must be valid glob patterns.', 'Fix the glob syntax.'),
  'uncovered-anchor': rule('surf-lint/uncovered-anchor', 'AnchorOutsideCovers', 'warning', "An anchored file is outside the hub's `covers` globs.", "The hub anchors a file that none of its own `covers` globs match.", 'Widen the globs or move the claim to the hub that covers the file.'),
  'bad-ref': rule('surf-lint/bad-ref', 'BadRef', 'error', 'A `refs` entry does not resolve.', 'A `refs:` entry does not parse, points at its own hub, names no loaded hub, or names a claim the target hub lacks.', 'Fix the reference path or the claim segments.'),
  'claim-log': rule('surf-lint/claim-log', 'ClaimLog', 'warning', 'A hub reads as a per-symbol claim log.', 'Every claim in the hub is single-site; a hub should document a system with fewer, coarser claims.', 'Consolidate related claims into multi-site claims.'),
  'thin-prose': rule('surf-lint/thin-prose', 'ThinProse', 'warning', 'A hub has little prose for its claims.', 'The hub body has fewer than 15 words per claim outside code fences.', 'Add prose that frames the system the claims describe.'),
  'unknown-key': rule('surf-lint/unknown-key', 'UnknownFrontmatterKey', 'warning', 'A hub frontmatter key looks like a typo.', 'Unknown keys are preserved for OKF interop, but one close to a known key is probably misspelled.', 'Rename the key to the intended one.'),
  'no-headline': rule('surf-lint/no-headline', 'MissingHeadline', 'warning', 'An anchored hub has no headline.', 'A hub with claims has no `summary`, `title` or `description`.', 'Add a one-line `summary`.'),
  'broken-link': rule('surf-lint/broken-link', 'BrokenCrossLink', 'warning', 'A markdown cross-link points at a missing hub.', 'A local `.md` link in the hub body targets a file that does not exist (advisory; OKF tolerates it).', 'Fix the link or write the missing page.'),
  'too-many-anchors': rule('surf-lint/too-many-anchors', 'TooManyAnchors', 'warning', 'A hub holds too many claims.', 'Long claim lists invite rubber-stamping during bulk verification.', 'Split the hub.'),
  'undocumented-symbol': rule('surf-lint/undocumented-symbol', 'UndocumentedSymbol', 'warning', 'A public symbol of an anchored file has no claim.', 'Files that hubs anchor into are expected to document their public callables.', 'Add a claim for the symbol, or accept it as intentionally undocumented.'),
  'agents-pointer': rule('surf-lint/agents-pointer', 'AgentsPointer', 'error', 'The AGENTS.md hubs pointer is broken.', 'The `surf:hubs` block of AGENTS.md must link the hubs directory, and that directory must exist.', 'Link the hubs directory inside the `surf:hubs` block.'),
  'syntax-error-span': rule('surf-lint/syntax-error-span', 'SyntaxErrorInSpan', 'warning', 'An anchored span contains a syntax error.', 'tree-sitter recovered from an ERROR or MISSING node inside the span; which tokens that recovery keeps can change with nearby edits or a grammar upgrade, so the stamp is not stable.', 'Fix the syntax, or anchor a smaller symbol that parses cleanly.'),
  other: rule('surf-lint/other', 'LintFinding', 'warning', 'Another surf lint finding.', 'A lint finding this version of the reporter does not classify further.', 'Read the message and run `surf lint` for details.'),
} as const satisfies Record<string, ReportRule>;

/** boundver verify: one rule per facet and per issue class. */
export const BOUNDVER_RULES = {
  exact: rule('boundver/exact', 'ExactDrift', 'note', 'The exact file tree of a component changed.', 'Any byte, mode or path under the component differs from the lock (implementation-only change; exit 1 when gated).', 'Review the change, then record it with `boundver generate` (or `verify --update`).'),
  behavior: rule('boundver/behavior', 'BehaviorDrift', 'warning', "A component's declared behavior inputs changed.", 'Files under `behavior.paths`, or the boundary they are bound to, differ from the lock (exit 3 when gated).', 'Check that consumers still see the intended behavior, then regenerate the lock.'),
  boundary: rule('boundver/boundary', 'BoundaryDrift', 'error', "A component's declared boundary changed.", "The component's public boundary (its provider's paths or canonical content) differs from the lock; consumers may be affected (exit 4 when gated).", 'Review the boundary change with the affected consumers, then regenerate the lock.'),
  compat: rule('boundver/compat', 'CompatDrift', 'error', "A component's compatibility identity changed.", "The component's major (or major.minor) version identity differs from the lock: a declared breaking change (exit 5 when gated).", 'Confirm the breaking change is intended and coordinated with consumers, then regenerate the lock.'),
  metadata: rule('boundver/metadata', 'MetadataMismatch', 'warning', 'Lock metadata differs from the current state.', "A recorded field (config digest, project, version, provider, consumers, vendored copies, …) no longer matches what the config and sources produce.", 'Regenerate the lock after reviewing the change.'),
  'new-component': rule('boundver/new-component', 'ComponentNotLocked', 'warning', 'A configured component is missing from the lock.', 'The config declares a component the lock has no entry for.', 'Run `boundver generate` to add it.'),
  'removed-component': rule('boundver/removed-component', 'ComponentRemoved', 'warning', 'The lock holds a component the config no longer declares.', 'A locked component is not configured any more.', 'Run `boundver generate` to drop it.'),
  'new-slice': rule('boundver/new-slice', 'SliceNotLocked', 'warning', 'A configured slice is missing from the lock.', 'The config declares a slice the lock has no entry for.', 'Run `boundver generate` to add it.'),
  'removed-slice': rule('boundver/removed-slice', 'SliceRemoved', 'warning', 'The lock holds a slice the config no longer declares.', 'A locked slice is not configured any more.', 'Run `boundver generate` to drop it.'),
  'slice-mismatch': rule('boundver/slice-mismatch', 'SliceDrift', 'warning', 'A slice fingerprint changed.', "The combined fingerprint of a slice's members (in the slice's mode) differs from the lock; its level follows the mode's facet.", 'Review the member changes, then regenerate the lock.'),
  'unavailable-facet': rule('boundver/unavailable-facet', 'UnavailableFacet', 'error', 'A gated facet has no digest to compare.', 'The gate policy requires a facet that the lock or the current configuration cannot produce, so verification cannot be trusted (exit 2).', 'Add the missing facet inputs (paths, version source) or gate only available facets.'),
  'config-error': rule('boundver/config-error', 'ConfigError', 'error', 'The boundver config cannot be used.', 'The config is missing, malformed or invalid, or its custom providers could not be loaded (exit 2).', 'Fix the config; `boundver validate-config` explains each problem.'),
  'lockfile-error': rule('boundver/lockfile-error', 'LockfileError', 'error', 'The lock file cannot be used.', 'The lock is missing from the selected snapshot, unreadable, or not a valid `boundary-lock/v3` document (exit 2).', 'Commit or stage the lock, or regenerate it with `boundver generate`.'),
  'digest-error': rule('boundver/digest-error', 'DigestError', 'error', 'A component digest could not be computed.', 'Computing the current entry, or reading the locked one, failed for a component (exit 2).', 'Fix the reported cause (missing files, bad version source, provider error) and verify again.'),
  'verification-error': rule('boundver/verification-error', 'VerificationError', 'error', 'Verification could not run as requested.', 'An unknown facet or component was requested, an update was refused, git history was unavailable, or diagnostics were truncated (exit 2).', 'Correct the request and verify again.'),
} as const satisfies Record<string, ReportRule>;

export type SurfCheckRuleKey = keyof typeof SURF_CHECK_RULES;
export type SurfLintRuleKey = keyof typeof SURF_LINT_RULES;
export type BoundverRuleKey = keyof typeof BOUNDVER_RULES;

/** The rule table of each tool, in a fixed order (SARIF `ruleIndex` points into it). */
export const TOOL_RULES: Readonly<Record<'surf' | 'boundver', readonly ReportRule[]>> = {
  surf: [...Object.values(SURF_CHECK_RULES), ...Object.values(SURF_LINT_RULES)],
  boundver: Object.values(BOUNDVER_RULES),
};

/** Where SARIF consumers find the tools' documentation. */
export const DRIFTGATE_INFORMATION_URI = 'https://github.com/driftgate/driftgate';
