import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import type { Rendered } from '../model/rendered.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase, ReportLocation } from '../model/report-model.js';
import { locationText } from '../model/location-text.js';
import { splitCdataEnds, xmlAttributeSafe, xmlNameSafe, xmlSafe, xmlSafeLines } from './xml-safe.js';

/**
 * JUnit XML through junit-report-builder, shaped for the dashboards that read it
 * (dorny/test-reporter, mikepenz/action-junit-report, GitLab, Jenkins):
 *
 * - `<testsuites name="<tool> <command>">` with a `<testsuite>` per hub or component and a
 *   `<testcase>` per claim, facet or finding. Every `time` is `0`: a gate has no meaningful
 *   duration, and a measured one would make the report machine-dependent.
 * - `classname` is `<tool>/<suite>` with every `.` turned into `-` (`surf/hubs/auth-md`,
 *   `boundver/boundary-lock-json`, `boundver/pricing`): readers that split it on `.` (Jenkins'
 *   package/class, a file guess from the last segment) then see one class per hub or component.
 * - classname + name is unique within a report: a repeated pair (two claims on one symbol in one
 *   hub) gets ` #2`, ` #3`, … in report order (GitLab keeps one test per pair). `#`, not `@N`,
 *   since `@N` is anchor syntax.
 * - A case with a location carries `file` and `line`: for a claim, its code (a multi-site claim's
 *   first changed site, as SARIF's primary location); else a finding's hub line or a component's
 *   lock entry.
 * - Every gating problem is a `<failure>` whose `type` is the rule id, never an `<error>`: some
 *   readers count an `<error>` as passed. A case the gate could not evaluate (unresolvable claim,
 *   malformed hub, unavailable facet, config, lock or digest problem) keeps its own rule id as the
 *   type and says so on the body's first line; a `--files` run that matched nothing has type
 *   `surf/no-files-matched`.
 * - The failure body lists kind, hashes, magnitude or facet, prose and `file:line`, and ends with
 *   `at <type> (<file>:<line>:<column>)`, a stack-frame line that frame parsers turn into an
 *   annotation, after its Java form where one can be written (see `javaFrame`). No other body
 *   line ends like a frame.
 *
 * No timestamps or host names. Every untrusted string goes through {@link xmlSafe} (CDATA),
 * {@link xmlAttributeSafe} (the failure message) or {@link xmlNameSafe} (names, file) first, so
 * control characters become visible escapes rather than being dropped; a `]]>` reads back as
 * `]]>` everywhere (in a body it is split across two CDATA sections, so no text can end one
 * early); line breaks of the text stay line breaks (a body's further lines indented under their
 * key). Valid against the Jenkins xUnit `junit-10.xsd` apart from the testcase `file` and
 * `line` attributes, which that schema does not declare and the consumers above read.
 */
// Loaded on the first JUnit report, through createRequire so that the CLI bundles leave it out
// and resolve it from node_modules: it brings all of lodash, whose start-up alone cost every
// surf and boundver command about 5 MiB of RSS and 10–15 ms, JUnit or not. The package is
// CommonJS whose `module.exports` is the builder (its typings declare an ES default export).
let junitBuilder: Builder | undefined;
function junit(): Builder {
  return (junitBuilder ??= createRequire(import.meta.url)('junit-report-builder') as Builder);
}

type TestCase = ReturnType<ReturnType<Builder['testSuite']>['testCase']>;

/** What a frame parser matches at the end of a line: `(path:line:column)`. */
const FRAME_END = /\(.*:\d+:\d+\)$/;

export function renderJunit(report: Report): Rendered {
  const builder = junit().newBuilder().name(xmlNameSafe(`${report.tool.name} ${report.origin.command}`));
  const names = new UniqueNames();
  for (const suite of report.suites) {
    const testSuite = builder.testSuite().name(xmlNameSafe(suite.name)).time(0);
    for (const c of suite.cases) {
      const className = junitClassName(report, c.className);
      const testCase = testSuite.testCase().className(className).name(names.take(className, xmlNameSafe(c.name))).time(0);
      const where = annotated(c);
      if (where !== undefined) setLocation(testCase, where);
      if (c.status === 'failed' || c.status === 'error') {
        const type = failureType(report, c);
        testCase.failure(xmlAttributeSafe(c.message), type).stacktrace(failureBody(c, type));
      } else {
        if (c.status === 'skipped') testCase.skipped();
        if (c.ruleId !== undefined || c.status === 'skipped') testCase.standardOutput(c.ruleId === undefined ? xmlSafeLines(c.message) : `${xmlSafeLines(c.message)}\n${caseBody(c)}`);
      }
    }
  }
  // The xUnit schema declares no `skipped` count on the root (each suite still carries its own);
  // the builder has no setter for the root's `time`, so it takes that place.
  const xml = splitCdataEnds(builder.build()).replace(/^(<testsuites\b[^>]*?) skipped="\d+"/m, '$1 time="0"');
  return { out: `${xml}\n`, err: reportNotes(report) };
}

/** `<tool>/<suite>` without dots; the summary suite of a run (`surf check`) becomes `surf/check`. */
function junitClassName(report: Report, className: string): string {
  const base = className === `${report.tool.name} ${report.origin.command}` ? report.origin.command : className;
  return xmlNameSafe(`${report.tool.name}/${base.replaceAll('.', '-')}`);
}

function failureType(report: Report, c: ReportCase): string {
  return c.ruleId ?? (report.tool.name === 'surf' && report.origin.command === 'check' ? 'surf/no-files-matched' : `${report.tool.name}/not-evaluated`);
}

/** Names already used per classname; a repeated pair gets ` #N`. */
class UniqueNames {
  readonly #used = new Set<string>();

  take(className: string, name: string): string {
    let candidate = name;
    for (let n = 2; this.#used.has(`${className}\0${candidate}`); n++) candidate = `${name} #${n}`;
    this.#used.add(`${className}\0${candidate}`);
    return candidate;
  }
}

/**
 * `file` and `line` on the testcase. junit-report-builder 5.1.2 has a setter for `file` only; the
 * line goes into the same attribute map (the goldens pin the output).
 */
function setLocation(testCase: TestCase, location: ReportLocation): void {
  testCase.file(xmlNameSafe(location.file));
  (testCase as unknown as { _attributes: Record<string, string | number> })._attributes.line = location.startLine;
}

function failureBody(c: ReportCase, type: string): string {
  const lines = caseBody(c)
    .split('\n')
    // Untrusted text that happens to end like a frame gets a full stop, so the last line is the only frame.
    .map((line) => (FRAME_END.test(line) ? `${line}.` : line));
  if (c.status === 'error') lines.unshift('verdict: not evaluated (the gate could not check this, so it fails)');
  const where = annotated(c);
  if (where !== undefined) {
    const java = javaFrame(type, where);
    if (java !== undefined) lines.push(java);
    lines.push(`at ${type} (${xmlSafe(where.file)}:${where.startLine}:${where.startColumn ?? 1})`);
  }
  return lines.filter((line) => line !== '').join('\n');
}

/**
 * The same place as a Java stack frame, `at <dir>.<dir>.<Tool>.<rule>(<basename>:<line>)`, for
 * readers that parse frames the Java way (dorny/test-reporter's `java-junit`): they take the file
 * name as everything up to the last `:<line>` and find it by basename, with the frame's package
 * (its parts before the first capitalized one) as the file's parent directories. So it is written
 * only where that can work: a file under at least one directory whose names hold no `.`, space or
 * parenthesis and start after `Z` in code-unit order (lower-case letters, `_`); else the
 * `(path:line:column)` frame after it is the only one (`jest-junit` reads that one everywhere).
 */
function javaFrame(type: string, where: ReportLocation): string | undefined {
  const parts = where.file.split('/');
  const base = parts.pop()!;
  if (parts.length === 0 || /[\s():]/.test(base) || base === '') return undefined;
  if (!parts.every((dir) => dir !== '' && !/[\s().]/.test(dir) && dir[0]! > 'Z')) return undefined;
  const [tool, ...rule] = type.split('/');
  const method = rule.join('_').replace(/[^\w$]/g, '_') || 'finding';
  const className = tool!.split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`).join('') || 'Driftgate';
  return `at ${parts.map(xmlSafe).join('.')}.${className}.${method}(${xmlSafe(base)}:${where.startLine})`;
}

/** Where readers annotate a case: the first of its code spans when it has some, else its location. */
function annotated(c: ReportCase): ReportLocation | undefined {
  return c.spans?.[0]?.location ?? c.location;
}

function caseBody(c: ReportCase): string {
  // A multi-line value (a claim's prose) keeps its line breaks, its further lines indented.
  const lines = c.details.map((detail) => xmlSafeLines(detail, '  '));
  if (c.location !== undefined) lines.push(`location: ${xmlSafe(locationText(c.location))}`);
  for (const related of c.related) lines.push(`related: ${xmlSafe(locationText(related.location))} (${xmlSafe(related.message)})`);
  return lines.join('\n');
}
