import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './registry.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    'work-dir': { type: 'string', default: '.bench' },
  },
});

const names = positionals.length ? positionals : [...benchmarks.keys()];
const unknown = names.filter((n) => !benchmarks.has(n));
if (unknown.length || names.length === 0) {
  const known = [...benchmarks.values()].map((b) => `  ${b.name.padEnd(10)} ${b.description}`).join('\n');
  process.stderr.write(
    (unknown.length ? `unknown benchmark: ${unknown.join(', ')}\n` : 'no benchmarks are registered yet\n') +
      `usage: npm run bench -- <name> [--runs N] [--scale F] [--work-dir DIR]\n${known}\n`,
  );
  process.exit(2);
}
for (const name of names) {
  const bench = benchmarks.get(name)!;
  process.stdout.write(`# ${bench.name}: ${bench.description}\n`);
  await bench.run({ workDir: resolve(values['work-dir']), runs: Number(values.runs), scale: Number(values.scale) });
}
