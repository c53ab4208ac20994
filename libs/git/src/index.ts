export { GitError, isGitError, type GitErrorCode, type GitErrorOptions } from './git-error.js';
export { compareGitPaths, decodeGitPath, encodeGitPath } from './git-path.js';
export { DEFAULT_SNAPSHOT_LIMITS, type SnapshotLimits } from './snapshot-limits.js';
export type { BlobMode } from './tree-listing.js';
export {
  captureSnapshot,
  type CaptureOptions,
  type FileContent,
  type Snapshot,
  type SnapshotEntry,
  type SourceMode,
} from './snapshot.js';
export { findRepoRoot, locateRepository } from './repo-root.js';
export { resolveHeadCommit } from './head-commit.js';
export { readFileAtRevision, type ReadAtRevisionOptions } from './read-file-at-revision.js';
export { isObjectId } from './revision.js';
export { shortRevision } from './short-revision.js';
export { openRevisionReader, type RevisionReader, type RevisionReaderOptions } from './revision-reader.js';
export { commitExists } from './commit-exists.js';
export { mergeBase } from './merge-base.js';
export { resolveCommit, uniqueMergeBase, type ResolvedCommit } from './resolve-commit.js';
export { changedFiles, type ChangedFile, type ChangedFilesOptions } from './changed-files.js';
export { describeTag } from './describe-tag.js';
export { isShallowRepository } from './shallow-repository.js';
export { readConfigValue, type ReadConfigOptions } from './config-value.js';
export { gitLog, LOG_RECORD_MARKER, type GitLogOptions } from './git-log.js';
export { unchangedTrackedBlobs } from './unchanged-tracked-blobs.js';
export { type DurableWriteOptions, removeStaleTemporaries, writeFileDurably } from './durable-write.js';
export { type YamlDepthExcess, yamlDepthExcess } from './yaml-depth.js';
export { untrackedFiles } from './untracked-files.js';
