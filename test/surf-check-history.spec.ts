import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// Old code comes from the claim's own history: once the logic change is committed (every CI run,
// every reviewer who pulls the branch) HEAD already holds the new code, so a check that read HEAD
// would call every change `small` with an empty diff. Real repositories, the built bin.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

function surf(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const ORIGINAL = `export function total(items: readonly number[]): number {
  let sum = 0;
  for (const item of items) sum += item;
  return sum;
}
`;
const REWRITTEN = `export function total(items: readonly number[]): number {
  const positive = items.filter((item) => item > 0);
  const rounded = positive.map((item) => Math.round(item * 100) / 100);
  return rounded.reduce((acc, item) => acc + item, 0) * (1 - discount(rounded.length));
}
`;

/** A repository whose one claim was verified, committed, and then its code rewritten and committed. */
function committedChange(): { repo: TempRepo; verifiedAt: string } {
  const repo = createTempRepo({
    'surf.toml': '',
    'src/calc.ts': ORIGINAL,
    'hubs/calc.md': '---\nsummary: totals\nanchors:\n  - claim: total adds every item\n    at: src/calc.ts > total\n---\n',
  });
  cleanups.push(() => repo.dispose());
  const verifiedAt = repo.git('rev-parse', 'HEAD');
  expect(surf(repo.dir, ['verify']).status).toBe(0);
  repo.commit('stamp the claim');
  repo.write({ 'src/calc.ts': REWRITTEN });
  repo.commit('change how totals are computed');
  return { repo, verifiedAt };
}

interface EnvelopeDivergence {
  kind: string;
  magnitude?: string;
  old_code?: string;
  new_code?: string;
  old_code_from?: string;
  history_missing?: string;
}

function check(dir: string): EnvelopeDivergence[] {
  const run = surf(dir, ['check', '--format', 'json']);
  expect(run.status, run.stderr).toBe(1);
  return (JSON.parse(run.stdout) as { divergences: EnvelopeDivergence[] }).divergences;
}

describe('surf check reads old code from the commit the claim was verified at', () => {
  it('a committed rewrite is still large, with the verified code as old code', () => {
    const { repo, verifiedAt } = committedChange();
    expect(readFileSync(join(repo.dir, 'hubs/calc.md'), 'utf8')).toContain(`verified_commit: ${verifiedAt}`);
    const [d] = check(repo.dir);
    expect(d).toMatchObject({ kind: 'changed', magnitude: 'large', old_code: ORIGINAL.trimEnd(), new_code: REWRITTEN.trimEnd(), old_code_from: verifiedAt });

    // The markdown headline names the revision the claims were read from, as each claim does.
    const markdown = surf(repo.dir, ['check', '--format', 'markdown']).stdout;
    expect(markdown).toContain(`read from git history at <code>${verifiedAt.slice(0, 12)}</code>`);
    expect(markdown).not.toContain('<code>HEAD</code>');

    const human = surf(repo.dir, ['check']);
    expect(human.stdout).toContain('magnitude: Large');
    expect(human.stderr).toContain(`read from git at ${verifiedAt.slice(0, 12)}`);
  });

  it('an uncommitted change still reads the stamped code from HEAD', () => {
    const { repo } = committedChange();
    const head = repo.git('rev-parse', 'HEAD');
    repo.write({ 'src/calc.ts': REWRITTEN.replace('* 100) / 100', '* 1000) / 1000') });
    const [d] = check(repo.dir);
    // HEAD's version does not hash to the stamp, the verified commit's does.
    expect(d!.old_code_from).not.toBe(head);
    expect(d!.old_code).toBe(ORIGINAL.trimEnd());
  });

  it('a depth-1 clone says the verified commit is missing and how to fetch it, instead of `small`', () => {
    const { repo, verifiedAt } = committedChange();
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-shallow-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const clone = spawnSync('git', ['clone', '-q', '--depth', '1', pathToFileURL(repo.dir).href, dir], { encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(clone.status, clone.stderr).toBe(0);
    expect(spawnSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: dir, encoding: 'utf8' }).stdout.trim()).toBe('true');

    const [d] = check(dir);
    expect(d!.kind).toBe('changed');
    expect(d!.history_missing).toBe(verifiedAt);
    expect(d!.magnitude).toBeUndefined();
    expect(d!.old_code).toBeUndefined();

    const human = surf(dir, ['check']);
    expect(human.stdout).toContain(`old code unknown: the claim was verified at ${verifiedAt.slice(0, 12)}, which this clone does not have`);
    expect(human.stdout).toContain(`git fetch origin ${verifiedAt}`);
    const markdown = surf(dir, ['check', '--format', 'markdown']);
    expect(markdown.stdout).toContain('Old code unknown');

    // Fetching the commit, as the message says, brings the old code back.
    const fetched = spawnSync('git', ['fetch', '-q', 'origin', verifiedAt], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(fetched.status, fetched.stderr).toBe(0);
    const [after] = check(dir);
    expect(after).toMatchObject({ magnitude: 'large', old_code: ORIGINAL.trimEnd(), old_code_from: verifiedAt });
  });
});

const ROUNDING = `def round_amount(value):
    return round(value, 2)


class Ledger:
    def post(self, entry):
        return entry["amount"]
`;
const ROUNDING_CHANGED = ROUNDING.replace('        return entry["amount"]', '        booked = round_amount(entry["amount"]) * entry.get("rate", 1)\n        self.entries.append(booked)\n        return booked');
const MULTI_HUB = `---
summary: rounding
anchors:
  - claim: The ledger posts amounts rounded like every other amount.
    at:
      - src/rounding.py > round_amount
      - src/rounding.py > Ledger > post
---
`;

/** A multi-site claim stamped and committed; then only its second site changed and committed. */
function committedMultiSiteChange(): { repo: TempRepo; verifiedAt: string } {
  const repo = createTempRepo({ 'surf.toml': '', 'src/rounding.py': ROUNDING, 'hubs/rounding.md': MULTI_HUB });
  cleanups.push(() => repo.dispose());
  const verifiedAt = repo.git('rev-parse', 'HEAD');
  expect(surf(repo.dir, ['verify']).status).toBe(0);
  repo.commit('stamp the claim');
  repo.write({ 'src/rounding.py': ROUNDING_CHANGED });
  repo.commit('post books the rounded amount');
  return { repo, verifiedAt };
}

const POST_LINE = ROUNDING.split('\n').findIndex((line) => line.includes('def post')) + 1;
const OLD_POST = '    def post(self, entry):\n        return entry["amount"]';

describe('a multi-site claim is graded from the commit it was verified at', () => {
  it('json carries the changed site’s old and new code, the magnitude over the changed sites and where the old code came from', () => {
    const { repo, verifiedAt } = committedMultiSiteChange();
    const [d] = check(repo.dir);
    expect(d).toMatchObject({ kind: 'changed', magnitude: 'large', old_code_from: verifiedAt });
    // Only `post` changed, so the code shown is `post`'s alone (round_amount is unchanged).
    expect(d!.old_code).toBe(OLD_POST.trimStart());
    expect(d!.new_code).toContain('self.entries.append(booked)');
    expect(d!.new_code).not.toContain('round(value, 2)');
  });

  it('every format locates the first changed site and says it changed since the verified commit', () => {
    const { repo, verifiedAt } = committedMultiSiteChange();
    const short = verifiedAt.slice(0, 12);
    const sarif = JSON.parse(surf(repo.dir, ['check', '--format', 'sarif']).stdout) as any;
    const [result] = sarif.runs[0].results;
    expect(result.locations[0].physicalLocation).toMatchObject({ artifactLocation: { uri: 'src/rounding.py' }, region: { startLine: POST_LINE } });
    const messages = result.relatedLocations.map((r: any) => r.message.text);
    expect(messages).toContain(`site 1 of 2: src/rounding.py > round_amount (unchanged since ${short})`);
    expect(messages.join('\n')).not.toContain('> post (unchanged');

    const junit = surf(repo.dir, ['check', '--format', 'junit']).stdout;
    expect(junit).toMatch(new RegExp(`file="src/rounding.py" line="${POST_LINE}"`));

    const github = surf(repo.dir, ['check', '--format', 'github']).stdout;
    expect(github).toContain(`::error file=src/rounding.py,line=${POST_LINE},`);

    const quality = JSON.parse(surf(repo.dir, ['check', '--format', 'codequality']).stdout) as any[];
    expect(quality[0].location).toEqual({ path: 'src/rounding.py', lines: { begin: POST_LINE } });

    const markdown = surf(repo.dir, ['check', '--format', 'markdown']).stdout;
    expect(markdown).not.toContain('(not available)');
    expect(markdown).toContain('return entry[&quot;amount&quot;]');
  });
});
