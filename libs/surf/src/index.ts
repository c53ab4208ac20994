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
} from './locate/anchor.js';
export { type CanonicalOptions, canonicalTokens } from './canonicalize/canonicalize.js';
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
export { collectAllDefinitions, findRenamed, type RenameOptions } from './hash/find-renamed.js';
export { DIGEST_HEX_LENGTH, combineSiteHashes, hashTokens } from './hash/hash.js';
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
} from './hash/hash-anchor.js';
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
export { type Magnitude, categorizeMagnitude, diffMagnitude, tokenDistance } from './history/magnitude.js';
export { type PublicSymbolOptions, publicSymbols } from './locate/public-symbols.js';
export { claimableSymbols } from './locate/claimable-symbols.js';
export { type Resolution, type Span, resolveAnchor, resolveReference } from './locate/resolve.js';
export { CURRENT_RECIPE, type ParsedStamp, type Recipe, formatStamp, parseStamp, recipeRank } from './hash/stamp.js';
export { recipeResolution } from './hash/recipe-extent.js';
export { type Recipe2BlindSpot, findRecipe2BlindSpot } from './hash/recipe2-blind-spots.js';
export { formatChainHint, suggestChain } from './lint/suggest-chain.js';
export { clearAbandonedHubWrites } from './hub-edit/abandoned-writes.js';
export { generateClaimId } from './hub-edit/claim-id.js';
export {
  type AnchorItemSpan,
  type EditRefusalReason,
  type HubEdit,
  type ItemFieldWrites,
  locateAnchorItems,
  setAt,
  setField,
  setFields,
} from './hub-edit/hub-editor.js';
export { type HubKind, hubKindOf } from './hub/hub-kind.js';
export { HubParseError, type HubParseErrorKind } from './hub/hub-parse-error.js';
export { type Claim, type Hub, claimSites } from './hub/hub-types.js';
export { type ClaimStampFacts, type HubFacts, quickHubFacts } from './hub/hub-facts.js';
export { type ParseHubOptions, parseHub } from './hub/parse-hub.js';
export {
  type ClaimStamp,
  type StampOutcome,
  type StampResult,
  applyStamp,
  stampClaims,
} from './hub-edit/stamp-claims.js';
export { writeHubIfChanged } from './hub-edit/write-hub.js';
export { formatYamlScalar } from './hub-edit/yaml-scalar.js';
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
export { type InitResult, initWorkspace } from './init/init.js';
export { type NewHubResult, createHub } from './init/new-hub.js';
export { type SuggestGlobTally, type SuggestOptions, type SuggestResult, type Suggestion, suggest, suggestedSymbols } from './suggest/suggest.js';
export { type StatsOptions, type StatsRate, type StatsReport, computeStats } from './stats/stats.js';
export { type LoadedHub, type LoadedWorkspace, loadHub, loadWorkspace, loadWorkspaceFromConfig, resolveRefPath } from './workspace/load-workspace.js';
export { type Blame, type Divergence, type DivergenceKind, type SpanLocation } from './check/divergence.js';
export type { CheckNote } from './check/check-note.js';
export { type CheckOptions, type CheckResult, type CheckStats, type CheckedClaim, runCheck } from './check/check.js';
export { type CacheStats, type HashJob } from './cache/cached-hashing.js';
export { type AnswerOptions, type SiteAnswers, answerSiteRequests } from './check/answer-site-requests.js';
export { SiteQuestions } from './check/site-questions.js';
export { checkSiteRequest } from './check/check-site-request.js';
export type { SiteHashRequest, SiteHashResult } from './pool/hash-file-sites.js';
export { type ResultCacheOptions, defaultCacheDir } from './cache/result-cache.js';
export { CheckWatch, type CheckWatchOptions, type WatchListener, type WatchUpdate } from './watch/check-watch.js';
export { type ClaimIdOf, type ClaimVerdict, type VerdictChange, verdictChanges, verdictsOf } from './watch/verdict-changes.js';
export { type HubParseProblem, type InvalidHub, type RepairedHub } from './watch/unparsed-hubs.js';
export { CHECK_ENVELOPE_VERSION, type CheckEnvelope, type EnvelopeBlame, type EnvelopeDivergence, checkEnvelope, envelopeDivergence } from './check/check-envelope.js';
export { CheckScope, changedSince, splitFileGlobs } from './check/scope.js';
export { type StaleHubs, propagateRefs } from './check/refs-propagation.js';
export { type HistoryAnswer, type HistoryQuery, magnitudeFromHistory } from './history/magnitude-from-history.js';
export { type HistoryRevisions, historyRevisions, missingHistoryHint } from './history/history-revisions.js';
export { GitContext } from './history/git-context.js';
export {
  type VerifyAnchorResult,
  type VerifyClock,
  type VerifyOptions,
  type VerifyOutcome,
  type VerifyResult,
  CODE_CHANGED_SINCE_SHOWN,
  NOT_WRITTEN_WITH_HUB,
  formatUtcSeconds,
  runVerify,
} from './verify/verify.js';
export { type LintFinding, type LintSeverity, lintJson } from './lint/lint-finding.js';
export { type LintResult, runLint } from './lint/lint.js';
export { type ForMatch, type ForResult, findClaimsFor, forEnvelope } from './for/for-path.js';
export { type SiteFailure, type SiteFailureKind, readWorkspaceSource } from './source/site-source.js';
export { type SourceVisitor, SourceWalk } from './source/source-walk.js';
export { globPatternProblem } from './workspace/glob-pattern.js';
export { cappedTokenDistance } from './history/magnitude.js';
