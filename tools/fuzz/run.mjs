#!/usr/bin/env node
// `npm run fuzz -- --runs N --seed S [--target name[,name]] [--path P] [--time-bound MS] [--hang-ms MS]`: runs the
// fuzz suite (test/fuzz) at any size. The targets import the TypeScript sources through vitest's
// aliases, so no build is needed; the settings travel as FUZZ_* environment variables.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const usage = 'usage: npm run fuzz -- [--runs N] [--seed S] [--target name[,name…]] [--path P] [--time-bound MS] [--hang-ms MS]';
let values;
try {
  ({ values } = parseArgs({
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      target: { type: 'string', multiple: true },
      path: { type: 'string' },
      'time-bound': { type: 'string' },
      'hang-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
for (const [name, text] of [['--runs', values.runs], ['--seed', values.seed], ['--time-bound', values['time-bound']], ['--hang-ms', values['hang-ms']]]) {
  if (text !== undefined && !/^-?[0-9]+$/.test(text)) {
    console.error(`${name} must be an integer, got ${JSON.stringify(text)}\n${usage}`);
    process.exit(2);
  }
}

const env = { ...process.env };
if (values.runs !== undefined) env.FUZZ_RUNS = values.runs;
if (values.seed !== undefined) env.FUZZ_SEED = values.seed;
if (values.target !== undefined) env.FUZZ_TARGET = values.target.join(',');
if (values.path !== undefined) env.FUZZ_PATH = values.path;
if (values['time-bound'] !== undefined) env.FUZZ_TIME_BOUND_MS = values['time-bound'];
if (values['hang-ms'] !== undefined) env.FUZZ_HANG_MS = values['hang-ms'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', 'test/fuzz/fuzz.spec.ts'], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
