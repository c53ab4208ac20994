import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './registry.js';
import { dropStartupOnlyVariables } from './startup-env.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    'work-dir': { type: 'string', default: '.bench' },
    'keep-env': { type: 'boolean', default: false },
    ink: { type: 'string' },
    load: { type: 'string', default: '0' },
  },
});

const names = positionals.length ? positionals : [...benchmarks.keys()];
const unknown = names.filter((n) => !benchmarks.has(n));
if (unknown.length || names.length === 0) {
  const known = [...benchmarks.values()].map((b) => `  ${b.name.padEnd(12)} ${b.description}`).join('\n');
  process.stderr.write(
    (unknown.length ? `unknown benchmark: ${unknown.join(', ')}\n` : 'no benchmarks are registered yet\n') +
      `usage: npm run bench -- <name> [--runs N] [--scale F] [--work-dir DIR] [--keep-env] [--ink V[,V+incremental…]] [--load N]\n${known}\n`,
  );
  process.exit(2);
}
const runs = Number(values.runs);
const scale = Number(values.scale);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1 || !(scale > 0) || !Number.isInteger(load) || load < 0) {
  process.stderr.write(
    `--runs takes a whole number of runs, at least 1 (got ${values.runs}), --scale a number above 0 (got ${values.scale}), and --load a whole number of busy processes (got ${values.load}).\n`,
  );
  process.exit(2);
}
// `--load N`: N processes that spin for the whole run, as a build or a test run beside the
// measured one would: figures on a loaded machine, which a person at 6 pm often has.
const spinners = Array.from({ length: load }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
if (load > 0) process.stdout.write(`note: ${load} busy process(es) spin beside the measured ones (--load).\n`);
process.on('exit', () => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
});
// Measured processes start without variables that only add start-up work (see startup-env.ts),
// unless --keep-env; the report then says what they cost a bare Node start.
if (!values['keep-env']) {
  const dropped = await dropStartupOnlyVariables();
  if (dropped !== null) {
    process.stdout.write(
      `note: measured processes run without ${dropped.variables.join(', ')} (set here): a bare \`node -e 0\` takes ${dropped.withMs.toFixed(0)} ms with it, ${dropped.withoutMs.toFixed(0)} ms without. --keep-env measures with it.\n`,
    );
  }
}
for (const name of names) {
  const bench = benchmarks.get(name)!;
  process.stdout.write(`# ${bench.name}: ${bench.description}\n`);
  const ink = values.ink?.split(',').map((v) => v.trim()).filter((v) => v !== '');
  await bench.run({ workDir: resolve(values['work-dir']), runs, scale, ...(ink !== undefined ? { ink } : {}) });
}
for (const spinner of spinners) spinner.kill('SIGKILL');
