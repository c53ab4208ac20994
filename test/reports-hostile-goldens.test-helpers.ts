import { generateLock, verifyLock } from '@driftgate/boundver';
import { type Report, fromBoundverVerify, fromSurfCheck } from '@driftgate/report';
import { loadWorkspace, runCheck, runVerify } from '@driftgate/surf';
import { createTempRepo, type TempRepo } from './support/temp-repo.js';

// Hostile text for the goldens of the CI-facing formats (GitHub workflow commands, Markdown
// summaries, GitLab Code Quality): claim prose and code holding newlines, `%`, `::`, `,`, table
// pipes, HTML, backticks and ANSI escapes, an anchored file whose path holds `,`, `%` and a pipe,
// and a boundver component whose name holds all of them but the comma (which component names refuse). One claim is stamped and then changed, so
// the surf check report carries old and new code (and an advisory magnitude); two unstamped claims
// on one symbol share a finding identity. The changed claim is not the hub's first, so an order by
// magnitude shows.

/** YAML double-quoted escapes (also JSON escapes). */
export const HOSTILE_PROSE =
  'Adds two numbers.\\nSecond line: 100% sure, ::error file=x,line=1::pwned\\r\\n| a | b | `tick` ``two`` <script>alert(1)</script> </details> &amp; *bold* [link](http://x) \\u001b[31mred\\u001b[0m @here';

const ODD_PATH = 'src/odd,50%|x.rs';

const CODE_V1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n';
const CODE_V2 = 'pub fn add(a: i64, b: i64) -> i64 {\n    let _s = "</pre></details><b>`x`</b> | %0A ::warning::";\n    a + b + 1\n}\n';

const HUB = `---
summary: hostile
anchors:
  - claim: "${HOSTILE_PROSE}"
    at: "src/m.rs > add\\u001b[31m|<b>"
    hash: 2:000000000000
  - claim: "${HOSTILE_PROSE}"
    at: ${JSON.stringify(`${ODD_PATH} > add`)}
  - claim: "New claim, never stamped: 5% | \`x\`"
    at: src/m.rs > add
  - claim: A second claim on the same symbol, never stamped either.
    at: src/m.rs > add
---
# Hostile
`;

const EVIL_COMPONENT = 'ev\u001b[31mil50%:|<b>`x`::';

const CLOCK = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };

export interface HostileRun {
  readonly repo: TempRepo;
  readonly reports: Readonly<Record<'hostile-surf-check' | 'hostile-boundver-verify', Report>>;
}

/** Builds the hostile repository and the surf check and boundver verify reports of it. Dispose `repo`. */
export async function runHostile(): Promise<HostileRun> {
  const repo = createTempRepo({
    // Recipe 2: the goldens show the reference's stamps and spans.
    'surf.toml': 'hubs = ["hubs/*.md"]\nrecipe = 2\n',
    [ODD_PATH]: CODE_V1,
    'src/m.rs': CODE_V1,
    'hubs/hostile.md': HUB,
    'api/impl.ts': 'export const a = 1;\n',
    'boundary.config.json': `${JSON.stringify({ project: 'hostile', components: { [EVIL_COMPONENT]: { path: 'api', boundary: { provider: 'leaf' } } } }, null, 2)}\n`,
  });
  try {
    await runVerify(await loadWorkspace(repo.dir), { target: `${ODD_PATH} > add`, clock: CLOCK });
    await generateLock({ cwd: repo.dir, source: 'working-tree' });
    repo.commit('stamp and lock');
    repo.write({ [ODD_PATH]: CODE_V2, 'api/impl.ts': 'export const a = 2;\n' });
    const workspace = await loadWorkspace(repo.dir);
    const context = { version: '0.0.0-test', project: 'hostile' };
    return {
      repo,
      reports: {
        'hostile-surf-check': fromSurfCheck(await runCheck(workspace, { workers: 0 }), { ...context, workspace }),
        'hostile-boundver-verify': fromBoundverVerify(await verifyLock({ cwd: repo.dir, source: 'working-tree' }), context),
      },
    };
  } catch (error) {
    repo.dispose();
    throw error;
  }
}
