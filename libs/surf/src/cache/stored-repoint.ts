import type { RepointAnswer } from '../history/repoint-of-file.js';

/** A re-point answer as the cache file holds it: the answer itself, which is plain data already. */
export type StoredRepoint = RepointAnswer;

const NUMBERS = ['countThen', 'countNow', 'oldLine', 'newLine', 'segment'] as const;

/** The answer a stored value stands for, or undefined when it is not one a check writes. */
export function loadRepoint(stored: unknown): RepointAnswer | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { holdsStamp, moved } = stored as Partial<Record<keyof RepointAnswer, unknown>>;
  if (typeof holdsStamp !== 'boolean') return undefined;
  if (moved === undefined) return { holdsStamp };
  if (!holdsStamp || typeof moved !== 'object' || moved === null) return undefined;
  const fields = moved as Record<string, unknown>;
  if (!NUMBERS.every((key) => Number.isSafeInteger(fields[key]))) return undefined;
  if (typeof fields.oldCode !== 'string' || typeof fields.newCode !== 'string') return undefined;
  for (const key of ['was', 'became'] as const) if (fields[key] !== undefined && !Number.isSafeInteger(fields[key])) return undefined;
  return {
    holdsStamp,
    moved: {
      segment: fields.segment as number,
      ...(fields.was !== undefined ? { was: fields.was as number } : {}),
      ...(fields.became !== undefined ? { became: fields.became as number } : {}),
      countThen: fields.countThen as number,
      countNow: fields.countNow as number,
      oldCode: fields.oldCode,
      oldLine: fields.oldLine as number,
      newCode: fields.newCode,
      newLine: fields.newLine as number,
    },
  };
}
