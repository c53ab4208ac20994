import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BOUNDVER_RULES, SURF_CHECK_RULES, SURF_LINT_RULES, TOOL_RULES, mergeSarif } from '@driftgate/report';
import { describe, expect, it } from 'vitest';
import { githubSarifProblems, junitSchemaCheck, sarifSchemaErrors } from './reports-validate.test-helpers.js';

// The goldens (regenerated and byte-compared by reports-golden.spec.ts) validated against the
// vendored OASIS SARIF 2.1.0 schema, GitHub code scanning's required fields and the Jenkins
// xUnit JUnit XSD. Each validator is first shown to reject a broken document.

const golden = (name: string): string => readFileSync(fileURLToPath(new URL(`../fixtures/report-goldens/${name}`, import.meta.url)), 'utf8');
const RUNS = ['surf-check', 'surf-lint', 'boundver-verify'] as const;

describe('SARIF goldens', () => {
  it('the validators reject what they must', () => {
    const log = JSON.parse(golden('surf-check.sarif'));
    expect(sarifSchemaErrors({ ...log, version: '2.0.0' })).not.toEqual([]);
    const broken = structuredClone(log);
    delete broken.runs[0].results[0].message;
    broken.runs[0].results[1].locations[0].physicalLocation.region.startLine = 0;
    expect(sarifSchemaErrors(broken).length).toBeGreaterThan(0);
    const absolute = structuredClone(log);
    absolute.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'file:///tmp/x.ts';
    expect(githubSarifProblems(absolute)).toEqual([expect.stringContaining('is not repository-relative')]);
  });

  for (const run of RUNS) {
    it(`${run}.sarif is valid SARIF 2.1.0 and has what GitHub code scanning requires`, () => {
      const log = JSON.parse(golden(`${run}.sarif`));
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(githubSarifProblems(log)).toEqual([]);
      expect(log.runs[0].results.length).toBeGreaterThan(0);
      expect(log.runs[0].automationDetails.id).toBe(`driftgate/${run}/`);
    });
  }

  it('the goldens merged into one log (twice over, as two projects would report them) are valid and keep one run per category', () => {
    const inputs = RUNS.flatMap((run) => ['a', 'b'].map((project) => ({ file: `${project}/${run}.sarif`, text: golden(`${run}.sarif`) })));
    const log = JSON.parse(mergeSarif(inputs).out);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubSarifProblems(log)).toEqual([]);
    expect(log.runs.map((run: { automationDetails: { id: string } }) => run.automationDetails.id)).toEqual(['driftgate/boundver-verify/', 'driftgate/surf-check/', 'driftgate/surf-lint/']);
    for (const [i, run] of ['boundver-verify', 'surf-check', 'surf-lint'].entries()) {
      expect(log.runs[i].results).toHaveLength(JSON.parse(golden(`${run}.sarif`)).runs[0].results.length);
    }
  });

  it('surf results point at the anchored span (1-based columns) with the hub line as a related location', () => {
    const result = JSON.parse(golden('surf-check.sarif')).runs[0].results.find((r: any) => r.ruleId === 'surf/changed');
    // `export function price(…) {` … `}`: the declaration starts after `export ` (column 8) and ends
    // after the closing brace on line 3 (column 2, exclusive).
    expect(result.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'packages/pricing/index.ts' }, region: { startLine: 1, startColumn: 8, endLine: 3, endColumn: 2 } });
    expect(result.relatedLocations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'hubs/pricing.md' }, region: { startLine: 4 } });
    // It fails the gate, so it is an error; the advisory magnitude is a property, never the level.
    expect(result.level).toBe('error');
    expect(result.properties.magnitude).toBe('medium');
  });

  it('the rule tables cover every divergence kind, lint finding class, facet and issue class', () => {
    expect(Object.keys(SURF_CHECK_RULES).sort()).toEqual(['changed', 'referenced_stale', 'unresolvable', 'unverified']);
    for (const facet of ['exact', 'behavior', 'boundary', 'compat']) expect(BOUNDVER_RULES).toHaveProperty(facet);
    for (const issue of ['metadata', 'new-component', 'removed-component', 'new-slice', 'removed-slice', 'config-error', 'lockfile-error', 'digest-error', 'unavailable-facet', 'slice-mismatch']) {
      expect(BOUNDVER_RULES).toHaveProperty(issue);
    }
    expect(Object.keys(SURF_LINT_RULES).length).toBeGreaterThanOrEqual(20);
    for (const [tool, rules] of Object.entries(TOOL_RULES)) {
      const ids = rules.map((rule) => rule.id);
      expect(new Set(ids).size, `${tool} rule ids are unique`).toBe(ids.length);
      const sarif = JSON.parse(golden(tool === 'surf' ? 'surf-check.sarif' : 'boundver-verify.sarif'));
      expect(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(ids);
    }
  });
});

describe('JUnit goldens', () => {
  it('xmllint rejects a document the XSD forbids', () => {
    const check = junitSchemaCheck('<?xml version="1.0"?>\n<testsuites><testsuite name="x"><testcase/></testsuite></testsuites>\n');
    expect(check.valid).toBe(false);
    expect(junitSchemaCheck(golden('surf-check.xml').replace('<testsuites ', '<testsuites skipped="0" ')).valid).toBe(false);
    // Only a testcase's `file` and `line` are let through; any other undeclared attribute is not.
    const located = golden('surf-check.xml');
    expect(located).toMatch(/<testcase [^>]* file="[^"]+" line="\d+"/);
    expect(junitSchemaCheck(located.replace(/<testcase /g, '<testcase column="1" ')).valid).toBe(false);
    expect(junitSchemaCheck(located.replace(/<testsuite /g, '<testsuite line="1" ')).valid).toBe(false);
  });

  for (const run of RUNS) {
    it(`${run}.xml is valid against the JUnit XSD and carries no timestamp or host`, () => {
      const xml = golden(`${run}.xml`);
      const check = junitSchemaCheck(xml);
      expect(check.output).toContain('validates');
      expect(check.valid).toBe(true);
      expect(xml).not.toMatch(/timestamp=|hostname=/);
      // Every element that may carry a time carries `0`: numeric for readers, never measured.
      expect(xml.match(/ time="[^"]*"/g)).toHaveLength((xml.match(/<(?:testsuites|testsuite|testcase)\b/g) ?? []).length);
      expect(xml.match(/ time="[^"]*"/g)!.every((time) => time === ' time="0"')).toBe(true);
      expect(xml).not.toContain('<error');
    });
  }
});
