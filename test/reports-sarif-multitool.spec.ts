import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SARIF_LIMITS, fromSurfCheck, mergeSarif, renderReport } from '@driftgate/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedDivergence, checkResultOf } from './support/synthetic-divergences.js';

// `sarif validate` of @microsoft/sarif-multitool (a self-contained .NET binary per platform inside
// the npm package) over every SARIF golden and over logs at GitHub's limits, with its SARIF and
// GitHub rule sets: no error and no warning. Its notes are suggestions we deliberately do not
// follow (docs/ci.md, "How results map"):
//   SARIF2002 message `id` + `arguments` instead of `text`: the text is the finding; we ship no
//             message strings table.
//   SARIF2003 no `versionControlProvenance`, SARIF2010 no `snippet`, SARIF2011 no `contextRegion`:
//             reports carry no commit id and no source text, so the same inputs give the same bytes.
//   SARIF2006 `$schema` unreachable: only when the machine is offline.
//   SARIF2009 `/` in rule ids: `surf/changed` etc. are the ids every other format (JUnit type,
//             GitHub annotation title, Code Quality check_name) names.
//   SARIF2012 no help URI per rule: the rules' `help` text says what to do.

const GOLDENS = fileURLToPath(new URL('../fixtures/report-goldens/', import.meta.url));
const NOTES_WE_DO_NOT_FOLLOW = new Set(['SARIF2002', 'SARIF2003', 'SARIF2006', 'SARIF2009', 'SARIF2010', 'SARIF2011', 'SARIF2012']);

/** The platform binary the package's own `bin.js` would spawn. */
const MULTITOOL: string = createRequire(import.meta.url)('@microsoft/sarif-multitool');

const work = mkdtempSync(join(tmpdir(), 'sarif-multitool-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let validations = 0;

interface Finding {
  readonly ruleId: string;
  readonly level: string;
  readonly text: string;
}

/**
 * SARIF2006 tries to fetch every URI of a log (its `$schema` too). Where this test may make a
 * network namespace of its own (root, as in CI), the validator runs in one with no interfaces, so
 * no request leaves the machine; the rule then reports the URI as unreachable, a note we ignore.
 */
const OFFLINE: readonly string[] = (() => {
  try {
    execFileSync('unshare', ['--net', 'true'], { stdio: 'ignore' });
    return ['unshare', '--net', '--'];
  } catch {
    return [];
  }
})();

/** Runs `sarif validate` on one file and returns what it found at the given levels. */
function validate(file: string, levels: string): Finding[] {
  const out = join(work, `validation-${++validations}.sarif`);
  const argv = [MULTITOOL, 'validate', file, '--output', out, '--rule-kind', 'Sarif;Gh', '--level', levels, '--quiet'];
  execFileSync(OFFLINE[0] ?? MULTITOOL, OFFLINE.length > 0 ? [...OFFLINE.slice(1), ...argv] : argv.slice(1), {
    // The binary needs no ICU with invariant globalization, and reports nothing to anyone.
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
    // Findings go to the output log; the console copy of them can exceed any pipe buffer.
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
  const log = JSON.parse(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''));
  const run = log.runs[0];
  const failures = (run.invocations ?? []).flatMap((invocation: any) => [...(invocation.toolExecutionNotifications ?? []), ...(invocation.toolConfigurationNotifications ?? [])]);
  expect(failures.filter((n: any) => n.level === 'error'), 'the multitool itself reported a problem').toEqual([]);
  return (run.results ?? []).map((r: any) => ({ ruleId: r.ruleId, level: r.level ?? 'warning', text: r.message?.text ?? JSON.stringify(r.message?.arguments ?? []) }));
}

describe('sarif-multitool validate', () => {
  // npm 11 does not run dependencies' install scripts unless allowed, and this package's only
  // marks its binary executable (`chmod u+x`): do the same here, so a fresh `npm ci` can run it.
  beforeAll(() => {
    try {
      accessSync(MULTITOOL, constants.X_OK);
    } catch {
      chmodSync(MULTITOOL, statSync(MULTITOOL).mode | 0o100);
    }
  });

  it('the binary runs here', () => {
    expect(() => accessSync(MULTITOOL, constants.X_OK), `${MULTITOOL} is not executable`).not.toThrow();
  });

  it('rejects a log that breaks the schema and a region that is inconsistent', () => {
    const log = JSON.parse(readFileSync(`${GOLDENS}surf-check.sarif`, 'utf8'));
    log.runs[0].results[0].locations[0].physicalLocation.region.endLine = 0;
    const file = join(work, 'broken.sarif');
    writeFileSync(file, JSON.stringify(log, null, 2));
    expect(validate(file, 'Error;Warning').map((f) => f.ruleId).sort()).toEqual(['JSON1008', 'SARIF1007']);
  });

  const cases: Array<[string, () => string]> = [
    ...['surf-check', 'surf-lint', 'boundver-verify'].map((name): [string, () => string] => [`${name}.sarif (golden)`, () => `${GOLDENS}${name}.sarif`]),
    [
      `a log cut at ${SARIF_LIMITS.resultsPerRun} results, with many related locations`,
      () => {
        const divergences = [changedDivergence(0, 1200), ...Array.from({ length: SARIF_LIMITS.resultsPerRun }, (_, n) => changedDivergence(n + 1, n % 3 === 0 ? 2 : 1))];
        const file = join(work, 'limits.sarif');
        writeFileSync(file, renderReport(fromSurfCheck(checkResultOf(divergences), { version: '0' }), 'sarif').out);
        return file;
      },
    ],
    [
      'the goldens merged with two projects\' logs that together exceed the per-run limit (surf merge-sarif)',
      () => {
        const half = (from: number): string => {
          const divergences = [changedDivergence(0, 2), ...Array.from({ length: SARIF_LIMITS.resultsPerRun / 2 + 5 }, (_, n) => changedDivergence(from + n, 1))];
          return renderReport(fromSurfCheck(checkResultOf(divergences), { version: '0' }), 'sarif').out;
        };
        const goldens = ['boundver-verify', 'surf-check', 'surf-lint'].map((name) => ({ file: `${name}.sarif`, text: readFileSync(`${GOLDENS}${name}.sarif`, 'utf8') }));
        const merged = mergeSarif([...goldens, { file: 'a.sarif', text: half(1) }, { file: 'b.sarif', text: half(SARIF_LIMITS.resultsPerRun) }]);
        expect(merged.duplicates).toBe(1);
        expect(merged.omitted).toBeGreaterThan(0);
        const file = join(work, 'merged.sarif');
        writeFileSync(file, merged.out);
        return file;
      },
    ],
  ];
  for (const [name, file] of cases) {
    it(`${name}: no error, no warning, and only the notes we deliberately do not follow`, () => {
      const path = file();
      const findings = validate(path, 'Error;Warning;Note');
      expect(findings.filter((f) => f.level !== 'note')).toEqual([]);
      expect(findings.filter((n) => !NOTES_WE_DO_NOT_FOLLOW.has(n.ruleId))).toEqual([]);
    });
  }
});
