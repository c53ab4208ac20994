import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

// Validators for the report tests: the official SARIF 2.1.0 JSON schema through ajv, the fields
// GitHub code scanning needs, and the Jenkins xUnit JUnit XSD through xmllint (libxml2-utils;
// `.ci/run` installs it, and these helpers fail loudly rather than skip when it is missing).

const SCHEMAS = fileURLToPath(new URL('../fixtures/schemas/', import.meta.url));
export const JUNIT_XSD = join(SCHEMAS, 'junit-10.xsd');

let sarifValidator: ValidateFunction | undefined;

/** ajv errors of a SARIF log against the vendored OASIS 2.1.0 schema (draft-07); empty when valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (sarifValidator === undefined) {
    // The schema's regexes are not valid under the `u` flag; its formats are checked loosely here
    // (an absolute URI parses with `URL`; a reference has no whitespace or control characters).
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    ajv.addFormat('uri-reference', (value: string) => !/[\s\u0000-\u001f\u007f]/.test(value));
    ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    sarifValidator = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, 'sarif-schema-2.1.0.json'), 'utf8')) as object);
  }
  return sarifValidator(log) ? [] : (sarifValidator.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/**
 * What GitHub code scanning requires of an upload beyond the schema: a driver name and rules, a
 * `ruleId` that names a rule, `message.text`, a location with a relative `artifactLocation.uri`
 * and `region.startLine`, `partialFingerprints`, and an `automationDetails.id` category.
 */
export function githubSarifProblems(log: any): string[] {
  const problems: string[] = [];
  if (log.version !== '2.1.0') problems.push('version is not 2.1.0');
  if (typeof log.$schema !== 'string') problems.push('no $schema');
  for (const [r, run] of (log.runs ?? []).entries()) {
    const driver = run.tool?.driver;
    if (typeof driver?.name !== 'string' || driver.name === '') problems.push(`run ${r}: no tool.driver.name`);
    if (typeof driver?.version !== 'string') problems.push(`run ${r}: no tool.driver.version`);
    if (!URL.canParse(driver?.informationUri ?? '')) problems.push(`run ${r}: informationUri is not an absolute URI`);
    const ids = new Set<string>();
    for (const rule of driver?.rules ?? []) {
      ids.add(rule.id);
      for (const key of ['shortDescription', 'fullDescription', 'help']) {
        if (typeof rule[key]?.text !== 'string' || rule[key].text === '') problems.push(`rule ${rule.id}: no ${key}.text`);
      }
    }
    if (typeof run.automationDetails?.id !== 'string' || !run.automationDetails.id.includes('/')) problems.push(`run ${r}: no automationDetails.id category`);
    for (const [i, result] of (run.results ?? []).entries()) {
      const where = `run ${r} result ${i}`;
      if (!ids.has(result.ruleId)) problems.push(`${where}: ruleId ${result.ruleId} is not in the rules table`);
      if (driver?.rules?.[result.ruleIndex]?.id !== result.ruleId) problems.push(`${where}: ruleIndex does not point at its rule`);
      if (typeof result.message?.text !== 'string' || result.message.text === '') problems.push(`${where}: no message.text`);
      if (Object.keys(result.partialFingerprints ?? {}).length === 0) problems.push(`${where}: no partialFingerprints`);
      const locations = [...(result.locations ?? []), ...(result.relatedLocations ?? [])];
      if ((result.locations ?? []).length === 0) problems.push(`${where}: no locations`);
      for (const location of locations) {
        const uri: unknown = location.physicalLocation?.artifactLocation?.uri;
        if (typeof uri !== 'string' || uri === '' || uri.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(uri)) problems.push(`${where}: uri ${String(uri)} is not repository-relative`);
        const region = location.physicalLocation?.region;
        if (!Number.isInteger(region?.startLine) || region.startLine < 1) problems.push(`${where}: no region.startLine`);
      }
    }
  }
  return problems;
}

/**
 * The document without the `file` and `line` attributes of its `<testcase>` elements: the
 * location attributes dashboards read (GitLab, mikepenz/action-junit-report, pytest's own output)
 * that the Jenkins xUnit XSD does not declare. Nothing else is removed, so any other undeclared
 * attribute still fails validation.
 */
export function withoutTestcaseLocation(xml: string): string {
  return xml.replace(/<testcase\b(?:[^>"]|"[^"]*")*>/g, (tag) => tag.replace(/ (?:file|line)="[^"]*"/g, ''));
}

/**
 * Runs xmllint against the JUnit XSD, after {@link withoutTestcaseLocation}. Throws when xmllint
 * is not installed (never skips).
 */
export function junitSchemaCheck(xml: string): { valid: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-junit-'));
  try {
    const file = join(dir, 'report.xml');
    writeFileSync(file, withoutTestcaseLocation(xml));
    const run = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, file], { encoding: 'utf8' });
    if (run.error !== undefined) {
      throw new Error(`xmllint is required to validate JUnit output (${run.error.message}); install it with \`apt-get install -y libxml2-utils\``);
    }
    return { valid: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text libxml2 reads at `xpath` (`string(...)`: entities decoded, CDATA sections joined), so a
 * test sees a JUnit value as a real XML parser does. Throws when xmllint is not installed or the
 * document is malformed.
 */
export function xmllintText(xml: string, xpath: string): string {
  const run = spawnSync('xmllint', ['--xpath', `string(${xpath})`, '-'], { input: xml, encoding: 'utf8' });
  if (run.error !== undefined) {
    throw new Error(`xmllint is required to read JUnit output (${run.error.message}); install it with \`apt-get install -y libxml2-utils\``);
  }
  if (run.status !== 0) throw new Error(`xmllint could not read the document: ${run.stderr}`);
  // xmllint ends what it prints with a line break of its own.
  return run.stdout.endsWith('\n') ? run.stdout.slice(0, -1) : run.stdout;
}
