import { checkEnvelope, lintJson, loadWorkspace, runCheck, runLint, runVerify } from '@driftgate/surf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { fromSurfCheck } from './from-surf-check.js';
import { fromSurfLint } from './from-surf-lint.js';
import { lintRuleKey } from './lint-rule.js';
import { renderJson } from '../render/render-json.js';

// A workspace that trips most of surf lint's rules, linted by the real engine: every message it
// produces must map to a named rule (never the fallback), and the JSON renderer must print
// exactly surf's own JSON for lint and check.

const hub = (front: string, body = 'Short.'): string => `---\n${front}---\n${body}\n`;
const claim = (at: string, extra = ''): string => `  - claim: c\n    at: ${at}\n${extra}`;
const BIG = `export function big(x: number): number {\n${Array.from({ length: 18 }, (_, i) => `  x += ${i};`).join('\n')}\n  return x;\n}\n`;

let repo: TempRepo;

beforeAll(async () => {
  repo = createTempRepo({
    'surf.toml': 'hubs = ["hubs/*.md"]\n',
    'AGENTS.md': '# Agents\n<!-- surf:hubs -->\n[hubs](./elsewhere/)\n<!-- /surf:hubs -->\n',
    'src/a.ts': 'export function f(x: number): number {\n  return x;\n}\n',
    'src/big.ts': BIG,
    'src/o.ts': 'export function o(a: string): void;\nexport function o(a: number): void;\nexport function o(a: unknown): void {}\n',
    'src/r.ts': 'export function oldName(x: number): number {\n  return x * 2;\n}\n',
    'src/e.ts': 'export function e(): number {\n  return 1 +* 2;\n}\n',
    'src/c.ts': 'export function c1(): number {\n  return 1;\n}\nexport function c2(): number {\n  return 2;\n}\n',
    'schema.sql': 'CREATE TABLE users (id int);\n',
    'hubs/main.md': hub(
      `sumary: typo\nanchors:\n${claim('src/a.ts > f')}${claim('src/a.ts > missing')}${claim('src/a.ts')}${claim('schema.sql > users')}${claim('src/gone.ts > f')}${claim('src/o.ts > o')}${claim('src/big.ts > big')}${claim('src/r.ts > oldName')}${claim('src/c.ts > c1')}${claim('src/e.ts > e')}${Array.from({ length: 5 }, () => claim('src/a.ts > f')).join('')}refs:\n  - ./missing.md\ncovers:\n  - "src/["\n`,
      'See [the plan](./nope.md).',
    ),
    'hubs/other.md': hub(`anchors:\n${claim('src/a.ts > f')}covers:\n  - "lib/**"\n`),
    'hubs/bad.md': '---\nanchors:\n  - claim: [unterminated\n---\n',
  });
  await runVerify(await loadWorkspace(repo.dir), { target: 'src/r.ts > oldName' });
  repo.write({ 'src/r.ts': 'export function newName(x: number): number {\n  return x * 2;\n}\n' });
});

afterAll(() => repo?.dispose());

describe('lint rule classification of real findings', () => {
  it('names a rule for every message the engine produces', async () => {
    const result = await runLint(await loadWorkspace(repo.dir));
    const keys = result.findings.map((finding) => [lintRuleKey(finding.message), finding.message] as const);
    expect(keys.filter(([key]) => key === 'other')).toEqual([]);
    expect(new Set(keys.map(([key]) => key))).toEqual(
      new Set([
        'agents-pointer',
        'ambiguous',
        'bad-ref',
        'broken-link',
        'claim-log',
        'coarse-span',
        'covers-glob',
        'invalid-anchor',
        'invalid-hub',
        'no-headline',
        'not-found',
        'renamed',
        'syntax-error-span',
        'thin-prose',
        'too-many-anchors',
        'uncovered-anchor',
        'undocumented-symbol',
        'unknown-key',
        'unreadable-file',
        'unsupported-file',
      ]),
    );
  });

  it('renders exactly the engines’ own JSON for lint and check', async () => {
    const workspace = await loadWorkspace(repo.dir);
    const lint = await runLint(workspace);
    expect(renderJson(fromSurfLint(lint, { version: '0' })).out).toBe(`${JSON.stringify(lintJson(lint.findings), null, 2)}\n`);
    const check = await runCheck(workspace, { workers: 0 });
    expect(check.divergences.length).toBeGreaterThan(5);
    expect(renderJson(fromSurfCheck(check, { version: '0', workspace })).out).toBe(`${JSON.stringify(checkEnvelope(check.divergences), null, 2)}\n`);
  });
});
