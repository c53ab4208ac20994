export { BoundverError, isBoundverError, type BoundverErrorCode } from './errors.js';
export * from './limits.js';
export {
  isJsonArray,
  isJsonObject,
  isStringArray,
  jsonObject,
  jsonTypeName,
  toPlainJs,
  type JsonObject,
  type JsonValue,
} from './formats/json-value.js';
export { compareBytes, compareCodePoints, hasLoneSurrogate, sortByCodePoint } from './formats/string-order.js';
export { decodeUtf8Strict } from './formats/text-decoding.js';
export { pythonFloatRepr } from './formats/python-float.js';
export { pythonJsonDumps, pythonJsonString, type PythonJsonOptions } from './formats/python-json.js';
export { canonicalJson, canonicalJsonBytes, type CanonicalJsonOptions } from './hashing/canonical-json.js';
export { JsonParseError, lineAndColumn, parseStrictJson, type StrictJsonLimits } from './formats/strict-json.js';
export { parseStrictYaml, YamlParseError, type StrictYamlOptions } from './formats/strict-yaml.js';
export { parseStrictToml, TomlParseError, type StrictTomlLimits } from './formats/strict-toml.js';
export { isSha256Hex, sha256Hex } from './hashing/sha256.js';
export { normalizeContent } from './hashing/normalize-content.js';
export {
  createFramedHasher,
  framedDigest,
  framedPreimage,
  HASH_MAGIC,
  type FramedHasher,
  type HashDomain,
  type HashEntry,
} from './hashing/framing.js';
export {
  behaviorEnvelopeDigest,
  compatDigest,
  SEMANTIC_MODE,
  SEMANTIC_TYPE,
  sliceFingerprint,
  type BoundaryStatus,
} from './hashing/digests.js';
export { declaredPathProblem, isGlobPattern, normalizeDeclaredPath, normalizePosixPath, pythonStrip } from './paths/declared-path.js';
export { compileGlob, GlobOperation, matchGlob, type CompiledGlob } from './paths/glob.js';
export { selectDeclaredPaths, type DeclaredSelection, type SelectDeclaredPathsOptions } from './paths/select-declared-paths.js';
export { compatIdentity, parseSemver, type CompatMode, type SemverParts } from './versions/semver.js';
export { pythonStr, pythonStrRepr } from './formats/python-str.js';
export {
  MAX_VERSION_FILE_BYTES,
  readDottedField,
  validateGitTagPrefix,
  versionFileFormat,
  versionFromFile,
  versionFromTag,
} from './versions/versions.js';
export {
  affectedConsumers,
  affectedConsumersLine,
  consumerClosure,
  previewNames,
  type AffectedConsumers,
  type ConsumerNode,
} from './config/consumers.js';
export {
  availableFacets,
  BUILT_IN_PROVIDER_NAMES,
  COMPAT_MODES,
  CONFIG_FALLBACK_NAMES,
  CONFIG_NAMES,
  DEFAULT_CONFIG_NAME,
  DEFAULT_LOCK_NAME,
  FACETS,
  PATHLESS_PROVIDERS,
  type BoundaryConfig,
  type BoundverConfig,
  type ComponentConfig,
  type CustomProviderDeclaration,
  type Facet,
  type SliceConfig,
  type VersionSource,
} from './config/config-types.js';
export { configFormatOf, parseConfigDocument, type ConfigFormat } from './config/config-parse.js';
export { CONFIG_SCHEMA_URL, configSchemaIssues, loadConfigSchema } from './config/config-schema.js';
export {
  componentNameProblem,
  emptySliceError,
  validateConfig,
  type ConfigValidation,
  type ValidateConfigOptions,
} from './config/config-validate.js';
export { CONFIG_CONTRACT, configDigest, semanticConfigPreimage, semanticConfigValue } from './config/semantic-config.js';
export {
  COMPONENT_METADATA_FIELDS,
  LOCK_SCHEMA,
  LOCK_SCHEMA_URL,
  OPTIONAL_COMPONENT_FIELDS,
  type Lock,
  type LockComponent,
  type LockFingerprints,
  type LockSemver,
  type LockSlice,
} from './lock/lock-types.js';
export { lockComponentValue, lockSliceValue, lockToJsonValue, serializeLock } from './lock/lock-write.js';
export { readLock, validateLockDocument, type LockReadResult, type ReadLockOptions } from './lock/lock-read.js';
export { writeFileAtomic } from './source/write-file-atomic.js';
export type { SourceMode } from '@driftgate/git';
export type { EngineLimits } from './engine/engine-limits.js';
export { parseSourceMode, SOURCE_MODES, sourceLabel, sourcePlace } from './source/source-mode.js';
export {
  captureOperationSource,
  physicalPath,
  readDiskFile,
  readSourceFile,
  resolveRepoFile,
  type RepoFile,
  type SourceFile,
} from './source/operation-source.js';
export { loadConfigFromSource, requireValidConfig, type LoadedConfig } from './config/config-source.js';
export {
  BUILT_IN_PROVIDERS,
  ProviderRegistry,
  type BuiltInProvider,
  type BuiltInProviderKind,
  type RegisteredProvider,
} from './providers/provider-registry.js';
export type {
  CustomProvider,
  CustomProviderContext,
  CustomProviderEntry,
  CustomProviderFile,
  CustomProviderResult,
} from './providers/custom-provider-types.js';
export { CUSTOM_PROVIDERS_DISABLED, loadCustomProviders, type CustomProviderLoad, type LoadedCustomProvider } from './providers/custom-providers.js';
export {
  MAX_METADATA_BYTES,
  MAX_METADATA_DEPTH,
  MAX_METADATA_NODES,
  MAX_PROVIDER_ERROR_CHARS,
  validateProviderResult,
  type ValidatedProviderResult,
} from './providers/custom-provider-result.js';
export { openApiCanonicalValue } from './providers/openapi-canonical.js';
export { jsonCanonicalContent, MAX_CANONICAL_BYTES, openApiCanonicalContent } from './providers/canonical-providers.js';
export { runFileHashPass, type FileHashOutcome, type FileHashTask } from './hashing/file-hash-pass.js';
export { VersionResolver, type ResolvedVersion } from './versions/version-resolver.js';
export { createEngineContext, type EngineContext, type EngineContextOptions, type ProgressListener, type SnapshotNote } from './engine/engine-context.js';
export { computeComponentEntry, computeEntries, generationErrors } from './engine/component-entry.js';
export { computeSliceEntry, consumerGraph, sliceMembers } from './engine/slice-entry.js';
export { ensureLockOutsideComponents } from './lock/lock-location.js';
export {
  assembleLock,
  collectGenerationErrors,
  componentFingerprintText,
  computeComponentEntries,
  generateLock,
  mergePartialLock,
  type GenerateOptions,
  type GenerateResult,
} from './operations/generate.js';
export {
  availabilityRequired,
  effectiveFacets,
  facetPolicy,
  parseFacetList,
  sortFacets,
  type FacetPolicy,
} from './verify/facet-policy.js';
export { diagnosticRepr } from './formats/diagnostic-repr.js';
export {
  boundDiagnostics,
  DIAGNOSTICS_TRUNCATED,
  driftExitCode,
  failFastIssues,
  isSafetyIssue,
  issueFacet,
  MAX_DIAGNOSTIC_BYTES,
  MAX_DIAGNOSTIC_ITEM_BYTES,
  MAX_DIAGNOSTIC_ITEM_CHARS,
  MAX_DIAGNOSTIC_ITEMS,
  SAFETY_PREFIXES,
  shortDigest,
} from './verify/verify-issues.js';
export { changedComponents } from './verify/changed-components.js';
export { applyVerifyBaseline, type BaselineOutcome, type BaselineRequest } from './verify/verify-baseline-step.js';
export {
  BASELINE_SCHEMA,
  BASELINE_SCHEMA_URL,
  baselineContext,
  baselineText,
  createBaseline,
  parseBaseline,
  splitByBaseline,
  violationIdentity,
  type BaselineContext,
  type BaselineDocument,
  type BaselineSplit,
  type BaselineViolation,
  type ViolationKind,
} from './verify/verify-baseline.js';
export { explainComponent, type ExplainOptions, type ExplainResult, type ExplainedFacet, type ExplainedSelection, type ExplainedSince } from './operations/component-explain.js';
export { reviewRange, type ReviewOptions } from './review/review-range.js';
export { reviewPlan, reviewPlanMarkdown, MAX_PLAN_SUMMARY_BYTES, MAX_PLAN_SUMMARY_FIELD_BYTES, MAX_PLAN_SUMMARY_ROWS } from './review/review-plan.js';
export { API_SYMBOLS_DOCUMENT } from './review/review-structural.js';
export * from './review/review-types.js';
export { verifyLock, type ConsumerImpact, type VerifyInputs, type VerifyOptions, type VerifyResult, type VerifyShare } from './verify/verify.js';
export { checkConfig, type CheckConfigOptions, type CheckConfigResult } from './operations/check-config.js';
export { withDifferences, workingTreeDifference, type WorkingTreeDifference } from './source/working-tree-difference.js';
export { outputJsonText, toOutputJson } from './formats/json-output.js';
export {
  discoverComponents,
  type DiscoveredComponent,
  type DiscoverOptions,
  isTypescriptEntryFallback,
  proposeBoundary,
  proposeVersionSource,
  tracksTypescriptConfig,
  typescriptWithoutApiNote,
} from './operations/discover-components.js';
export { installedTypescriptWithoutApi } from './typescript-api/typescript-loader.js';
export {
  discoverRepository,
  normalizeDiscoveryExclusions,
  MAX_DISCOVERY_EXCLUSIONS,
  type DiscoverRepositoryOptions,
  type DiscoverRepositoryResult,
  type DiscoveryConfigDiff,
  type NamedPath,
  type RegisteredDiscovery,
} from './operations/discover-repository.js';
export { componentDocument, configText, initConfig, STARTER_CONFIG_SCHEMA_URL, type InitConfigOptions, type InitConfigResult } from './operations/init-config.js';
export { addComponent, removeComponent, type AddComponentOptions, type ConfigEditOptions, type ConfigEditResult, type RemoveComponentOptions } from './config/config-edit.js';
export {
  DIFFABLE_CONFIG_CONTRACTS,
  diffLockFiles,
  diffLocks,
  summarizeChange,
  type ComponentChange,
  type ComponentPresence,
  type DiffLockFilesOptions,
  type LockDiff,
  type SliceChange,
  type SlicePresence,
  type ValueChange,
} from './lock/lock-diff.js';
export { readLockSlice, sliceReport, type ReadLockSliceOptions, type SliceMemberReport, type SliceReport } from './lock/lock-slice.js';
export {
  analyzeSelectorMigration,
  MAX_ANALYZED_DECLARATIONS,
  MAX_SELECTOR_MATCH_EVALUATIONS,
  MIGRATION_ANALYSIS_SCHEMA,
  MIGRATION_ANALYSIS_SCHEMA_URL,
  type LockMigrationAction,
  type MigrationAnalysis,
  type MigrationLockInfo,
  type SelectorAnalysis,
  type SelectorAnalysisStatus,
} from './lock/migration-analysis.js';
export { KNOWN_LOCK_SCHEMAS, migrateLock, planLockMigration, type LockMigrationPlan, type MigrateLockOptions, type MigrateLockResult } from './lock/migrate-lock.js';
export { facetPolicyValue, lockStatus, lockWarnings, type LockStatus, type LockStatusOptions } from './operations/lock-status.js';
export { componentChanges, MAX_LOCK_HISTORY_BYTES, MAX_LOCK_HISTORY_COMMITS, type DiagnosticChanges, type DiagnosticFile, type DiagnosticRequest } from './operations/diagnostic-changes.js';
export { whyResolvedSince, whyUnresolved, type UnresolvedSymbol } from './api-surface/unresolved-reexports.js';
export type { UnresolvedReexport } from './api-surface/api-surface-types.js';
export { whyComponent, type FacetChange, type MetadataChange, type WhyOptions, type WhyResult } from './operations/component-why.js';
