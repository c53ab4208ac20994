import { verifyLock } from '@driftgate/boundver';
import { MARKDOWN_LIMITS, fromBoundverVerify, fromSurfCheck, renderMarkdownWithin, renderReport } from '@driftgate/report';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileRun, runHostile } from './reports-hostile-goldens.test-helpers.js';

// The CI-facing formats read back the way their consumers read them: GitHub Actions workflow
// commands parsed as the Actions runner parses them; GitLab Code Quality issues checked against the
// fields GitLab requires; Markdown summaries checked for the constructs hostile text could open
// (table cells, code spans, HTML) and for their size bounds. Hostile claim text, code, paths and component
// names must come out as exactly one command per finding, with no property or message able to
// start another command or carry a control character.

/** Raw characters that must never reach a CI log or a rendered summary. */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let run: HostileRun;

beforeAll(async () => {
  run = await runHostile();
});

afterAll(() => run?.repo.dispose());

interface WorkflowCommand {
  readonly command: string;
  readonly properties: Record<string, string>;
  readonly message: string;
}

/** The Actions runner's reading of one log line (`ActionCommand.TryParse`): undefined for a plain line. */
function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  if (!line.startsWith('::')) return undefined;
  const end = line.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = line.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of info.slice(space + 1).split(',').filter((p) => p !== '')) {
      const eq = pair.indexOf('=');
      expect(eq, `property without a value: ${pair}`).toBeGreaterThan(0);
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { command, properties, message: unescapeData(line.slice(end + 2)) };
}

const unescapeData = (text: string): string => text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
const unescapeProperty = (text: string): string =>
  text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%3A', ':').replaceAll('%2C', ',').replaceAll('%25', '%');

describe('github: workflow commands as the Actions runner reads them', () => {
  it('one command per finding, properties and messages decoding to the terminal-safe text', () => {
    const report = run.reports['hostile-surf-check'];
    const { out } = renderReport(report, 'github');
    const lines = out.split('\n');
    expect(lines.pop()).toBe('');
    const commands = lines.map(parseWorkflowCommand);
    const findings = report.suites.flatMap((suite) => suite.cases.filter((c) => c.ruleId !== undefined));
    expect(commands.filter((c) => c !== undefined)).toHaveLength(findings.length);
    expect(commands.at(-1)).toBeUndefined();
    expect(lines.at(-1)).toBe('surf check: 4 finding(s), 4 failing the gate, 0 advisory.');
    const changed = commands.find((c) => c?.properties.title?.startsWith('surf/changed'))!;
    expect(changed.command).toBe('error');
    expect(changed.properties).toEqual({
      file: 'src/odd,50%|x.rs',
      line: '1',
      endLine: '4',
      col: '1',
      endColumn: '2',
      title: 'surf/changed: hubs/hostile.md :: src/odd,50%|x.rs > add',
    });
    // The claim's lines stay lines (CRLF and LF), the ANSI escape is visible, `%` and `::` survive.
    expect(changed.message).toContain('"Adds two numbers.\nSecond line: 100% sure, ::error file=x,line=1::pwned\n| a | b |');
    expect(changed.message).toContain('\\x1b[31mred\\x1b[0m');
    expect(changed.message).not.toMatch(UNSAFE);
    expect(changed.message).not.toContain('\r');
  });

  it('a component name with `:` and `%` stays one property value', () => {
    const { out } = renderReport(run.reports['hostile-boundver-verify'], 'github');
    const commands = out.split('\n').map(parseWorkflowCommand).filter((c) => c !== undefined);
    expect(commands).toHaveLength(1);
    expect(commands[0]!.command).toBe('error');
    expect(commands[0]!.properties).toEqual({ file: 'boundary.lock.json', line: '8', title: 'boundver/exact: ev\\x1b[31mil50%:|<b>`x`:: :: exact' });
    expect(out).not.toMatch(UNSAFE);
  });

  it('a non-gating observation is a notice', async () => {
    const result = await verifyLock({ cwd: run.repo.dir, source: 'working-tree', facets: ['boundary'] });
    expect(result.observations).toEqual([expect.stringContaining('.exact: ')]);
    const { out } = renderReport(fromBoundverVerify(result, { version: '0' }), 'github');
    const commands = out.split('\n').map(parseWorkflowCommand).filter((c) => c !== undefined);
    expect(commands.map((c) => `${c.command} ${c.properties.title}`)).toEqual([
      'notice boundver/exact: ev\\x1b[31mil50%:|<b>`x`:: :: exact',
      'error boundver/unavailable-facet: ev\\x1b[31mil50%:|<b>`x`:: :: boundary',
    ]);
    expect(out).toContain('2 finding(s), 1 failing the gate, 1 advisory.');
  });
});

const SEVERITIES = ['info', 'minor', 'major', 'critical', 'blocker'];

/** What GitLab needs of a Code Quality report: the required fields, a known severity, unique fingerprints. */
function codeQualityProblems(issues: unknown): string[] {
  if (!Array.isArray(issues)) return ['not an array'];
  const problems: string[] = [];
  const fingerprints = new Set<string>();
  for (const [i, issue] of issues.entries()) {
    if (Object.keys(issue).join() !== 'description,check_name,fingerprint,severity,location') problems.push(`${i}: keys ${Object.keys(issue).join()}`);
    if (typeof issue.description !== 'string' || issue.description === '') problems.push(`${i}: description`);
    if (typeof issue.check_name !== 'string' || issue.check_name === '') problems.push(`${i}: check_name`);
    if (!/^[0-9a-f]{64}$/.test(issue.fingerprint)) problems.push(`${i}: fingerprint ${issue.fingerprint}`);
    if (fingerprints.has(issue.fingerprint)) problems.push(`${i}: repeated fingerprint`);
    fingerprints.add(issue.fingerprint);
    if (!SEVERITIES.includes(issue.severity)) problems.push(`${i}: severity ${issue.severity}`);
    const { path, lines } = issue.location ?? {};
    if (typeof path !== 'string' || path === '' || path.startsWith('/')) problems.push(`${i}: path ${path}`);
    if (!Number.isInteger(lines?.begin) || lines.begin < 1) problems.push(`${i}: lines.begin`);
  }
  return problems;
}

describe('codequality: GitLab Code Quality issues', () => {
  it('the check rejects what GitLab would', () => {
    const issues = JSON.parse(renderReport(run.reports['hostile-boundver-verify'], 'codequality').out);
    expect(codeQualityProblems(issues)).toEqual([]);
    expect(codeQualityProblems([{ ...issues[0], severity: 'error' }, issues[0]])).toEqual(['0: severity error', '1: repeated fingerprint']);
  });

  for (const name of ['hostile-surf-check', 'hostile-boundver-verify'] as const) {
    it(`${name}: one issue per finding, SARIF's fingerprints, sorted by place`, () => {
      const report = run.reports[name];
      const issues = JSON.parse(renderReport(report, 'codequality').out);
      expect(codeQualityProblems(issues)).toEqual([]);
      const findings = report.suites.flatMap((suite) => suite.cases.filter((c) => c.ruleId !== undefined));
      expect(issues).toHaveLength(findings.length);
      const sarifFingerprints = JSON.parse(renderReport(report, 'sarif').out).runs[0].results.map((r: any) => r.partialFingerprints['driftgateFingerprint/v1']);
      const reused = issues.filter((issue: any) => sarifFingerprints.includes(issue.fingerprint));
      expect(reused.length).toBe(new Set(sarifFingerprints).size);
      const places = issues.map((issue: any) => [issue.location.path, issue.location.lines.begin]);
      expect(places).toEqual([...places].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
      expect(renderReport(report, 'codequality').out).not.toMatch(UNSAFE);
    });
  }

  it('gating findings are major or critical by their rule, whatever the advisory magnitude; advisory ones minor or info', async () => {
    const surf = JSON.parse(renderReport(run.reports['hostile-surf-check'], 'codequality').out);
    expect(surf.map((issue: any) => `${issue.check_name} ${issue.severity}`).sort()).toEqual([
      'surf/changed critical', // medium magnitude: the severity is the gate's, the magnitude stays in the description
      'surf/unresolvable critical',
      'surf/unverified major',
      'surf/unverified major',
    ]);
    const result = await verifyLock({ cwd: run.repo.dir, source: 'working-tree', facets: ['boundary'] });
    const boundver = JSON.parse(renderReport(fromBoundverVerify(result, { version: '0' }), 'codequality').out);
    expect(boundver.map((issue: any) => `${issue.check_name} ${issue.severity}`)).toEqual(['boundver/exact info', 'boundver/unavailable-facet critical']);
    expect(surf.find((issue: any) => issue.check_name === 'surf/changed').description).toContain('magnitude medium');
  });
});

/** The HTML our summaries write themselves; any other `<` would be hostile text left raw. */
const OUR_TAGS = /<\/?(?:details|summary|pre|code)>|<br>/g;

/** Constructs of a Markdown summary that hostile text must not open, found without a Markdown parser. */
function markdownProblems(text: string, columns: number): string[] {
  const problems: string[] = [];
  const pre = text.match(/<pre>[\s\S]*?<\/pre>/g) ?? [];
  if (pre.length !== (text.match(/<pre>/g) ?? []).length || pre.length !== (text.match(/<\/pre>/g) ?? []).length) problems.push('a <pre> not closed by its own </pre>');
  for (const block of pre) if (block.slice(5, -6).includes('<')) problems.push(`raw < in ${block}`);
  const outside = text.replace(/<pre>[\s\S]*?<\/pre>/g, '<pre></pre>');
  if ((outside.match(/<details>/g) ?? []).length !== (outside.match(/<\/details>/g) ?? []).length) problems.push('unbalanced <details>');
  for (const [i, line] of outside.split('\n').entries()) {
    const rest = line.replace(OUR_TAGS, '');
    if (rest.includes('<')) problems.push(`line ${i + 1}: raw <`);
    if (rest.slice(1).includes('>')) problems.push(`line ${i + 1}: raw >`);
    if (/(?<!\\)`/.test(rest.replace(/\\\\/g, ''))) problems.push(`line ${i + 1}: unescaped backtick`);
    if (line.startsWith('| ') && !line.startsWith('| ---') && line.split(/(?<!\\)\|/).length - 2 !== columns && !/^\| (?:rule|changed) /.test(line)) {
      if (!/^\| [a-z0-9\\/-]+ \| \d+ \|$/.test(line) && !/^\| \d+( \| \d+)+ \|$/.test(line)) problems.push(`line ${i + 1}: ${line.split(/(?<!\\)\|/).length - 2} cells`);
    }
  }
  return problems;
}

describe('markdown: a bounded summary for step summaries and pull-request comments', () => {
  it('the check finds what hostile text would open', () => {
    expect(markdownProblems('| 1 | a | b | c | d | e |\n', 6)).toEqual([]);
    expect(markdownProblems('| 1 | a | b|x | c | d | e |\n<b>`x`\n<pre>a</pre></pre>\n', 6)).toEqual([
      'a <pre> not closed by its own </pre>',
      'line 1: 7 cells',
      'line 2: raw <',
      'line 2: raw >',
      'line 2: unescaped backtick',
    ]);
  });

  it('surf check: totals, changed claims first with the advisory note, prose and old vs new code per claim', () => {
    const { out } = renderReport(run.reports['hostile-surf-check'], 'markdown');
    expect(markdownProblems(out, 6)).toEqual([]);
    expect(out).not.toMatch(UNSAFE);
    expect(out).toContain('| 1 | 2 | 1 | 0 | 4 |');
    expect(out).toContain('Magnitude is advisory');
    const rows = out.split('\n').filter((line) => /^\| \d+ \| [a-z_]+ \|/.test(line));
    expect(rows.map((row) => row.split(' | ')[1])).toEqual(['changed', 'unresolvable', 'unverified', 'unverified']);
    expect(rows[0]).toContain('| medium |');
    expect(out.match(/<details>/g)).toHaveLength(4);
    // The claim's three lines (LF and CRLF) are one quote with line breaks; the code's are kept.
    expect(out).toContain('> Adds two numbers\\.<br>Second line: 100% sure, ::error file=x,line=1::pwned<br>\\| a \\| b \\| \\`tick\\`');
    expect(out).toContain('<pre>pub fn add(a: i64, b: i64) -&gt; i64 {\n    a + b\n}</pre>');
    expect(out).toContain('let _s = &quot;&lt;/pre&gt;&lt;/details&gt;&lt;b&gt;&#96;x&#96;&lt;/b&gt; | %0A ::warning::&quot;;');
    expect(out).toContain('\\\\x1b\\[31mred');
  });

  it('boundver verify: a row and a section per finding, gating first', async () => {
    const { out } = renderReport(run.reports['hostile-boundver-verify'], 'markdown');
    expect(markdownProblems(out, 5)).toEqual([]);
    expect(out).not.toMatch(UNSAFE);
    const result = await verifyLock({ cwd: run.repo.dir, source: 'working-tree', facets: ['boundary'] });
    const advisory = renderReport(fromBoundverVerify(result, { version: '0' }), 'markdown').out;
    expect(markdownProblems(advisory, 5)).toEqual([]);
    expect(advisory.split('\n').filter((line) => /^\| \d+ \|/.test(line)).map((row) => row.split(' | ').slice(1, 3).join(' '))).toEqual([
      'not evaluated boundver/unavailable\\-facet',
      'advisory boundver/exact',
    ]);
  });

  it('stays within its row, byte and code-line bounds, counting what it leaves out', () => {
    const report = run.reports['hostile-surf-check'];
    const two = renderMarkdownWithin(report, { ...MARKDOWN_LIMITS, rows: 2 }).out;
    expect(two.match(/<details>/g)).toHaveLength(2);
    expect(two).toContain('… 2 more finding(s) not shown here');
    expect(markdownProblems(two, 6)).toEqual([]);
    const small = renderMarkdownWithin(report, { ...MARKDOWN_LIMITS, bytes: 3000 }).out;
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(3000);
    expect(small).toMatch(/… [1-4] more finding\(s\) not shown here/);
    const cut = renderMarkdownWithin(report, { ...MARKDOWN_LIMITS, codeLines: 1 }).out;
    expect(cut).toContain('<pre>pub fn add(a: i64, b: i64) -&gt; i64 {\n… 3 more line(s)</pre>');
    expect(renderReport(report, 'markdown').out).not.toContain('more finding(s)');
  });
});

describe('a red run without a rule-bearing case', () => {
  it('a surf check --files that matched nothing is an error in github, codequality and markdown, never "no findings"', async () => {
    const workspace = await loadWorkspace(run.repo.dir);
    const result = await runCheck(workspace, { files: ['nowhere/**'], workers: 0 });
    expect(result.passed).toBe(false);
    expect(result.divergences).toEqual([]);
    const report = fromSurfCheck(result, { version: '0', workspace });
    const github = renderReport(report, 'github').out.split('\n');
    expect(parseWorkflowCommand(github[0]!)).toMatchObject({ command: 'error', properties: { title: 'surf/no-files-matched: surf check :: anchored spans' } });
    expect(github[0]).toContain('no --files pattern matched');
    expect(github[1]).toBe('surf check: 1 finding(s), 1 failing the gate, 0 advisory.');
    const issues = JSON.parse(renderReport(report, 'codequality').out);
    expect(codeQualityProblems(issues)).toEqual([]);
    expect(issues).toEqual([expect.objectContaining({ check_name: 'surf/no-files-matched', severity: 'critical' })]);
    const markdown = renderReport(report, 'markdown').out;
    expect(markdownProblems(markdown, 5)).toEqual([]);
    expect(markdown).toContain('### surf check: 1 finding(s), 1 failing the gate');
    expect(markdown).toContain('| 1 | not evaluated | surf/no\\-files\\-matched | surf check :: anchored spans |');
  });
});
