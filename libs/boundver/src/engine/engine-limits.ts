import type { SnapshotLimits } from '@driftgate/git';
import type { GlobLimits, HashLimits } from '../limits.js';

/**
 * Ceilings of one engine operation. Every field defaults to the hashing contract's value; tests
 * inject small ones to prove that each guardrail fails closed.
 */
export interface EngineLimits {
  /** Captured-tree and per-blob ceilings, enforced while git output streams in. */
  readonly snapshot?: Partial<SnapshotLimits>;
  /** Per-digest framing guardrails (entries, bytes per entry, total bytes, label bytes). */
  readonly hash?: Partial<HashLimits>;
  /** Glob work budgets, shared by every declared-path selection of one component. */
  readonly glob?: Partial<GlobLimits>;
}
