import type { HistoryAnswer } from '../history/history-of-file.js';

/** A history answer as the cache file holds it: the answer itself, which is plain data already. */
export type StoredHistory = HistoryAnswer;

const MAGNITUDES: ReadonlySet<unknown> = new Set(['small', 'medium', 'large']);

/** The answer a stored value stands for, or undefined when it is not one a check writes. */
export function loadHistory(stored: unknown): HistoryAnswer | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const { oldCode, magnitude, unchanged, matchesStamp, digest, distance } = stored as Partial<Record<keyof HistoryAnswer, unknown>>;
  if (oldCode !== undefined && typeof oldCode !== 'string') return undefined;
  if (magnitude !== undefined && !MAGNITUDES.has(magnitude)) return undefined;
  if ((unchanged !== undefined && typeof unchanged !== 'boolean') || (matchesStamp !== undefined && typeof matchesStamp !== 'boolean')) return undefined;
  if (digest !== undefined && typeof digest !== 'string') return undefined;
  if (distance !== undefined && !Number.isSafeInteger(distance)) return undefined;
  // Rebuilt field by field, in the order `historyOfFile` gives them, so a cached answer is the computed one.
  return {
    ...(oldCode !== undefined ? { oldCode } : {}),
    ...(magnitude !== undefined ? { magnitude: magnitude as HistoryAnswer['magnitude'] } : {}),
    ...(unchanged !== undefined ? { unchanged } : {}),
    ...(distance !== undefined ? { distance: distance as number } : {}),
    ...(digest !== undefined ? { digest } : {}),
    ...(matchesStamp !== undefined ? { matchesStamp } : {}),
  };
}
