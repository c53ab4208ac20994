/** Stable codes of {@link DriftgateNxError}. */
export type DriftgateNxErrorCode =
  /** A plugin, executor or generator option has a value that cannot work. */
  | 'DRIFTGATE_NX_BAD_OPTIONS'
  /** The project an executor runs for is not in the workspace's project configurations. */
  | 'DRIFTGATE_NX_NO_PROJECT'
  /** A workspace file the plugin or a generator must read is not valid. */
  | 'DRIFTGATE_NX_BAD_FILE';

/** What the plugin, its executors and generators throw when they cannot run at all. */
export class DriftgateNxError extends Error {
  override readonly name = 'DriftgateNxError';
  readonly code: DriftgateNxErrorCode;

  constructor(code: DriftgateNxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
