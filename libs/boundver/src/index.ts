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
} from './json-value.js';
export { compareBytes, compareCodePoints, hasLoneSurrogate, sortByCodePoint } from './string-order.js';
export { decodeUtf8Strict } from './text-decoding.js';
export { pythonFloatRepr } from './python-float.js';
export { pythonJsonDumps, pythonJsonString, type PythonJsonOptions } from './python-json.js';
export { canonicalJson, canonicalJsonBytes, type CanonicalJsonOptions } from './canonical-json.js';
export { JsonParseError, lineAndColumn, parseStrictJson, type StrictJsonLimits } from './strict-json.js';
export { parseStrictYaml, YamlParseError, type StrictYamlOptions } from './strict-yaml.js';
export { parseStrictToml, TomlParseError, type StrictTomlLimits } from './strict-toml.js';
export { isSha256Hex, sha256Hex } from './sha256.js';
export { normalizeContent } from './normalize-content.js';
export {
  createFramedHasher,
  framedDigest,
  framedPreimage,
  HASH_MAGIC,
  type FramedHasher,
  type HashDomain,
  type HashEntry,
} from './framing.js';
export {
  behaviorEnvelopeDigest,
  compatDigest,
  SEMANTIC_MODE,
  SEMANTIC_TYPE,
  sliceFingerprint,
  type BoundaryStatus,
} from './digests.js';
export { declaredPathProblem, isGlobPattern, normalizeDeclaredPath, normalizePosixPath, pythonStrip } from './declared-path.js';
export { compileGlob, GlobOperation, matchGlob, type CompiledGlob } from './glob.js';
export { selectDeclaredPaths, type DeclaredSelection, type SelectDeclaredPathsOptions } from './select-declared-paths.js';
export { compatIdentity, parseSemver, type CompatMode, type SemverParts } from './semver.js';
export { pythonStr, pythonStrRepr } from './python-str.js';
export {
  MAX_VERSION_FILE_BYTES,
  readDottedField,
  validateGitTagPrefix,
  versionFileFormat,
  versionFromFile,
  versionFromTag,
} from './versions.js';
export {
  affectedConsumers,
  affectedConsumersLine,
  consumerClosure,
  previewNames,
  type AffectedConsumers,
  type ConsumerNode,
} from './consumers.js';
export {
  availableFacets,
  BUILT_IN_PROVIDER_NAMES,
  COMPAT_MODES,
  CONFIG_FALLBACK_NAMES,
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
} from './config-types.js';
export { configFormatOf, parseConfigDocument, type ConfigFormat } from './config-parse.js';
export { CONFIG_SCHEMA_URL, configSchemaIssues, loadConfigSchema } from './config-schema.js';
export {
  componentNameProblem,
  emptySliceError,
  validateConfig,
  type ConfigValidation,
  type ValidateConfigOptions,
} from './config-validate.js';
export { CONFIG_CONTRACT, configDigest, semanticConfigPreimage, semanticConfigValue } from './semantic-config.js';
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
} from './lock-types.js';
export { lockToJsonValue, serializeLock } from './lock-write.js';
export { readLock, validateLockDocument, type LockReadResult, type ReadLockOptions } from './lock-read.js';
export { writeFileAtomic } from './write-file-atomic.js';
