const U64 = (1n << 64n) - 1n;

/**
 * A claim id in the reference's observed form: `c_` + 16 lowercase hex of `nowNs` (nanoseconds
 * since the Unix epoch, low 64 bits) + 4 lowercase hex of `counter` (a per-run sequence, 0–65535),
 * e.g. `c_18be38a62d95d1d80001`. The caller owns the clock and the counter, so ids are
 * reproducible in tests and unique within one run.
 */
export function generateClaimId(nowNs: bigint, counter: number): string {
  if (nowNs < 0n) throw new RangeError(`generateClaimId: nowNs must be >= 0, got ${nowNs}`);
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffff) {
    throw new RangeError(`generateClaimId: counter must be an integer in 0..65535, got ${counter}`);
  }
  return `c_${(nowNs & U64).toString(16).padStart(16, '0')}${counter.toString(16).padStart(4, '0')}`;
}
