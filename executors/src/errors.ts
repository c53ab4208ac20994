/** Stable codes of {@link DriftgateNxError}. */
export type DriftgateNxErrorCode =
  /** A plugin, executor or generator option has a value that cannot work. */
  | 'DRIFTGATE_NX_BAD_OPTIONS'
  /** The project an executor runs for, or a generator is asked about, is not in the workspace's project configurations. */
  | 'DRIFTGATE_NX_NO_PROJECT'
  /** A workspace file the plugin or a generator must read is not valid. */
  | 'DRIFTGATE_NX_BAD_FILE'
  /** A generator was asked to add to a file it only ever creates (a hub that exists). */
  | 'DRIFTGATE_NX_HUB_EXISTS'
  /** A claim's anchor, given to a generator, does not resolve to one symbol of the workspace. */
  | 'DRIFTGATE_NX_BAD_ANCHOR'
  /**
   * A run of a cached target has an option that changes what it reads (or writes) without
   * changing the target's inputs (or outputs), so a cache hit could replay another run's verdict.
   * The message names the plugin option or the uncached way to run it instead.
   */
  | 'DRIFTGATE_NX_UNCACHEABLE_OPTION';

/** What the plugin, its executors and generators throw when they cannot run at all. */
export class DriftgateNxError extends Error {
  override readonly name = 'DriftgateNxError';
  readonly code: DriftgateNxErrorCode;

  constructor(code: DriftgateNxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
