import { SARIF_LIMITS, SARIF_SCHEMA_URI, descriptor, mostImportant, omittedNote, omittedRule } from '../render/render-sarif.js';
import { ReportError } from './report-error.js';

/** One SARIF file to merge: its name (as shown in messages) and its text. */
export interface SarifInput {
  readonly file: string;
  readonly text: string;
}

/** Two inputs defined one rule id of one run differently; the merged log keeps the first. */
export interface SarifRuleConflict {
  readonly tool: string;
  /** `automationDetails.id` of the run, or `null` when the runs have none. */
  readonly automationId: string | null;
  readonly ruleId: string;
  /** The file whose definition was kept, and the one whose definition was dropped. */
  readonly kept: string;
  readonly dropped: string;
}

/** What {@link mergeSarif} produced. */
export interface MergedSarif {
  /** The merged log: pretty-printed JSON, LF, ends with a newline. */
  readonly out: string;
  readonly runs: number;
  /** Results in the merged log (a closing note included). */
  readonly results: number;
  /** Results dropped because an earlier input held the same one. */
  readonly duplicates: number;
  /** Results left out to stay within {@link SARIF_LIMITS} (counted by the closing notes). */
  readonly omitted: number;
  readonly conflicts: readonly SarifRuleConflict[];
}

type Json = Record<string, unknown>;

interface ParsedRun {
  readonly file: string;
  readonly run: Json;
  readonly tool: string;
  readonly automationId: string | null;
}

/**
 * Merges SARIF 2.1.0 logs into one log GitHub code scanning accepts in one upload: runs are
 * grouped by tool (`tool.driver.name`) and category (`automationDetails.id`), one run per group,
 * groups sorted by tool and then category. A group's rules are the union of its runs' rules by id,
 * sorted by id (identical definitions collapse; of conflicting ones the first is kept and the
 * conflict returned); its results are the runs' results in input order, without exact duplicates
 * (same `ruleId`, `partialFingerprints` and primary location: the same claim in two projects'
 * reports is one result), each `ruleIndex` pointing into the merged rules. A group over
 * {@link SARIF_LIMITS}.resultsPerRun keeps its `error` results first and ends with a note counting
 * the rest. Everything else of a run (driver version, `columnKind`, …) comes from its first input.
 * Give inputs in a fixed order (sorted paths): the output depends only on it.
 * Throws `REPORT_BAD_SARIF` naming the first input that is not a SARIF 2.1.0 JSON log, and
 * `REPORT_SARIF_LIMIT` when the groups are more than a log may hold runs.
 */
export function mergeSarif(inputs: readonly SarifInput[]): MergedSarif {
  const groups = new Map<string, ParsedRun[]>();
  for (const input of inputs) {
    for (const parsed of parseSarif(input)) {
      const key = JSON.stringify([parsed.tool, parsed.automationId]);
      groups.set(key, [...(groups.get(key) ?? []), parsed]);
    }
  }
  const keys = [...groups.keys()].sort(compareStrings);
  if (keys.length > SARIF_LIMITS.runsPerFile) {
    const names = keys.map((key) => (JSON.parse(key) as [string, string | null]).join(' ')).join(', ');
    throw new ReportError(
      'REPORT_SARIF_LIMIT',
      `the inputs hold ${keys.length} tool/category pairs (${names}), more than the ${SARIF_LIMITS.runsPerFile} runs one SARIF upload may have; merge them in several logs and upload each with its own category`,
    );
  }
  const conflicts: SarifRuleConflict[] = [];
  let duplicates = 0;
  let omitted = 0;
  const runs = keys.map((key) => {
    const merged = mergeGroup(groups.get(key)!, conflicts);
    duplicates += merged.duplicates;
    omitted += merged.omitted;
    return merged.run;
  });
  const log = { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs };
  return {
    out: `${JSON.stringify(log, null, 2)}\n`,
    runs: runs.length,
    results: runs.reduce((sum, run) => sum + (run.results as unknown[]).length, 0),
    duplicates,
    omitted,
    conflicts,
  };
}

function mergeGroup(group: readonly ParsedRun[], conflicts: SarifRuleConflict[]): { run: Json; duplicates: number; omitted: number } {
  const first = group[0]!;
  const rules = new Map<string, { rule: Json; text: string; file: string }>();
  for (const { run, file, tool, automationId } of group) {
    for (const rule of driverRules(run)) {
      const id = rule.id as string;
      const text = canonical(rule);
      const earlier = rules.get(id);
      if (earlier === undefined) rules.set(id, { rule, text, file });
      else if (earlier.text !== text) conflicts.push({ tool, automationId, ruleId: id, kept: earlier.file, dropped: file });
    }
  }
  const seen = new Set<string>();
  const results: Json[] = [];
  let duplicates = 0;
  for (const { run } of group) {
    const own = driverRules(run);
    for (const result of (run.results as Json[] | undefined) ?? []) {
      const ruleId = typeof result.ruleId === 'string' ? result.ruleId : (own[result.ruleIndex as number]?.id as string | undefined);
      const key = canonical([ruleId ?? null, result.partialFingerprints ?? null, (result.locations as Json[] | undefined)?.[0]?.physicalLocation ?? null]);
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      results.push(ruleId === undefined ? result : { ...result, ruleId });
    }
  }
  const ordered = [...rules.keys()].sort(compareStrings).map((id) => rules.get(id)!.rule);
  const level = (result: Json): string => {
    if (typeof result.level === 'string') return result.level;
    const rule = rules.get(result.ruleId as string)?.rule as { defaultConfiguration?: { level?: unknown } } | undefined;
    return typeof rule?.defaultConfiguration?.level === 'string' ? rule.defaultConfiguration.level : 'warning';
  };
  const kept = mostImportant(results, SARIF_LIMITS.resultsPerRun, (result) => ({ error: 0, warning: 1 })[level(result)] ?? 2);
  const left = results.length - kept.length;
  const omittedId = `${first.tool}/results-omitted`;
  if (left > 0 && !rules.has(omittedId)) {
    ordered.push(descriptor(omittedRule(first.tool)) as Json);
    ordered.sort((a, b) => compareStrings(a.id as string, b.id as string));
  }
  const index = new Map(ordered.map((rule, i) => [rule.id as string, i]));
  const indexed: Json[] = kept.map((result) => withRuleIndex(result, index));
  if (left > 0) {
    const keptSet = new Set(kept);
    const leftOut = results.filter((result) => !keptSet.has(result));
    const where = leftOut.map((result) => (result.locations as Json[] | undefined)?.[0]?.physicalLocation).find((location) => location !== undefined);
    const command = commandOf(first.tool, first.automationId);
    indexed.push(
      omittedNote(first.tool, command, {
        omitted: left,
        gating: leftOut.filter((result) => level(result) === 'error').length,
        index: index.get(omittedId)!,
        ...(where === undefined ? {} : { physicalLocation: where }),
      }),
    );
  }
  const tool = first.run.tool as Json;
  const driver = tool.driver as Json;
  const hadRules = group.some(({ run }) => Array.isArray(((run.tool as Json).driver as Json).rules));
  const run: Json = {
    ...first.run,
    tool: { ...tool, driver: { ...driver, ...(hadRules || ordered.length > 0 ? { rules: ordered } : {}) } },
    results: indexed,
  };
  return { run, duplicates, omitted: left };
}

function withRuleIndex(result: Json, index: ReadonlyMap<string, number>): Json {
  const at = index.get(result.ruleId as string);
  if (at === undefined) {
    const { ruleIndex: _dropped, ...rest } = result;
    return rest;
  }
  return { ...result, ruleIndex: at };
}

/** `surf` + `driftgate/surf-check/` → `check`; a category of another shape is used as it is. */
function commandOf(tool: string, automationId: string | null): string {
  const match = /^driftgate\/(.+)\/$/.exec(automationId ?? '');
  if (match === null) return automationId ?? 'run';
  return match[1]!.startsWith(`${tool}-`) ? match[1]!.slice(tool.length + 1) : match[1]!;
}

function driverRules(run: Json): Json[] {
  return ((((run.tool as Json).driver as Json).rules as Json[] | undefined) ?? []);
}

/** The runs of one input, checked for what merging relies on. */
function parseSarif(input: SarifInput): ParsedRun[] {
  const bad = (why: string): never => {
    throw new ReportError('REPORT_BAD_SARIF', `${input.file} is not a SARIF 2.1.0 log: ${why}; give only SARIF files (or directories holding *.sarif reports) to merge-sarif`);
  };
  let log: unknown;
  try {
    log = JSON.parse(input.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return bad(`it is not JSON (${(error as Error).message})`);
  }
  if (!isObject(log)) return bad('it is not a JSON object');
  if (log.version !== '2.1.0') return bad(`its "version" is ${JSON.stringify(log.version) ?? 'missing'}, not "2.1.0"`);
  if (!Array.isArray(log.runs)) return bad('it has no "runs" array');
  return log.runs.map((run, r) => {
    const where = `runs[${r}]`;
    if (!isObject(run)) return bad(`${where} is not an object`);
    const driver = isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : bad(`${where} has no tool.driver`);
    if (typeof driver.name !== 'string' || driver.name === '') bad(`${where}.tool.driver has no "name"`);
    if (driver.rules !== undefined && (!Array.isArray(driver.rules) || !driver.rules.every((rule) => isObject(rule) && typeof rule.id === 'string'))) {
      bad(`${where}.tool.driver.rules is not a list of rules with an "id"`);
    }
    if (run.results !== undefined && run.results !== null && (!Array.isArray(run.results) || !run.results.every(isObject))) bad(`${where}.results is not a list of results`);
    for (const table of ['artifacts', 'logicalLocations', 'threadFlowLocations']) {
      // Results point into these by index; concatenating runs would re-point them.
      if (Array.isArray(run[table]) && (run[table] as unknown[]).length > 0) bad(`${where} has "${table}", which merge-sarif does not renumber`);
    }
    const details = run.automationDetails;
    const automationId = isObject(details) && typeof details.id === 'string' ? details.id : null;
    return { file: input.file, run, tool: driver.name as string, automationId };
  });
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys: equal for equal values, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.keys(v).sort(compareStrings).map((k) => [k, v[k]])) : v,
  );
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
