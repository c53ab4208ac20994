import type { BlobMode } from '../snapshot/tree-listing.js';

/** Bytes and mode of one blob entry. */
export interface FileContent {
  path: string;
  mode: BlobMode;
  /**
   * The file's exact bytes. From a git source this may be a view into a read buffer of at most
   * 64 KiB shared with neighbouring files (it is never reused or overwritten); to keep many
   * small files for long, copy them (`Buffer.from(content)`) so each holds only its own bytes.
   */
  content: Buffer;
  /**
   * The path's Git bytes (what `encodeGitPath(path)` returns), when the source already holds them,
   * so a caller framing many files need not encode each path again. Shared with the snapshot:
   * never modify it.
   */
  pathBytes?: Buffer;
}
