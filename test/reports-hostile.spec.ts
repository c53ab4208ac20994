import { generateLock, verifyLock } from '@driftgate/boundver';
import { type Report, REPORT_FORMAT_NAMES, fromBoundverVerify, fromSurfCheck, fromSurfLint, renderReport } from '@driftgate/report';
import { loadWorkspace, runCheck, runLint } from '@driftgate/surf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from './support/temp-repo.js';
import { githubSarifProblems, junitSchemaCheck, sarifSchemaErrors, xmllintText } from './reports-validate.test-helpers.js';

// Hostile claim text, anchors and component names — C0/C1 controls, ANSI escapes, `]]>`, a lone
// surrogate, bidi overrides, zero-width characters and a CI workflow command — go through the
// real engines and come out safe in every format: human text has no control or reordering
// character, JSON keeps the exact text (escaped), JUnit stays schema-valid XML with every CDATA
// intact, SARIF stays schema-valid with visible escapes instead of invisible characters.

const HOSTILE = '\\u001b[2J\\u001b]0;pwned\\u0007 ]]> CDATA ]]]]> end \\u202e evil \\u2066iso\\u2069 zw\\u200b lone\\ud800 nul\\u0000 c1\\u009b del\\u007f ::error::x <b>&amp; \\"q\\"';
// The YAML double-quoted escapes used here are also JSON escapes.
const HOSTILE_TEXT = JSON.parse(`"${HOSTILE}"`) as string;
const EVIL_COMPONENT = 'ev\u001b[31mil\u202e]]>';

/** Raw characters that must never reach a terminal, an XML document or a code-scanning UI. */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let repo: TempRepo;
const reports: Record<string, Report> = {};

beforeAll(async () => {
  repo = createTempRepo({
    'surf.toml': '',
    'src/m.rs': 'pub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n',
    'hubs/a.md': `---\nsummary: x\nanchors:\n  - claim: "${HOSTILE}"\n    at: src/m.rs > add\n  - claim: "${HOSTILE}"\n    at: "src/m.rs > add\\u001b[31m]]>"\n    hash: 2:000000000000\n---\n`,
    'api/impl.ts': 'export const a = 1;\n',
    'boundary.config.json': JSON.stringify({ project: 'safe', components: { [EVIL_COMPONENT]: { path: 'api', boundary: { provider: 'leaf' } } } }),
  });
  await generateLock({ cwd: repo.dir, source: 'working-tree' });
  repo.write({ 'api/impl.ts': 'export const a = 2;\n' });
  const workspace = await loadWorkspace(repo.dir);
  const context = { version: '0.0.0-test', project: 'hostile' };
  reports['surf check'] = fromSurfCheck(await runCheck(workspace, { workers: 0 }), { ...context, workspace });
  reports['surf lint'] = fromSurfLint(await runLint(workspace), context);
  reports['boundver verify'] = fromBoundverVerify(await verifyLock({ cwd: repo.dir, source: 'working-tree' }), context);
});

afterAll(() => repo?.dispose());

describe('hostile text in every format', () => {
  it('reaches the reports unchanged (the engines carry it as data)', () => {
    const check = reports['surf check']!.origin;
    expect(check.command === 'check' && check.result.divergences.map((d) => d.prose)).toEqual([HOSTILE_TEXT, HOSTILE_TEXT]);
    const verify = reports['boundver verify']!.origin;
    expect(verify.command === 'verify' && verify.result.issues).toEqual([expect.stringContaining(`MISMATCH ${EVIL_COMPONENT}.exact: `)]);
  });

  for (const name of ['surf check', 'surf lint', 'boundver verify']) {
    for (const format of REPORT_FORMAT_NAMES) {
      it(`${name} as ${format}`, () => {
        const { out, err } = renderReport(reports[name]!, format);
        expect(err).not.toMatch(UNSAFE);
        if (format === 'json') {
          // The tool's own JSON stays exact: JSON escaping alone keeps it parseable and safe.
          const parsed = JSON.parse(out) as unknown;
          expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
          if (name === 'surf check') expect((parsed as { divergences: Array<{ prose: string }> }).divergences[0]!.prose).toBe(HOSTILE_TEXT);
          if (name === 'boundver verify') expect((parsed as { issues: string[] }).issues[0]).toContain(EVIL_COMPONENT);
          return;
        }
        expect(out).not.toMatch(UNSAFE);
        if (format === 'human') expect(out).toContain('\\x1b[');
        if (format === 'junit') {
          const check = junitSchemaCheck(out);
          expect(check.output).toContain('validates');
          // Every CDATA section ends where it was meant to: a real XML parser reads the hostile
          // `]]>` back as `]]>`, in the bodies and in the names.
          const text = xmllintText(out, '/');
          expect(text).toContain('\\x1b[');
          if (name !== 'boundver verify') {
            expect(text).toContain(']]> CDATA ]]]]> end \\u202e evil');
            expect(xmllintText(out, '//testcase/@name[contains(., "]]>")]')).toContain('add\\x1b[31m]]>');
          } else {
            expect(text).toContain('ev\\x1b[31mil\\u202e]]>');
            expect(xmllintText(out, '//testsuite/@name[contains(., "]]>")]')).toBe('ev\\x1b[31mil\\u202e]]>');
          }
        }
        if (format === 'sarif') {
          const log = JSON.parse(out);
          expect(sarifSchemaErrors(log)).toEqual([]);
          expect(githubSarifProblems(log)).toEqual([]);
          expect(out).toContain('\\\\u202e');
        }
      });
    }
  }
});
