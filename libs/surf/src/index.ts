export {
  type Anchor,
  type HubRef,
  type Segment,
  anchorPathKey,
  displaySites,
  formatAnchor,
  formatSegment,
  parseAnchor,
  parseRef,
} from './anchor.js';
export { type CanonicalOptions, canonicalTokens } from './canonicalize.js';
export {
  type AnchorErrorKind,
  AnchorParseError,
  HubDecodeError,
  type RefErrorKind,
  RefParseError,
  ResolveError,
  type ResolveErrorKind,
  SurfError,
  type SurfErrorCode,
} from './errors.js';
export { collectAllDefinitions, findRenamed, type RenameOptions } from './find-renamed.js';
export { DIGEST_HEX_LENGTH, combineSiteHashes, hashTokens } from './hash.js';
export {
  type AnchorHash,
  type HashOptions,
  type SiteHash,
  type SiteSource,
  anchorTokens,
  hashAnchor,
  hashClaim,
  hashParsedAnchor,
  hashSite,
  resolutionTokens,
} from './hash-anchor.js';
// The grammar layer lives in @driftgate/syntax; surf's public API keeps offering it.
export {
  type Family,
  GrammarError,
  type Lang,
  LANGS,
  ParseFailedError,
  ParsedFile,
  SourceDecodeError,
  SyntaxLayerError,
  type SyntaxErrorCode,
  UnsupportedFileTypeError,
  decodeSource,
  familyOf,
  langForPath,
  loadLanguage,
  loadLanguages,
  parseFile,
  parseSource,
  parseSourceSync,
  parserFor,
  requireLang,
  SyntaxQuery,
  type SyntaxNode,
} from '@driftgate/syntax';
export { type Magnitude, categorizeMagnitude, diffMagnitude, tokenDistance } from './magnitude.js';
export { type PublicSymbolOptions, publicSymbols } from './public-symbols.js';
export { claimableSymbols } from './claimable-symbols.js';
export { type Resolution, type Span, resolveAnchor, resolveReference } from './resolve.js';
export { CURRENT_RECIPE, type ParsedStamp, type Recipe, formatStamp, parseStamp, recipeRank } from './stamp.js';
export { recipeResolution } from './recipe-extent.js';
export { type Recipe2BlindSpot, findRecipe2BlindSpot } from './recipe2-blind-spots.js';
export { formatChainHint, suggestChain } from './suggest-chain.js';
export { clearAbandonedHubWrites } from './hub/abandoned-writes.js';
export { generateClaimId } from './hub/claim-id.js';
export {
  type AnchorItemSpan,
  type EditRefusalReason,
  type HubEdit,
  type ItemFieldWrites,
  locateAnchorItems,
  setAt,
  setField,
  setFields,
} from './hub/hub-editor.js';
export { type HubKind, hubKindOf } from './hub/hub-kind.js';
export { HubParseError, type HubParseErrorKind } from './hub/hub-parse-error.js';
export { type Claim, type Hub, claimSites } from './hub/hub-types.js';
export { type ParseHubOptions, parseHub } from './hub/parse-hub.js';
export {
  type ClaimStamp,
  type StampOutcome,
  type StampResult,
  applyStamp,
  stampClaims,
} from './hub/stamp-claims.js';
export { writeHubIfChanged } from './hub/write-hub.js';
export { formatYamlScalar } from './hub/yaml-scalar.js';
export { comparePosixPaths } from './workspace/compare-paths.js';
export {
  DEFAULT_HUB_GLOBS,
  SURF_CONFIG_FILE,
  type SurfConfig,
  type SurfConfigValues,
  findWorkspaceRoot,
  loadSurfConfig,
  parseSurfConfig,
  writeRecipe,
} from './workspace/config.js';
export { bundleGlob, discoverHubs } from './workspace/discover-hubs.js';
export { type WorkspaceGlob, compileWorkspaceGlob } from './workspace/glob-pattern.js';
export { hubDirectory } from './workspace/hub-directory.js';
export { DEFAULT_HUBS_DIR, DEFAULT_SURF_TOML, newHubPath, newHubTemplate } from './workspace/new-hub-template.js';
export { type InitResult, initWorkspace } from './commands/init.js';
export { type NewHubResult, createHub } from './commands/new-hub.js';
export { type SuggestGlobTally, type SuggestOptions, type SuggestResult, type Suggestion, suggest, suggestedSymbols } from './commands/suggest.js';
export { type StatsOptions, type StatsRate, type StatsReport, computeStats } from './commands/stats.js';
export { type LoadedHub, type LoadedWorkspace, loadHub, loadWorkspace, loadWorkspaceFromConfig, resolveRefPath } from './commands/load-workspace.js';
export { type Divergence, type DivergenceKind, type SpanLocation } from './commands/divergence.js';
export { type CheckOptions, type CheckResult, type CheckStats, type CheckedClaim, runCheck } from './commands/check.js';
export { type CacheStats } from './cache/cached-hashing.js';
export { type ResultCacheOptions, defaultCacheDir } from './cache/result-cache.js';
export { CheckWatch, type CheckWatchOptions, type WatchListener, type WatchUpdate } from './watch/check-watch.js';
export { type ClaimVerdict, type VerdictChange, verdictChanges, verdictsOf } from './watch/verdict-changes.js';
export { CHECK_ENVELOPE_VERSION, type CheckEnvelope, type EnvelopeDivergence, checkEnvelope } from './commands/check-envelope.js';
export { CheckScope, changedSince, splitFileGlobs } from './commands/scope.js';
export { type StaleHubs, propagateRefs } from './commands/refs-propagation.js';
export { type HistoryAnswer, type HistoryQuery, magnitudeFromHistory } from './commands/magnitude-from-history.js';
export { type HistoryRevisions, historyRevisions, missingHistoryHint } from './commands/history-revisions.js';
export { GitContext } from './commands/git-context.js';
export {
  type VerifyAnchorResult,
  type VerifyClock,
  type VerifyOptions,
  type VerifyOutcome,
  type VerifyResult,
  NOT_WRITTEN_WITH_HUB,
  formatUtcSeconds,
  runVerify,
} from './commands/verify.js';
export { type LintFinding, type LintSeverity, lintJson } from './commands/lint-finding.js';
export { type LintResult, runLint } from './commands/lint.js';
export { type ForMatch, type ForResult, findClaimsFor, forEnvelope } from './commands/for-path.js';
export { type SiteFailure, type SiteFailureKind, readWorkspaceSource } from './commands/site-source.js';
export { type SourceVisitor, SourceWalk } from './commands/source-walk.js';
export { globPatternProblem } from './workspace/glob-pattern.js';
export { cappedTokenDistance } from './magnitude.js';
