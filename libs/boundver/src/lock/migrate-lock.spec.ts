import { describe, expect, it } from 'vitest';
import { jsonObject, type JsonValue } from '../formats/json-value.js';
import { planLockMigration } from './migrate-lock.js';

const doc = (entries: Array<[string, JsonValue]>): JsonValue => jsonObject(entries);
const base: Array<[string, JsonValue]> = [
  ['$schema', 'x'],
  ['schema', 'boundary-lock/v3'],
  ['config_contract', 'boundver-semantic-config/v2'],
  ['config_digest', 'a'.repeat(64)],
  ['project', 'p'],
];

describe('planLockMigration', () => {
  it('keeps a complete current lock, normalizes missing maps and legacy metadata', () => {
    expect(planLockMigration(doc([...base, ['components', new Map()], ['slices', new Map()]]))).toMatchObject({ action: 'none', changes: [] });
    expect(planLockMigration(doc([['generated_at', 'now'], ...base]))).toMatchObject({
      action: 'normalize',
      changes: ['removed legacy generated_at metadata', 'added missing components map', 'added missing slices map'],
    });
  });

  it('asks for regeneration when the digests cannot be trusted or the lock stays invalid', () => {
    const reason = (value: JsonValue): string => planLockMigration(value).reason ?? '';
    expect(reason(['not an object'])).toContain('not a JSON object');
    expect(reason(doc([['project', 'p']]))).toContain("no 'schema' field");
    expect(reason(doc([['schema', 'boundary-lock/v4']]))).toContain("Unknown lockfile schema 'boundary-lock/v4'");
    expect(reason(doc([['schema', 'boundary-lock/v1']]))).toContain('boundary-lock/v1 does not bind');
    expect(reason(doc([['schema', 'boundary-lock/v3']]))).toContain("semantic configuration contract missing");
    expect(reason(doc([...base.filter(([key]) => key !== 'project'), ['components', new Map()], ['slices', new Map()]]))).toContain('LOCKFILE malformed: project');
    for (const value of [doc([['schema', 'boundary-lock/v2']]), doc([['schema', 'boundary-lock/v3']])]) {
      expect(planLockMigration(value)).toMatchObject({ action: 'regenerate', lock: null });
      expect(reason(value)).toContain('Run `boundver generate`');
    }
  });
});
