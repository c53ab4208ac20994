import type { Facet, VerifyResult } from '@driftgate/boundver';
import { classifyIssue, type ClassifiedIssue } from './boundver-issue.js';
import { fingerprint } from '../model/fingerprint.js';
import type { CaseStatus, Report, ReportCase, ReportContext, ReportLevel, ReportLocation, RelatedLocation, VerifyDisplay } from '../model/report-model.js';
import { automationId, reportTool } from '../model/report-tool.js';
import { BOUNDVER_RULES, type BoundverRuleKey } from '../model/rules.js';

/** Options of {@link fromBoundverVerify}. */
export interface BoundverVerifyReportOptions extends ReportContext {
  /** Switches of the human text (`--quiet`, `--verbose`, `--update`, `--changed-from`); all off by default. */
  readonly display?: Partial<VerifyDisplay>;
  /**
   * Text of the lock, overriding the one the result carries (`result.lockText`, the lock as
   * verified): results point at the line of their component or slice entry instead of the lock's
   * first line. Purely presentational.
   */
  readonly lockText?: string;
}

const FACETS: readonly Facet[] = ['exact', 'behavior', 'boundary', 'compat'];
const FACET_LEVEL: Readonly<Record<Facet, ReportLevel>> = { exact: 'note', behavior: 'warning', boundary: 'error', compat: 'error' };

/** Lock-wide testcases, in order, and the rules whose issues each one collects. */
const LOCK_CASES: ReadonlyArray<readonly [string, readonly BoundverRuleKey[]]> = [
  ['config', ['config-error', 'verification-error']],
  ['lock file', ['lockfile-error', 'digest-error']],
  ['metadata', ['metadata']],
  ['removed components', ['removed-component']],
  ['removed slices', ['removed-slice']],
];

interface Line extends ClassifiedIssue {
  readonly gating: boolean;
  /** AFFECTED CONSUMERS lines that follow this drift line. */
  readonly affectedLines: string[];
  /** API CHANGE lines of this component's boundary drift (the symbols behind it). */
  readonly apiLines: string[];
}

/**
 * The neutral report of a `boundver verify`: a suite for the lock as a whole, a suite per
 * checked component (cases `entry`, one per facet, `metadata`) and one for the slices. A gated
 * mismatch fails, an unavailable facet or a digest, config or lock problem is an error, a facet
 * outside the gate is skipped (carrying any non-gating observation). The report of a share
 * (`result.share`) holds only what that share owns: a project's share its components, the
 * workspace share the lock suite, the slices and its own components.
 */
export function fromBoundverVerify(result: VerifyResult, options: BoundverVerifyReportOptions): Report {
  const policy = result.facetPolicy;
  const components = policy === null ? [] : [...policy.components.keys()];
  const slices = policy === null ? [] : [...policy.slices.keys()];
  const lines: Line[] = [];
  const apiChanges: Array<{ line: ClassifiedIssue; gating: boolean; previous: Line | undefined }> = [];
  const classify = (texts: readonly string[], gating: boolean): void => {
    for (const text of texts) {
      const line = classifyIssue(text, components, slices);
      const previous = lines.at(-1);
      const sameList = previous !== undefined && previous.gating === gating ? previous : undefined;
      if (line.apiChange === true) apiChanges.push({ line, gating, previous: sameList });
      else if (line.affected && sameList !== undefined) sameList.affectedLines.push(text);
      else lines.push({ ...line, gating, affectedLines: [], apiLines: [] });
    }
  };
  classify(result.issues, true);
  classify(result.observations, false);
  // boundver lists an API change after all of a component's facet lines (after `exact` too), so
  // it goes to the boundary line of its component, wherever that is; else where it stood.
  for (const { line, gating, previous } of apiChanges) {
    const owner = line.subject.kind === 'component' ? line.subject.name : undefined;
    const boundary = lines.find((l) => l.gating === gating && l.rule === 'boundary' && l.subject.kind === 'component' && l.subject.name === owner);
    const home = boundary ?? previous;
    if (home !== undefined) home.apiLines.push(line.text);
    else lines.push({ ...line, gating, affectedLines: [], apiLines: [] });
  }

  const lockName = result.lockFile.relative ?? result.lockFile.display.split(/[\\/]/).at(-1)!;
  const configPath = configRelative(result.inputs.config);
  const locate = lineFinder(options.lockText ?? result.lockText ?? undefined);
  const lockLocation = (section: 'components' | 'slices' | null, name?: string): ReportLocation | undefined =>
    result.lockFile.relative === null ? undefined : { file: result.lockFile.relative, startLine: section === null || name === undefined ? 1 : locate(section, name) };
  const related: RelatedLocation[] = configPath === null ? [] : [{ location: { file: configPath, startLine: 1 }, message: 'the boundver config the lock was checked against' }];

  const make = (suite: string, name: string, matched: readonly Line[], fallback: { status: CaseStatus; message: string }, where: ReportLocation | undefined, facet?: Facet): ReportCase => {
    if (matched.length === 0) return { name, className: suite, status: fallback.status, level: 'none', gating: fallback.status !== 'skipped', message: fallback.message, details: [], related: [] };
    const gated = matched.filter((line) => line.gating);
    const primary = gated[0] ?? matched[0]!;
    const rule = BOUNDVER_RULES[primary.rule ?? 'verification-error'];
    const isError = gated.some((line) => line.rule !== null && ERROR_RULES.has(line.rule));
    const status: CaseStatus = gated.length === 0 ? 'skipped' : isError ? 'error' : 'failed';
    // The exported symbols behind a boundary drift are what a reviewer reads first: they lead the
    // message (which codequality and the summaries show alone) and the details.
    const api = matched.flatMap((line) => line.apiLines);
    const details = [
      ...api.map((text) => `api change: ${text}`),
      ...matched.flatMap((line) => [`${line.gating ? 'issue' : 'observation (non-gating)'}: ${line.text}`, ...line.affectedLines.map((text) => `impact: ${text}`)]),
    ];
    details.push(`next: ${rule.help}`);
    return {
      name,
      className: suite,
      status,
      ruleId: rule.id,
      level: gated.length === 0 ? 'none' : levelOf(primary, rule.defaultLevel),
      gating: gated.length > 0,
      message: api.length === 0 ? primary.text : `${api.join('; ')} (${primary.text})`,
      details,
      ...(where === undefined ? {} : { location: where }),
      related,
      fingerprint: fingerprint(['boundver', 'verify', suite, name, facet ?? '', rule.id]),
    };
  };

  const suites: Array<{ name: string; cases: ReportCase[] }> = [];
  const lockLines = lines.filter((line) => line.subject.kind === 'lock' || (line.subject.kind === 'component' && !components.includes(line.subject.name)));
  // A project's share of a split run owns only its components: what stops the lock being checked
  // fails each of them (as their `entry`), and the lock suite is the workspace share's alone.
  const share = result.share;
  const ownsLock = share === null || share.workspace;
  if (ownsLock) {
    const lockCases = LOCK_CASES.map(([name, rules]) =>
      make(lockName, name, lockLines.filter((line) => line.rule !== null && rules.includes(line.rule)), { status: 'passed', message: `no ${name} problems` }, lockLocation(null)),
    );
    const claimed = new Set(LOCK_CASES.flatMap(([, rules]) => rules));
    const leftover = lockLines.filter((line) => line.rule === null || !claimed.has(line.rule));
    if (leftover.length > 0) lockCases.push(make(lockName, 'other', leftover, { status: 'passed', message: '' }, lockLocation(null)));
    suites.push({ name: lockName, cases: lockCases });
  }
  const filter = share !== null || result.componentsFilter.length > 0 ? new Set(result.componentsFilter) : null;
  const blocking = ownsLock ? [] : lockLines;
  // Without a policy (the config did not load) a share still names the components it was given.
  const listed = share !== null && policy === null ? [...filter!] : components;
  for (const component of listed) {
    if (filter !== null && !filter.has(component)) continue;
    const mine = lines.filter((line) => line.subject.kind === 'component' && line.subject.name === component);
    const where = lockLocation('components', component);
    const gatedFacets = policy?.components.get(component) ?? [];
    const entryLines = [...blocking, ...mine.filter((line) => line.rule === 'new-component' || line.rule === 'digest-error')];
    const cases = [make(component, 'entry', entryLines, { status: 'passed', message: 'locked and computable' }, where)];
    if (policy === null) {
      suites.push({ name: component, cases });
      continue;
    }
    for (const facet of FACETS) {
      const gated = gatedFacets.includes(facet);
      const fallback = gated ? { status: 'passed' as const, message: `${facet} matches the lock` } : { status: 'skipped' as const, message: `${facet} is not gated for this component` };
      cases.push(make(component, facet, mine.filter((line) => line.subject.kind === 'component' && line.subject.facet === facet), fallback, where, facet));
    }
    cases.push(make(component, 'metadata', mine.filter((line) => line.rule === 'metadata'), { status: 'passed', message: 'metadata matches the lock' }, where));
    suites.push({ name: component, cases });
  }
  const sliceLines = lines.filter((line) => line.subject.kind === 'slice');
  const sliceNames = filter === null || share?.workspace === true ? slices : [...new Set(sliceLines.map((line) => line.subject.name!))];
  if (sliceNames.length > 0) {
    suites.push({
      name: 'slices',
      cases: sliceNames.map((slice) => {
        const gatedSlice = policy?.slices.get(slice)?.gated ?? true;
        const fallback = gatedSlice ? { status: 'passed' as const, message: 'fingerprint matches the lock' } : { status: 'skipped' as const, message: 'slice mode is not gated' };
        return make('slices', slice, sliceLines.filter((line) => line.subject.name === slice), fallback, lockLocation('slices', slice));
      }),
    });
  }
  return {
    tool: reportTool('boundver', options),
    automationId: automationId('boundver-verify'),
    suites,
    origin: {
      tool: 'boundver',
      command: 'verify',
      result,
      display: { quiet: false, verbose: false, update: false, changedFrom: false, ...options.display },
    },
  };
}

/** Rules whose gating issues mean "could not verify" (JUnit error) rather than drift (failure). */
const ERROR_RULES: ReadonlySet<BoundverRuleKey> = new Set(['unavailable-facet', 'config-error', 'lockfile-error', 'digest-error', 'verification-error']);

function levelOf(line: Line, fallback: ReportLevel): ReportLevel {
  if (line.rule !== 'slice-mismatch') return fallback;
  const mode = line.subject.kind === 'slice' ? line.subject.mode : undefined;
  return mode === undefined ? fallback : FACET_LEVEL[mode];
}

/** The repository-relative config path out of `<selector>:<path>`, or null when it is absolute. */
function configRelative(input: string): string | null {
  const colon = input.indexOf(':');
  const path = colon < 0 ? input : input.slice(colon + 1);
  return path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path) ? null : path;
}

/**
 * Finds the 1-based line of `"<name>": {` directly inside the lock's `components` or `slices`
 * object (the lock is Python `json.dumps(indent=2)` with ASCII escapes); 1 when not found.
 */
function lineFinder(text: string | undefined): (section: 'components' | 'slices', name: string) => number {
  if (text === undefined) return () => 1;
  const lines = text.split('\n');
  return (section, name) => {
    const start = lines.indexOf(`  "${section}": {`);
    if (start < 0) return 1;
    const key = `    ${asciiJson(name)}: {`;
    for (let i = start + 1; i < lines.length && lines[i] !== '  }' && lines[i] !== '  },'; i++) if (lines[i] === key) return i + 1;
    return 1;
  };
}

function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
