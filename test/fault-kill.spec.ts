// SIGKILL at seeded points while the gates write what people care about: hubs (`surf verify`
// over 20 hubs), the lock (`boundver generate`, `verify --update`) and reports (`--report`).
// Afterwards every file holds its old or its new content, never a mix; nothing of ours is left
// beside it once the next run has finished; and that re-run completes the job. Runs the built bins.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
/** What `surf triage` runs once the user confirms: every diverged claim accepted, written through applyDecisions. */
const TRIAGE_WRITE = fileURLToPath(new URL('./support/triage-accept-all.mjs', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
/** Kill points per command; the issue asks for at least 50. */
const POINTS = Number(process.env['DRIFTGATE_KILL_POINTS'] ?? 50);
const SEED = 0x5eed;

const ENV = { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', SURF_WORKERS: '0' };

/** A small deterministic PRNG (mulberry32), so a failing point can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function runSync(bin: string, cwd: string, args: readonly string[]): { code: number | null; out: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: ENV });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Runs the command and SIGKILLs it after `delayMs` (if it is still running); resolves when it is gone. */
function runKilled(bin: string, cwd: string, args: readonly string[], delayMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: ENV, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? 'killed' : 'finished');
    });
  });
}

/**
 * Every file under `dir`, relative, sorted: not `.git`, `node_modules` or surf's result cache
 * (`.surf-cache`), which a check may refresh and which holds none of the user's bytes; a cache a
 * kill cut short is ignored and rebuilt by the next run.
 */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith('.git/') && !path.startsWith('node_modules/') && !path.startsWith('.surf-cache/'))
    .sort();
}

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

interface Campaign {
  /** Files the command writes, with their content before it ran (null: absent) and after an uninterrupted run. */
  readonly watched: ReadonlyMap<string, { readonly old: string | null; readonly new: string }>;
  /** The tree's file list before the command, and after an uninterrupted run. */
  readonly filesBefore: readonly string[];
  readonly filesAfter: readonly string[];
  /** Runtime of one uninterrupted run, ms. */
  readonly runtimeMs: number;
}

/**
 * Kills `args` at POINTS seeded moments spread over its runtime. Before each point the watched
 * files are put back to their old content; after it each must be old or new (compared through
 * `normalize`, which drops per-run provenance), and after a re-run, new, with no other file left.
 */
async function killCampaign(repo: TempRepo, bin: string, args: readonly string[], campaign: Campaign, normalize: (text: string) => string = (text) => text) {
  const random = prng(SEED);
  let killed = 0;
  for (let point = 0; point < POINTS; point++) {
    for (const [path, { old }] of campaign.watched) {
      if (old === null) rmSync(join(repo.dir, path), { force: true });
      else writeFileSync(join(repo.dir, path), old);
    }
    // Spread over the whole run, start-up included, and a little past its usual end.
    const delay = Math.floor(random() * campaign.runtimeMs * 1.1);
    if ((await runKilled(bin, repo.dir, args, delay)) === 'killed') killed++;
    const label = `seed ${SEED} point ${point} (kill after ${delay} ms of ~${Math.round(campaign.runtimeMs)} ms)`;
    for (const [path, states] of campaign.watched) {
      const full = join(repo.dir, path);
      const now = existsSync(full) ? readFileSync(full, 'utf8') : null;
      const allowed = [states.old === null ? null : normalize(states.old), normalize(states.new)];
      expect(allowed, `${label}: ${path} is neither its old nor its new content`).toContain(now === null ? null : normalize(now));
    }
    // Whatever is left over must be gone once the next run has finished.
    const rerun = runSync(bin, repo.dir, args);
    expect(rerun.code === 0 || rerun.code === 1, `${label}: re-run: ${rerun.out}`).toBe(true);
    for (const [path, states] of campaign.watched) expect(normalize(readFileSync(join(repo.dir, path), 'utf8')), `${label}: ${path} after the re-run`).toBe(normalize(states.new));
    expect(files(repo.dir), `${label}: files after the re-run`).toEqual(campaign.filesAfter);
  }
  return { points: POINTS, killed };
}

const summary: string[] = [];
afterAll(() => {
  if (summary.length > 0) console.log(`fault-kill.spec: ${summary.join('; ')}`);
});

describe('SIGKILL while surf verify stamps 20 hubs', () => {
  let repo: TempRepo;
  let campaign: Campaign;
  beforeAll(() => {
    const tree: Record<string, string> = { 'surf.toml': 'hubs = ["hubs/*.md"]\n' };
    for (let h = 0; h < 20; h++) {
      tree[`src/m${h}.ts`] = Array.from({ length: 15 }, (_, i) => `export function f${i}(x: number): number {\n  return x * ${h} + ${i};\n}\n`).join('\n');
      tree[`hubs/h${h}.md`] = `---\nsummary: module ${h}\nanchors:\n${Array.from({ length: 15 }, (_, i) => `  - claim: f${i} of m${h} scales by ${h} and adds ${i}\n    at: src/m${h}.ts > f${i}\n`).join('')}refs: []\n---\n\n# m${h}\n`;
    }
    repo = createTempRepo(tree);
    const hubs = Object.keys(tree).filter((path) => path.startsWith('hubs/'));
    const filesBefore = files(repo.dir);
    const old = new Map(hubs.map((hub) => [hub, readFileSync(join(repo.dir, hub), 'utf8')]));
    const runtimeMs = timed(() => expect(runSync(SURF, repo.dir, ['verify']).code).toBe(0));
    const watched = new Map(hubs.map((hub) => [hub, { old: old.get(hub)!, new: readFileSync(join(repo.dir, hub), 'utf8') }]));
    campaign = { watched, filesBefore, filesAfter: files(repo.dir), runtimeMs };
  });
  afterAll(() => repo?.dispose());

  it(`leaves each hub old or new at ${POINTS} kill points, and a re-run stamps them all`, async () => {
    // Provenance differs from run to run: the time of the stamp and a new claim id.
    const normalize = (text: string) => text.replace(/^ {4}(verified_at|id|verified_commit): .*\n/gm, '');
    const result = await killCampaign(repo, SURF, ['verify'], campaign, normalize);
    summary.push(`surf verify: ${result.points} points, ${result.killed} killed mid-run`);
  }, 600_000);
});

describe('SIGKILL while boundver writes the lock', () => {
  let repo: TempRepo;
  beforeAll(() => {
    const tree: Record<string, string> = {};
    const components: Record<string, unknown> = {};
    for (let c = 0; c < 12; c++) {
      for (let f = 0; f < 20; f++) tree[`pkg/c${c}/src/f${f}.ts`] = `export const v${f} = ${c * 100 + f};\n`.repeat(20);
      components[`c${c}`] = { path: `pkg/c${c}`, boundary: { provider: 'path-hash', paths: ['src/f0.ts'] } };
    }
    tree['boundary.config.json'] = `${JSON.stringify({ project: 'kill', components }, null, 2)}\n`;
    repo = createTempRepo(tree);
    expect(runSync(BOUNDVER, repo.dir, ['generate']).code).toBe(0);
    repo.commit('lock');
    // Drift in every component, so that there is a new lock to write.
    for (let c = 0; c < 12; c++) writeFileSync(join(repo.dir, `pkg/c${c}/src/f0.ts`), `export const v0 = ${c};\n`);
    repo.commit('drift');
  });
  afterAll(() => repo?.dispose());

  it.each([
    ['generate', ['generate']],
    ['verify --update', ['verify', '--update', '--source', 'working-tree']],
  ] as const)(`boundver %s: the lock is old or new at ${POINTS} kill points, and a re-run writes it`, async (name, args) => {
    const lock = 'boundary.lock.json';
    const old = readFileSync(join(repo.dir, lock), 'utf8');
    const filesBefore = files(repo.dir);
    const runtimeMs = timed(() => runSync(BOUNDVER, repo.dir, args));
    // (verify --update rewrites the working-tree lock from the working tree.)
    const next = readFileSync(join(repo.dir, lock), 'utf8');
    expect(next).not.toBe(old);
    const campaign = { watched: new Map([[lock, { old, new: next }]]), filesBefore, filesAfter: files(repo.dir), runtimeMs };
    const result = await killCampaign(repo, BOUNDVER, args, campaign);
    writeFileSync(join(repo.dir, lock), old);
    summary.push(`boundver ${name}: ${result.points} points, ${result.killed} killed mid-run`);
  }, 600_000);
});

describe('SIGKILL while reports are written', () => {
  let repo: TempRepo;
  beforeAll(() => {
    const tree: Record<string, string> = { 'surf.toml': 'hubs = ["hubs/*.md"]\n' };
    tree['src/m.ts'] = Array.from({ length: 200 }, (_, i) => `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`).join('\n');
    tree['hubs/m.md'] = `---\nanchors:\n${Array.from({ length: 200 }, (_, i) => `  - claim: f${i} adds ${i}\n    at: src/m.ts > f${i}\n`).join('')}refs: []\n---\n`;
    repo = createTempRepo(tree);
  });
  afterAll(() => repo?.dispose());

  it(`surf check --report: each report is absent or whole at ${POINTS} kill points`, async () => {
    const args = ['check', '--report', 'json=reports/check.json', '--report', 'junit=reports/check.xml', '--report', 'sarif=reports/check.sarif'];
    rmSync(join(repo.dir, 'reports'), { recursive: true, force: true });
    const filesBefore = files(repo.dir);
    const runtimeMs = timed(() => runSync(SURF, repo.dir, args));
    const reports = ['reports/check.json', 'reports/check.xml', 'reports/check.sarif'];
    const watched = new Map(reports.map((path) => [path, { old: null, new: readFileSync(join(repo.dir, path), 'utf8') }]));
    const result = await killCampaign(repo, SURF, args, { watched, filesBefore, filesAfter: files(repo.dir), runtimeMs });
    summary.push(`surf check --report: ${result.points} points, ${result.killed} killed mid-run`);
  }, 600_000);
});

describe('SIGKILL while triage writes its accepted decisions', () => {
  let repo: TempRepo;
  beforeAll(() => {
    const tree: Record<string, string> = { 'surf.toml': 'hubs = ["hubs/*.md"]\n' };
    for (let h = 0; h < 3; h++) {
      tree[`src/t${h}.ts`] = Array.from({ length: 3 }, (_, i) => `export function g${i}(x: number): number {\n  return x + ${i};\n}\n`).join('\n');
      tree[`hubs/t${h}.md`] = `---\nanchors:\n${Array.from({ length: 3 }, (_, i) => `  - claim: g${i} adds ${i}\n    at: src/t${h}.ts > g${i}\n`).join('')}refs: []\n---\n`;
    }
    repo = createTempRepo(tree);
    expect(runSync(SURF, repo.dir, ['verify']).code).toBe(0);
    repo.commit('stamped');
    // Every claim diverges, so triage has 9 decisions to write, hub by hub, each hub whole.
    for (let h = 0; h < 3; h++) writeFileSync(join(repo.dir, `src/t${h}.ts`), readFileSync(join(repo.dir, `src/t${h}.ts`), 'utf8').replaceAll('x + ', 'x - '));
  });
  afterAll(() => repo?.dispose());

  it(`leaves each hub whole, each claim old or new, at ${POINTS} kill points; writing again completes`, async () => {
    const hubs = [0, 1, 2].map((h) => `hubs/t${h}.md`);
    const stamps = (text: string) => [...text.matchAll(/^ {4}hash: (\S+)$/gm)].map((m) => m[1]!);
    const old = new Map(hubs.map((hub) => [hub, readFileSync(join(repo.dir, hub), 'utf8')]));
    const filesBefore = files(repo.dir);
    const runtimeMs = timed(() => expect(runSync(TRIAGE_WRITE, repo.dir, []).code).toBe(0));
    const next = new Map(hubs.map((hub) => [hub, readFileSync(join(repo.dir, hub), 'utf8')]));
    const random = prng(SEED);
    let killed = 0;
    for (let point = 0; point < POINTS; point++) {
      for (const [hub, text] of old) writeFileSync(join(repo.dir, hub), text);
      const delay = Math.floor(random() * runtimeMs * 1.1);
      if ((await runKilled(TRIAGE_WRITE, repo.dir, [], delay)) === 'killed') killed++;
      const label = `seed ${SEED} point ${point} (kill after ${delay} ms of ~${Math.round(runtimeMs)} ms)`;
      for (const hub of hubs) {
        // A hub's decisions are written in one write: it holds all its old stamps or all its new ones.
        const now = stamps(readFileSync(join(repo.dir, hub), 'utf8'));
        const before = stamps(old.get(hub)!);
        const after = stamps(next.get(hub)!);
        expect([JSON.stringify(before), JSON.stringify(after)], `${label}: ${hub}`).toContain(JSON.stringify(now));
      }
      const rerun = runSync(TRIAGE_WRITE, repo.dir, []);
      expect(rerun.code, `${label}: ${rerun.out}`).toBe(0);
      for (const hub of hubs) expect(stamps(readFileSync(join(repo.dir, hub), 'utf8')), `${label}: ${hub} after writing again`).toEqual(stamps(next.get(hub)!));
      expect(files(repo.dir), `${label}: files`).toEqual(filesBefore);
    }
    summary.push(`triage write: ${POINTS} points, ${killed} killed mid-run`);
  }, 600_000);
});
