import { fromSurfCheck, renderReport } from '@driftgate/report';
import { describe, expect, it } from 'vitest';
import { parseXml } from './support/junit-consumers.js';
import { xmllintText } from './reports-validate.test-helpers.js';
import { changedClaim, checkResultOf } from './support/synthetic-divergences.js';

// Escapes only where the format needs them: a reader of the JUnit attribute, the JUnit body or
// the Code Quality description sees the claim's own text, with its line breaks, not our escapes.

const PROSE = 'Totals are exact: `a[b[0]]>c` never rounds.\nA second line of the claim.';

function report() {
  const d = { ...changedClaim('total', ['src/total.ts']), claim: PROSE, prose: PROSE };
  return fromSurfCheck(checkResultOf([d]), { version: '0' });
}

describe('escaping in JUnit and Code Quality', () => {
  it('a JUnit attribute keeps `]]>` and the line break as they are (XML escapes them, readers decode them)', () => {
    const xml = renderReport(report(), 'junit').out;
    const failure = parseXml(xml).children[0]!.children[0]!.children.find((c) => c.name === 'failure')!;
    expect(failure.attributes.message).toContain(PROSE);
    expect(failure.attributes.message).not.toContain('\\x3e');
    expect(failure.attributes.message).not.toContain('\\n');
  });

  it('the JUnit body keeps the line break of the prose, its next line indented under its key', () => {
    const xml = renderReport(report(), 'junit').out;
    const failure = parseXml(xml).children[0]!.children[0]!.children.find((c) => c.name === 'failure')!;
    const lines = failure.text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('claim: '));
    expect(lines[at + 1]).toBe('  A second line of the claim.');
    expect(failure.text).not.toContain('\\n');
  });

  it('every `]]>` in a JUnit body reads back as `]]>` in a real XML parser, however many there are', () => {
    const prose = 'Ends: x]]>y, ]]]]> and ]]>]]> too.';
    const d = { ...changedClaim('total', ['src/total.ts']), claim: prose, prose };
    const xml = renderReport(fromSurfCheck(checkResultOf([d]), { version: '0' }), 'junit').out;
    const body = xmllintText(xml, '//testcase/failure');
    expect(body.split('\n')).toContain(`claim: ${prose}`);
    expect(parseXml(xml).children[0]!.children[0]!.children.find((c) => c.name === 'failure')!.text).toBe(body);
  });

  it('a Code Quality description keeps the line break (JSON escapes it, GitLab reads a newline)', () => {
    const [issue] = JSON.parse(renderReport(report(), 'codequality').out) as Array<{ description: string }>;
    expect(issue!.description).toContain(PROSE);
  });
});
