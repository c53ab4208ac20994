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
  },
});

const names = positionals.length ? positionals : [...benchmarks.keys()];
const unknown = names.filter((n) => !benchmarks.has(n));
if (unknown.length || names.length === 0) {
  const known = [...benchmarks.values()].map((b) => `  ${b.name.padEnd(12)} ${b.description}`).join('\n');
  process.stderr.write(
    (unknown.length ? `unknown benchmark: ${unknown.join(', ')}\n` : 'no benchmarks are registered yet\n') +
      `usage: npm run bench -- <name> [--runs N] [--scale F] [--work-dir DIR] [--keep-env] [--ink V[,V+incremental…]]\n${known}\n`,
  );
  process.exit(2);
}
const runs = Number(values.runs);
const scale = Number(values.scale);
if (!Number.isInteger(runs) || runs < 1 || !(scale > 0)) {
  process.stderr.write(`--runs takes a whole number of runs, at least 1 (got ${values.runs}), and --scale a number above 0 (got ${values.scale}).\n`);
  process.exit(2);
}
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
