import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLock, verifyLock, type VerifyResult as BoundverVerifyResult } from '@driftgate/boundver';
import { type Report, fromBoundverVerify, fromSurfCheck, fromSurfLint } from '@driftgate/report';
import { type CheckResult, type LintResult, type LoadedWorkspace, loadWorkspace, runCheck, runLint, runVerify } from '@driftgate/surf';
import { createTempRepo, type TempRepo } from './support/temp-repo.js';

// A small demo-like repository for the report goldens: two components (TypeScript and Python),
// two hubs, and after the setup commit one diverged claim, one clean, one unverified, one
// unresolvable and one stale ref; the boundver lock sees boundary + exact drift on `pricing`
// and exact-only drift on `ledger`.

const PRICING_V1 = `export function price(base: number, rate: number): number {
  return base * rate;
}

export function discount(total: number, percent: number): number {
  return total - (total * percent) / 100;
}
`;

const PRICING_V2 = PRICING_V1.replace('return base * rate;', 'return Math.round(base * rate * 100) / 100;');

const HUB = `---
summary: How a price is computed.
anchors:
  - claim: A price is the base amount multiplied by the rate, never rounded.
    at: packages/pricing/index.ts > price
  - claim: A discount takes a percentage off the total.
    at: packages/pricing/index.ts > discount
  - claim: Posting a ledger entry returns the amount it booked.
    at: services/ledger/api.py > post
  - claim: Refunds reverse a price.
    at: packages/pricing/index.ts > refund
    hash: 2:0123456789ab
---
# Pricing

Prices are computed in one place so that every service agrees on rounding. The pricing package
owns the arithmetic; the ledger books whatever the pricing package returns and never recomputes.
`;

const OVERVIEW = `---
summary: Where the money flows.
refs:
  - ./pricing.md
---
# Overview

The pricing package computes amounts and the ledger books them.
`;

const CONFIG = {
  project: 'report-demo',
  components: {
    pricing: { path: 'packages/pricing', boundary: { provider: 'path-hash', paths: ['index.ts'] }, consumers: ['ledger'] },
    ledger: { path: 'services/ledger', boundary: { provider: 'path-hash', paths: ['api.py'] } },
  },
  slices: { money: { components: ['ledger', 'pricing'], mode: 'boundary' } },
};

/** Fixed clock: stamps and ids written by `surf verify` are the same on every machine. */
const CLOCK = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };

const cliVersion = (tool: string): string =>
  (JSON.parse(readFileSync(fileURLToPath(new URL(`../tools/${tool}/package.json`, import.meta.url)), 'utf8')) as { version: string }).version;
/** The CLIs' versions, as each CLI reports itself in SARIF. */
export const SURF_VERSION = cliVersion('surf');
export const BOUNDVER_VERSION = cliVersion('boundver');

export interface DemoRun {
  readonly repo: TempRepo;
  readonly workspace: LoadedWorkspace;
  readonly check: CheckResult;
  readonly lint: LintResult;
  readonly verify: BoundverVerifyResult;
  readonly reports: Readonly<Record<'surf-check' | 'surf-lint' | 'boundver-verify', Report>>;
}

/** Builds the demo repository, runs the three commands and builds their reports. Dispose `repo`. */
export async function runDemo(): Promise<DemoRun> {
  const repo = createTempRepo({
    // Recipe 2: the goldens show the reference's stamps and spans.
    'surf.toml': 'hubs = ["hubs/*.md"]\nrecipe = 2\n',
    'packages/pricing/index.ts': PRICING_V1,
    'services/ledger/api.py': 'def post(entry):\n    return entry["amount"]\n',
    'services/ledger/README.md': '# Ledger\n',
    'hubs/pricing.md': HUB,
    'hubs/overview.md': OVERVIEW,
    'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
  });
  try {
    for (const target of ['packages/pricing/index.ts > price', 'packages/pricing/index.ts > discount']) {
      await runVerify(await loadWorkspace(repo.dir), { target, clock: CLOCK });
    }
    await generateLock({ cwd: repo.dir, source: 'working-tree' });
    repo.commit('stamp and lock');
    repo.write({ 'packages/pricing/index.ts': PRICING_V2, 'services/ledger/README.md': '# Ledger\n\nBooks entries.\n' });

    const workspace = await loadWorkspace(repo.dir);
    const check = await runCheck(workspace, { workers: 0 });
    const lint = await runLint(workspace);
    const verify = await verifyLock({ cwd: repo.dir, source: 'working-tree' });
    const lockText = readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8');
    const context = { version: SURF_VERSION, project: 'report-demo' };
    return {
      repo,
      workspace,
      check,
      lint,
      verify,
      reports: {
        'surf-check': fromSurfCheck(check, { ...context, workspace }),
        'surf-lint': fromSurfLint(lint, context),
        'boundver-verify': fromBoundverVerify(verify, { ...context, version: BOUNDVER_VERSION, lockText }),
      },
    };
  } catch (error) {
    repo.dispose();
    throw error;
  }
}
