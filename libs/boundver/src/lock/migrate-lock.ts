import { resolve } from 'node:path';
import { gitLog, type SourceMode } from '@driftgate/git';
import { canonicalJson } from '../hashing/canonical-json.js';
import { loadConfigFromSource } from '../config/config-source.js';
import { DEFAULT_LOCK_NAME } from '../config/config-types.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { validateLockDocument } from './lock-read.js';
import { LOCK_SCHEMA, type Lock } from './lock-types.js';
import { serializeLock } from './lock-write.js';
import { analyzeSelectorMigration, type LockMigrationAction, type MigrationAnalysis } from './migration-analysis.js';
import { captureOperationSource, readDiskFile } from '../source/operation-source.js';
import { CONFIG_CONTRACT } from '../config/semantic-config.js';
import { parseStrictJson } from '../formats/strict-json.js';
import type { WorkingTreeDifference } from '../source/working-tree-difference.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

/** Lock schemas this release recognises; only the last one can be kept without regeneration. */
export const KNOWN_LOCK_SCHEMAS: readonly string[] = ['boundary-lock/v1', 'boundary-lock/v2', LOCK_SCHEMA];

const REGENERATE = `Run \`boundver generate\` to write a ${LOCK_SCHEMA} lockfile from repository content.`;

/** What a lock document needs. `lock` is the normalized lock unless the action is `regenerate`. */
export interface LockMigrationPlan {
  readonly action: LockMigrationAction;
  /** Why regeneration is needed; null otherwise. */
  readonly reason: string | null;
  /** The rewrites a normalization makes, in words (empty unless `normalize`). */
  readonly changes: string[];
  readonly lock: Lock | null;
}

function describe(value: JsonValue | undefined): string {
  if (value === undefined) return 'missing';
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return `'${text.length > 200 ? `${text.slice(0, 197)}...` : text}'`;
}

/**
 * Decides what a parsed lock needs. Locks of hash contracts v1/v2, v3 locks of another
 * semantic-config contract, unknown schemas and v3 locks that stay invalid after normalization
 * can only be regenerated (their digests cannot be relabelled). A current lock is normalized:
 * the legacy `generated_at` key is dropped and missing `components`/`slices` maps are added.
 */
export function planLockMigration(document: JsonValue): LockMigrationPlan {
  const regenerate = (reason: string): LockMigrationPlan => ({ action: 'regenerate', reason, changes: [], lock: null });
  if (!isJsonObject(document)) return regenerate(`The lockfile root is not a JSON object. ${REGENERATE}`);
  const schema = document.get('schema');
  if (schema === undefined) return regenerate(`The lockfile has no 'schema' field, so the contract it was written under is unknown. ${REGENERATE}`);
  if (typeof schema !== 'string' || !KNOWN_LOCK_SCHEMAS.includes(schema)) {
    return regenerate(`Unknown lockfile schema ${describe(schema)} (this boundver reads ${KNOWN_LOCK_SCHEMAS.join(', ')}); upgrade boundver, or ${REGENERATE.charAt(0).toLowerCase()}${REGENERATE.slice(1)}`);
  }
  if (schema !== LOCK_SCHEMA) {
    return regenerate(`${schema} does not bind every file's Git mode and type nor the semantic configuration, so it cannot be migrated without repository content. ${REGENERATE}`);
  }
  const contract = document.get('config_contract');
  if (contract !== CONFIG_CONTRACT) {
    return regenerate(
      `${schema} records semantic configuration contract ${describe(contract)}, but this boundver requires '${CONFIG_CONTRACT}'; semantic digests cannot be relabelled or migrated without repository content. ${REGENERATE}`,
    );
  }
  const normalized: JsonObject = new Map(document);
  const changes: string[] = [];
  if (normalized.delete('generated_at')) changes.push('removed legacy generated_at metadata');
  for (const key of ['components', 'slices']) {
    if (!normalized.has(key)) {
      normalized.set(key, new Map());
      changes.push(`added missing ${key} map`);
    }
  }
  const read = validateLockDocument(normalized);
  if (read.lock === null) {
    return regenerate(`The ${LOCK_SCHEMA} lockfile is structurally invalid and cannot be normalized:\n${read.issues.map((issue) => `  - ${issue}`).join('\n')}\n${REGENERATE}`);
  }
  return { action: changes.length === 0 ? 'none' : 'normalize', reason: null, changes, lock: read.lock };
}

/** Options of {@link migrateLock}. */
export interface MigrateLockOptions {
  cwd: string;
  /** Lock file, relative to `cwd`. Default `boundary.lock.json`. */
  lock?: string;
  /** Report the normalized lock without writing it. */
  dryRun?: boolean;
  /** Analyse selector semantics (0.10 versus current) in the selected source instead of writing. */
  explain?: boolean;
  /** Config for `explain` (read from the selected source; default name with fallbacks). */
  config?: string;
  /** Source for `explain`. Default `head`. */
  source?: SourceMode;
  limits?: EngineLimits;
}

/** What {@link migrateLock} did. */
export interface MigrateLockResult {
  /** The lock path as given. */
  readonly lock: string;
  readonly action: LockMigrationAction;
  /** Why regeneration is needed (only with `explain`; otherwise regeneration throws). */
  readonly reason: string | null;
  readonly changes: string[];
  /** The normalized lock text for `normalize` (written unless `dryRun`); null otherwise. */
  readonly text: string | null;
  readonly written: boolean;
  /** The `--explain` document, or null. */
  readonly analysis: MigrationAnalysis | null;
  /** With `explain`: the working-tree config when it is not the one analysed (head/index only). */
  readonly workingTreeDifferences: WorkingTreeDifference[];
}

/** The tree of the captured HEAD commit, for the analysis document. */
async function headTree(root: string, commit: string): Promise<string | null> {
  for await (const record of gitLog(root, ['-1', '--format=%x01%T', commit])) return record.trim() || null;
  return null;
}

/**
 * `boundver migrate-lock`: reads the lock from disk and normalizes it in place (atomically, only
 * when something changes), reports that nothing is to do, or — for v1/v2 locks and semantic-config
 * v1 — throws `BOUNDVER_LOCK_UNAVAILABLE` telling to regenerate. `explain` never writes: it
 * returns the plan and the selector analysis of the config in the selected source.
 */
export async function migrateLock(options: MigrateLockOptions): Promise<MigrateLockResult> {
  const lockName = options.lock ?? DEFAULT_LOCK_NAME;
  const absolute = resolve(options.cwd, lockName);
  const bytes = readDiskFile(absolute, MAX_LOCK_BYTES + 1);
  if (bytes === null) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile not found: ${lockName}. Pass --lock with the path of the lock to migrate.`);
  if (bytes.length > MAX_LOCK_BYTES) {
    throw new BoundverError('BOUNDVER_LOCK_TOO_LARGE', `Lockfile ${lockName} is over the ${MAX_LOCK_BYTES}-byte limit. ${REGENERATE}`);
  }
  let document: JsonValue;
  try {
    document = parseStrictJson(bytes, lockName);
  } catch (cause) {
    if (!isBoundverError(cause)) throw cause;
    throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile ${lockName} cannot be read: ${cause.message}. ${REGENERATE}`, { cause });
  }
  const plan = planLockMigration(document);
  if (options.explain) {
    const snapshot = await captureOperationSource(options.cwd, options.source ?? 'head', options.limits);
    try {
      const loaded = await loadConfigFromSource(snapshot, options.config);
      const tree = snapshot.source === 'head' && snapshot.headCommit !== null ? await headTree(snapshot.root, snapshot.headCommit) : null;
      const sourceSchema = isJsonObject(document) ? document.get('schema') : undefined;
      const analysis = analyzeSelectorMigration(snapshot, loaded.document, { path: lockName.split('\\').join('/'), sourceSchema, action: plan.action, reason: plan.reason }, tree);
      const workingTreeDifferences = loaded.workingTree === null ? [] : [loaded.workingTree];
      return { lock: lockName, action: plan.action, reason: plan.reason, changes: plan.changes, text: null, written: false, analysis, workingTreeDifferences };
    } finally {
      await snapshot.close();
    }
  }
  if (plan.action === 'regenerate') throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Cannot migrate ${lockName}: ${plan.reason}`);
  if (plan.action === 'none') return { lock: lockName, action: 'none', reason: null, changes: [], text: null, written: false, analysis: null, workingTreeDifferences: [] };
  const text = serializeLock(plan.lock!);
  if (!options.dryRun) await writeFileAtomic(absolute, text);
  return { lock: lockName, action: 'normalize', reason: null, changes: plan.changes, text, written: !options.dryRun, analysis: null, workingTreeDifferences: [] };
}
