import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// How the CI dashboards we target read a JUnit file, each written from the reader's documented
// behaviour (our own code, not theirs): dorny/test-reporter's jest-junit and java-junit readers,
// mikepenz/action-junit-report, GitLab's test report and Jenkins' JUnit plugin. The report tests
// run them on real reports to prove each reader sees every gating problem as a failure, annotated
// at a real place, with no two cases merged.

/** A parsed XML element: attributes with entities decoded, child elements, text and CDATA joined. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/**
 * A small XML parser, enough for JUnit files: a prolog, comments, elements with double- or
 * single-quoted attributes, self-closing tags, text and CDATA. Throws on a malformed document.
 */
export function parseXml(xml: string): XmlElement {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`malformed XML at offset ${at}: ${what}`);
  };
  const past = (end: string, what: string): number => {
    const found = xml.indexOf(end, at);
    return found < 0 ? fail(`unterminated ${what}`) : found + end.length;
  };
  const skipMisc = (): void => {
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(at))![0];
      at += ws.length;
      if (xml.startsWith('<?', at)) at = past('?>', 'processing instruction');
      else if (xml.startsWith('<!--', at)) at = past('-->', 'comment');
      else return;
    }
  };
  const element = (): XmlElement => {
    const open = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(xml.slice(at));
    if (open === null) return fail('expected a start tag');
    at += open[0].length;
    const attributes: Record<string, string> = {};
    for (const attr of open[2]!.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (attr[1]! in attributes) fail(`duplicate attribute ${attr[1]}`);
      attributes[attr[1]!] = decode(attr[2] ?? attr[3] ?? '');
    }
    const name = open[1]!;
    if (open[3] === '/') return { name, attributes, children: [], text: '' };
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (at >= xml.length) fail(`unterminated <${name}>`);
      if (xml.startsWith('<![CDATA[', at)) {
        const end = xml.indexOf(']]>', at);
        if (end < 0) fail('unterminated CDATA');
        text += xml.slice(at + 9, end);
        at = end + 3;
      } else if (xml.startsWith('<!--', at)) {
        at = past('-->', 'comment');
      } else if (xml.startsWith('</', at)) {
        const close = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(xml.slice(at));
        if (close === null || close[1] !== name) fail(`expected </${name}>`);
        at += close![0].length;
        return { name, attributes, children, text };
      } else if (xml.startsWith('<', at)) {
        children.push(element());
      } else {
        const next = xml.indexOf('<', at);
        text += decode(xml.slice(at, next < 0 ? xml.length : next));
        at = next < 0 ? xml.length : next;
      }
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (at !== xml.length) fail('content after the root element');
  return root;
}

const kids = (element: XmlElement, name: string): XmlElement[] => element.children.filter((child) => child.name === name);
const first = (element: XmlElement, name: string): XmlElement | undefined => element.children.find((child) => child.name === name);

/** Every `<testcase>` with its `<testsuite>`, in document order (nested suites flattened). */
function testcases(root: XmlElement): Array<{ suite: XmlElement; testcase: XmlElement }> {
  const out: Array<{ suite: XmlElement; testcase: XmlElement }> = [];
  const walk = (suite: XmlElement): void => {
    for (const child of suite.children) {
      if (child.name === 'testcase') out.push({ suite, testcase: child });
      else if (child.name === 'testsuite') walk(child);
    }
  };
  for (const suite of root.name === 'testsuites' ? kids(root, 'testsuite') : [root]) walk(suite);
  return out;
}

/** A place a reader would annotate. */
export interface Annotation {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
}

// ---------------------------------------------------------------------------------------------
// dorny/test-reporter, `reporter: jest-junit`

export interface DornyCase {
  readonly suite: string;
  readonly name: string;
  /** Only `<failure>` fails a case; `<error>` (and anything else not skipped) is `success`. */
  readonly result: 'success' | 'failed' | 'skipped';
  /** Milliseconds: `parseFloat(time) * 1000`, NaN when the attribute is missing or not a number. */
  readonly timeMs: number;
  /** From the failure body, only for failed cases. */
  readonly annotation?: Annotation;
}

export interface DornyReport {
  /** `testsuites@name`; the check run shows nothing useful without it. */
  readonly name: string | undefined;
  readonly timeMs: number;
  readonly suites: ReadonlyArray<{ readonly name: string; readonly timeMs: number }>;
  readonly cases: readonly DornyCase[];
}

/** The frame rule: a line ending in `(path:line:column)`. */
const DORNY_FRAME = /\((.*):(\d+):(\d+)\)$/;

/**
 * The source location dorny takes from a failure body: lines are scanned in order; the first that
 * ends in a `(path:line:column)` frame whose path (separators normalized, outside `internal/` and
 * `node_modules/`) is a tracked file of the repository wins.
 */
export function dornyFrame(body: string, trackedFiles: ReadonlySet<string>): Annotation | undefined {
  for (const line of body.split(/\r?\n/)) {
    const match = DORNY_FRAME.exec(line);
    if (match === null) continue;
    const file = match[1]!.replaceAll('\\', '/');
    if (file.startsWith('internal/') || file.includes('/node_modules/')) continue;
    if (trackedFiles.has(file)) return { file, line: Number.parseInt(match[2]!, 10), column: Number.parseInt(match[3]!, 10) };
  }
  return undefined;
}

export function readAsDorny(xml: string, trackedFiles: ReadonlySet<string>): DornyReport {
  const root = parseXml(xml);
  if (root.name !== 'testsuites') throw new Error('dorny jest-junit expects a <testsuites> root');
  const ms = (value: string | undefined): number => Number.parseFloat(value ?? '') * 1000;
  return {
    name: root.attributes.name,
    timeMs: ms(root.attributes.time),
    suites: kids(root, 'testsuite').map((suite) => ({ name: suite.attributes.name ?? '', timeMs: ms(suite.attributes.time) })),
    cases: testcases(root).map(({ suite, testcase }) => {
      const failure = first(testcase, 'failure');
      const result = failure !== undefined ? 'failed' : first(testcase, 'skipped') !== undefined ? 'skipped' : 'success';
      const annotation = failure === undefined ? undefined : dornyFrame(failure.text, trackedFiles);
      return { suite: suite.attributes.name ?? '', name: testcase.attributes.name ?? '', result, timeMs: ms(testcase.attributes.time), ...(annotation ? { annotation } : {}) };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// dorny/test-reporter, `reporter: java-junit`
//
// Mirrors the rules of its java-junit reader (src/parsers/java-junit/java-junit-parser.ts and
// java-stack-trace-element-parser.ts in dorny/test-reporter): a frame is a body line
// `at [<loader>/<module>/]<trace>(<fileName>:<line>)`, the file name being everything between the
// last `(` group and the last `:<digits>)`; the file name is looked up among the tracked files by
// basename, and the trace's leading dot-separated parts up to the first one whose first character
// sorts at or before `Z` (the package) must equal the file's last parent directories. The first
// frame that resolves wins. `<failure>` and `<error>` both fail a case.

/** One body line as that reader splits it into a trace, a file name and a line, or undefined. */
export function javaFrameParts(line: string): { trace: string; fileName: string; line: number } | undefined {
  const match = /^\s*at (?:\S+\/\S*\/)?(.*)\((.*):(\d+)\)$/.exec(line);
  return match === null ? undefined : { trace: match[1]!, fileName: match[2]!, line: Number.parseInt(match[3]!, 10) };
}

/** The tracked file a java-junit frame resolves to, by basename and package-as-directories. */
function javaFrameFile(trace: string, fileName: string, trackedFiles: ReadonlySet<string>): string | undefined {
  const candidates = [...trackedFiles].filter((file) => file.split('/').at(-1) === fileName);
  if (candidates.length === 0) return undefined;
  const parts = trace.split('.');
  const firstClass = parts.findIndex((part) => part[0]! <= 'Z');
  const packageParts = firstClass === -1 ? parts : parts.slice(0, firstClass);
  if (packageParts.length === 0) return undefined;
  for (const file of candidates) {
    const dirs = file.split('/').slice(0, -1);
    const parent = dirs.length === 0 ? ['.'] : dirs;
    if (packageParts.length > parent.length) continue;
    const tail = parent.slice(parent.length - packageParts.length);
    if (packageParts.every((part, i) => part === tail[i])) return file;
  }
  return undefined;
}

/** The annotation java-junit takes from a failure body: the first frame that resolves. */
export function dornyJavaFrame(body: string, trackedFiles: ReadonlySet<string>): Annotation | undefined {
  for (const line of body.split(/\r?\n/)) {
    const frame = javaFrameParts(line);
    if (frame === undefined) continue;
    const file = javaFrameFile(frame.trace, frame.fileName, trackedFiles);
    if (file !== undefined) return { file, line: frame.line };
  }
  return undefined;
}

export function readAsDornyJavaJunit(xml: string, trackedFiles: ReadonlySet<string>): DornyCase[] {
  return testcases(parseXml(xml)).map(({ suite, testcase }) => {
    const failure = first(testcase, 'failure') ?? first(testcase, 'error');
    const result = failure !== undefined ? 'failed' : first(testcase, 'skipped') !== undefined ? 'skipped' : 'success';
    const annotation = failure === undefined ? undefined : dornyJavaFrame(failure.text, trackedFiles);
    const timeMs = Number.parseFloat(testcase.attributes.time ?? '') * 1000;
    return { suite: suite.attributes.name ?? '', name: testcase.attributes.name ?? '', result, timeMs, ...(annotation ? { annotation } : {}) };
  });
}

// ---------------------------------------------------------------------------------------------
// mikepenz/action-junit-report

export interface MikepenzCase {
  readonly name: string;
  /** `<failure>` and `<error>` both fail a case. */
  readonly result: 'success' | 'failed' | 'skipped';
  readonly annotation: Annotation;
  /** How the file was found: the `file` attribute (testcase, failure, suite) or a guess from the classname. */
  readonly fileFrom: 'attribute' | 'classname';
}

/**
 * mikepenz's rule: `file` and `line` come from the testcase, else its failure, else its suite.
 * Without a file, the last `.`-segment of the classname (else the name) is taken as one. Without a
 * line, the last ` <…file…>:<n>` in the failure text gives it, else line 1.
 */
export function readAsMikepenz(xml: string): MikepenzCase[] {
  return testcases(parseXml(xml)).map(({ suite, testcase }) => {
    const failure = first(testcase, 'failure') ?? first(testcase, 'error');
    const fileAttr = testcase.attributes.file ?? failure?.attributes.file ?? suite.attributes.file;
    const lineAttr = testcase.attributes.line ?? failure?.attributes.line ?? suite.attributes.line;
    const classname = testcase.attributes.classname ?? testcase.attributes.name ?? '';
    const file = fileAttr ?? classname.split('.').at(-1)!;
    let line = Number.parseInt(lineAttr ?? '', 10);
    if (!(line > 0)) {
      const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const hits = (failure?.text ?? '').match(new RegExp(` [^ ]*${escaped}.*?:\\d+`, 'g'));
      line = hits === null ? 1 : Number.parseInt(hits.at(-1)!.split(':').at(-1)!, 10);
    }
    const result = failure !== undefined ? 'failed' : first(testcase, 'skipped') !== undefined ? 'skipped' : 'success';
    return { name: testcase.attributes.name ?? '', result, annotation: { file, line }, fileFrom: fileAttr === undefined ? 'classname' : 'attribute' };
  });
}

// ---------------------------------------------------------------------------------------------
// GitLab test report

export interface GitlabCase {
  /** GitLab shows the classname as the case's suite. */
  readonly suite: string;
  readonly name: string;
  readonly file: string | undefined;
  readonly status: 'success' | 'failed' | 'error' | 'skipped';
  readonly executionTime: number;
}

export interface GitlabReport {
  readonly cases: readonly GitlabCase[];
  /** Cases silently replaced by a later one with the same status, classname and name. */
  readonly dropped: readonly GitlabCase[];
}

/**
 * GitLab keys a case by classname and name within its status; a repeated key keeps the last one.
 * A job's reports (every file its `artifacts:reports:junit` globs match) share one key space.
 */
export function readAsGitlab(xml: string | readonly string[]): GitlabReport {
  const byStatus = new Map<string, Map<string, GitlabCase>>();
  const dropped: GitlabCase[] = [];
  const all = (typeof xml === 'string' ? [xml] : xml).flatMap((text) => testcases(parseXml(text)));
  for (const { testcase } of all) {
    const status = first(testcase, 'failure') ? 'failed' : first(testcase, 'error') ? 'error' : first(testcase, 'skipped') ? 'skipped' : 'success';
    const c: GitlabCase = {
      suite: testcase.attributes.classname ?? '',
      name: testcase.attributes.name ?? '',
      file: testcase.attributes.file,
      status,
      executionTime: Number.parseFloat(testcase.attributes.time ?? '0'),
    };
    const bucket = byStatus.get(status) ?? new Map<string, GitlabCase>();
    byStatus.set(status, bucket);
    const key = `${c.suite}_${c.name}`;
    const previous = bucket.get(key);
    if (previous !== undefined) dropped.push(previous);
    bucket.set(key, c);
  }
  return { cases: [...byStatus.values()].flatMap((bucket) => [...bucket.values()]), dropped };
}

// ---------------------------------------------------------------------------------------------
// Jenkins JUnit plugin

export interface JenkinsCase {
  /** The classname up to its last `.`; `(root)` when it has none. */
  readonly packageName: string;
  /** The classname after its last `.`. */
  readonly className: string;
  readonly name: string;
  /** `<failure>` and `<error>` both fail a case. */
  readonly failed: boolean;
  readonly skipped: boolean;
}

export function readAsJenkins(xml: string): JenkinsCase[] {
  return testcases(parseXml(xml)).map(({ testcase }) => {
    const classname = testcase.attributes.classname ?? '';
    const dot = classname.lastIndexOf('.');
    return {
      packageName: dot < 0 ? '(root)' : classname.slice(0, dot),
      className: dot < 0 ? classname : classname.slice(dot + 1),
      name: testcase.attributes.name ?? '',
      failed: first(testcase, 'failure') !== undefined || first(testcase, 'error') !== undefined,
      skipped: first(testcase, 'skipped') !== undefined,
    };
  });
}

/**
 * Why an annotation does not point at a file of `root` and a line it has (undefined when it does):
 * what a dashboard needs to draw it on the diff.
 */
export function annotationProblem(root: string, where: Annotation | undefined): string | undefined {
  if (where === undefined) return 'not annotated';
  const path = join(root, where.file);
  if (!existsSync(path)) return `${where.file} does not exist`;
  const lines = readFileSync(path, 'utf8').split('\n').length;
  if (!(where.line >= 1 && where.line <= lines)) return `line ${where.line} is not a line of ${where.file} (1-${lines})`;
  return undefined;
}
