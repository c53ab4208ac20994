import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { median, quantile } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo } from '../synthetic-repo.js';
import { surfBin } from './surf.js';

/** Bump when the workload below changes, so cached copies are rebuilt. */
const GENERATOR_VERSION = 1;
const FILES = 10;

/** Function `i` of a file: its body grows with `i % 7`, so the edit below grades small to large. */
function fn(i: number, edited: boolean): string {
  const extra = Array.from({ length: i % 7 }, (_, k) => `  total += items[${k}] ?? ${k};`).join('\n');
  const body = edited ? `${extra.replaceAll('total +=', 'total -=')}\n  total = total * 2 + ${i};` : extra;
  return `export function f${i}(items: number[]): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

/** `divergences` claims over {@link FILES} files, stamped and committed; then every function edited in the working tree. */
async function ensureTriageWorkspace(workDir: string, divergences: number): Promise<string> {
  const dir = join(workDir, `triage-${divergences}`);
  await cachedSyntheticRepo(dir, { generator: GENERATOR_VERSION, divergences }, `a workspace with ${divergences} diverged claims`, async (target) => {
    const perFile = Math.ceil(divergences / FILES);
    const files = Array.from({ length: FILES }, (_, f) => {
      const ids = Array.from({ length: perFile }, (_, k) => f * perFile + k).filter((i) => i < divergences);
      return { f, ids };
    });
    await buildSyntheticRepo(target, [
      { path: 'surf.toml', content: Buffer.from('') },
      ...files.flatMap(({ f, ids }) => [
        { path: `src/m${f}.ts`, content: Buffer.from(ids.map((i) => fn(i, false)).join('\n')) },
        {
          path: `hubs/m${f}.md`,
          content: Buffer.from(`---\nsummary: module ${f}\nanchors:\n${ids.map((i) => `  - claim: f${i} totals the items its own way (${i})\n    at: src/m${f}.ts > f${i}\n`).join('')}---\n# Module ${f}\n`),
        },
      ]),
    ]);
    const git = (...args: string[]) => spawnSync('git', args, { cwd: target, encoding: 'utf8' });
    git('checkout', '-q', '-f', 'main');
    const stamped = spawnSync(process.execPath, [surfBin, 'verify'], { cwd: target, encoding: 'utf8' });
    if (stamped.status !== 0) throw new Error(`surf verify failed: ${stamped.stderr}`);
    git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-qam', 'stamp');
    for (const { f, ids } of files) writeFileSync(join(target, `src/m${f}.ts`), ids.map((i) => fn(i, true)).join('\n'));
    return {};
  });
  return dir;
}

const ANSI = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[()][0-9A-B]|[=>78])/g;

/**
 * `surf triage` in a pseudo-terminal of `columns`×`rows` (util-linux `script`), its screen output
 * read as a stream: `waitFor` resolves once the output since a mark holds a text.
 */
function triageInPty(bin: string, dir: string, columns: number, rows: number) {
  const inner = `stty cols ${columns} rows ${rows}; exec /usr/bin/time -f 'BENCH-CPU %U %S' ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} triage`;
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color' };
  delete env['CI'];
  const started = performance.now();
  const child = spawn('script', ['-q', '-e', '-c', inner, '/dev/null'], { cwd: dir, env, stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  let waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8').replace(ANSI, '');
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    started,
    mark: () => text.length,
    async waitFor(needle: string, from: number, bound = 120_000): Promise<number> {
      const deadline = performance.now() + bound;
      while (!text.slice(from).includes(needle)) {
        if (performance.now() > deadline) throw new Error(`triage bench: timed out waiting for ${JSON.stringify(needle)}; screen tail:\n${text.slice(-2000)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return performance.now();
    },
    send: (keys: string) => void child.stdin.write(keys),
    async end(): Promise<{ user: number; sys: number }> {
      child.stdin.end();
      await exited;
      const cpu = /BENCH-CPU ([\d.]+) ([\d.]+)/.exec(text);
      waiters = [];
      return { user: Number(cpu?.[1] ?? NaN), sys: Number(cpu?.[2] ?? NaN) };
    },
  };
}

interface SizeResult {
  firstFrameMs: number[];
  keyMs: number[];
  cpu: Array<{ user: number; sys: number }>;
}

async function measureSize(bin: string, dir: string, divergences: number, columns: number, rows: number, runs: number, moves: number): Promise<SizeResult> {
  const out: SizeResult = { firstFrameMs: [], keyMs: [], cpu: [] };
  for (let run = 0; run < runs; run++) {
    const t = triageInPty(bin, dir, columns, rows);
    const first = await t.waitFor(`Reviewing [1/${divergences}]`, 0);
    out.firstFrameMs.push(first - t.started);
    // Down `moves` items and back: each key waits for the header to name the new position.
    let at = 1;
    for (let k = 0; k < 2 * moves; k++) {
      const down = k < moves;
      at += down ? 1 : -1;
      const mark = t.mark();
      const sent = performance.now();
      t.send(down ? 'j' : 'k');
      // Incremental rendering rewrites a line from its first changed cell: `[12/` → `[13/` sends
      // `3/500]…`, so the wait is for the last digit on, which a full redraw sends too.
      out.keyMs.push((await t.waitFor(`${at % 10}/${divergences}]`, mark)) - sent);
    }
    const mark = t.mark();
    t.send('q');
    await t.waitFor('cancelled', mark);
    out.cpu.push(await t.end());
  }
  return out;
}

/** Wall and CPU time of `surf check` over the same workspace (exit 1: everything diverged). */
function checkTimes(bin: string, dir: string, runs: number): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const done = spawnSync('/usr/bin/time', ['-f', 'BENCH-CPU %U %S', process.execPath, bin, 'check'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    wall.push(performance.now() - started);
    if (done.status !== 1) throw new Error(`surf check exited ${done.status}, not 1: ${done.stderr.slice(-500)}`);
    const match = /BENCH-CPU ([\d.]+) ([\d.]+)/.exec(done.stderr);
    cpu.push(Number(match?.[1] ?? NaN) + Number(match?.[2] ?? NaN));
  }
  return { wall, cpu };
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A view to measure: the shipped bundle, or the view rebuilt with another ink release (`7.1.1`),
 * optionally with ink's incremental rendering (`6.8.0+incremental`, `shipped+incremental`).
 */
interface ViewVariant {
  readonly label: string;
  readonly bin: string;
}

/**
 * `--ink a,b`: each a `surf` bin whose triage view is bundled with that ink (installed from the
 * registry under the work dir, with the React minor its peer range starts at, which is the one
 * its reconciler is built for). The bin is a copy of the built one beside the repository's
 * node_modules, so it resolves the grammars as the shipped bin does.
 */
function viewVariant(spec: string, workDir: string): ViewVariant {
  const [version, mode] = spec.split('+') as [string, string | undefined];
  if (version === 'shipped' && mode === undefined) return { label: 'shipped', bin: surfBin };
  if (mode !== undefined && mode !== 'incremental') throw new Error(`--ink ${spec}: the only mode is +incremental`);
  const label = spec.replace(/[^\w.+-]/g, '_');
  const args = ['tools/build/bundle-triage-view.mjs'];
  if (version !== 'shipped') {
    const installed = join(workDir, 'ink', version);
    if (!existsSync(join(installed, 'node_modules', 'ink', 'package.json'))) {
      const peer = spawnSync('npm', ['view', `ink@${version}`, 'peerDependencies.react'], { encoding: 'utf8' });
      const floor = /(\d+)\.(\d+)\.\d+/.exec(peer.stdout);
      if (peer.status !== 0 || floor === null) throw new Error(`--ink ${version}: npm view ink@${version} gave no React peer range: ${peer.stderr.slice(-400)}`);
      mkdirSync(installed, { recursive: true });
      writeFileSync(join(installed, 'package.json'), '{ "private": true }\n');
      const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', `ink@${version}`, `react@~${floor[1]}.${floor[2]}.0`], { cwd: installed, encoding: 'utf8' });
      if (install.status !== 0) throw new Error(`--ink ${version}: npm install failed: ${install.stderr.slice(-800)}`);
    }
    args.push('--ink-from', installed);
  }
  if (mode === 'incremental') args.push('--incremental');
  const copy = join(ROOT, 'node_modules', '.cache', 'driftgate', 'ink-bench', label);
  rmSync(copy, { recursive: true, force: true });
  for (const part of ['tools/surf/bin', 'tools/surf/dist', 'tools/surf/package.json', 'tools/node-support']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  const built = spawnSync(process.execPath, [...args, '--out', join(copy, 'tools/surf/dist/triage-view.js')], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`--ink ${spec}: bundling the view failed: ${built.stderr.slice(-800)}`);
  const react = version === 'shipped' ? '' : ` with React ${JSON.parse(readFileSync(join(workDir, 'ink', version, 'node_modules', 'react', 'package.json'), 'utf8')).version}`;
  return { label: `ink ${version === 'shipped' ? 'as shipped' : version}${react}${mode === 'incremental' ? ', incremental rendering' : ''}`, bin: join(copy, 'tools/surf/bin/surf.js') };
}

export const triageBenchmark: Benchmark = {
  name: 'triage',
  description: '`surf triage` in a pseudo-terminal over 500 divergences: key → frame at 120×40 and 60×15, and start to first frame vs `surf check`; `--ink 7.1.1,8.0.0+incremental` also measures the view bundled with other ink releases',
  async run(options: BenchOptions): Promise<void> {
    const divergences = Math.max(10, Math.round(500 * options.scale));
    const dir = await ensureTriageWorkspace(options.workDir, divergences);
    const variants = ['shipped', ...(options.ink ?? [])].map((spec) => viewVariant(spec, options.workDir));
    process.stdout.write(`  ${divergences} diverged claims in ${FILES} hubs; ${options.runs} runs each; wall and CPU (user+sys) time\n`);
    for (const variant of variants) {
      // A copied bin has its own engine key: one check first, so every variant starts warm.
      checkTimes(variant.bin, dir, 1);
      const check = checkTimes(variant.bin, dir, options.runs);
      const checkMedian = median(check.wall);
      process.stdout.write(`  ${variant.label}\n    surf check: median ${ms(checkMedian)} wall, ${median(check.cpu).toFixed(2)} s CPU\n`);
      for (const [columns, rows] of [
        [120, 40],
        [60, 15],
      ] as const) {
        const r = await measureSize(variant.bin, dir, divergences, columns, rows, options.runs, 20);
        const first = median(r.firstFrameMs);
        const p95 = quantile(r.keyMs, 0.95);
        process.stdout.write(
          `    ${columns}×${rows}: first frame median ${ms(first)} (check + ${ms(first - checkMedian)}; goal ≤ check + 300 ms); ` +
            `key → frame median ${ms(median(r.keyMs))}, p95 ${ms(p95)}, worst ${ms(Math.max(...r.keyMs))} over ${r.keyMs.length} keys (goal p95 ≤ 50 ms at 120×40); ` +
            `session CPU median ${median(r.cpu.map((c) => c.user + c.sys)).toFixed(2)} s\n`,
        );
      }
    }
  },
};
