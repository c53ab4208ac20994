export { GitError, isGitError, type GitErrorCode, type GitErrorOptions } from './git-error.js';
export { compareGitPaths, decodeGitPath, encodeGitPath } from './paths/git-path.js';
export { DEFAULT_SNAPSHOT_LIMITS, type SnapshotLimits } from './limits/snapshot-limits.js';
export type { BlobMode } from './snapshot/tree-listing.js';
export {
  captureSnapshot,
  type CaptureOptions,
  type FileContent,
  type Snapshot,
  type SnapshotEntry,
  type SourceMode,
} from './snapshot/snapshot.js';
export { findRepoRoot, locateRepository } from './process/repo-root.js';
export { resolveHeadCommit } from './history/head-commit.js';
export { readFileAtRevision, type ReadAtRevisionOptions } from './read/read-file-at-revision.js';
export { isObjectId } from './history/revision.js';
export { shortRevision } from './history/short-revision.js';
export { openRevisionReader, type RevisionReader, type RevisionReaderOptions } from './read/revision-reader.js';
export { commitExists } from './history/commit-exists.js';
export { mergeBase } from './history/merge-base.js';
export { resolveCommit, uniqueMergeBase, type ResolvedCommit } from './history/resolve-commit.js';
export { changedFiles, type ChangedFile, type ChangedFilesOptions } from './history/changed-files.js';
export { describeTag } from './history/describe-tag.js';
export { isShallowRepository } from './history/shallow-repository.js';
export { readConfigValue, type ReadConfigOptions } from './process/config-value.js';
export { gitLog, LOG_RECORD_MARKER, type GitLogOptions } from './history/git-log.js';
export { unchangedTrackedBlobs } from './snapshot/unchanged-tracked-blobs.js';
export { type DurableWriteOptions, removeStaleTemporaries, writeFileDurably } from './write/durable-write.js';
export { type YamlDepthExcess, yamlDepthExcess } from './limits/yaml-depth.js';
export { untrackedFiles } from './snapshot/untracked-files.js';
