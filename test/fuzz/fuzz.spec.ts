import { afterAll, describe, expect, it } from 'vitest';
import { fuzzSettings } from './fuzz-settings.js';
import { startHangWatchdog } from './hang-watchdog.js';
import { runFuzz } from './run-fuzz.js';
import { FUZZ_TARGETS } from './targets/index.js';

// Every parser of untrusted text gets the same invariant: a value or a typed error with a code,
// fast. CI runs the fixed seed; `npm run fuzz -- --runs N --seed S` runs any size through here.
const settings = fuzzSettings();
const unknown = settings.targets.filter((name) => !FUZZ_TARGETS.some((target) => target.name === name));
const selected = FUZZ_TARGETS.filter((target) => settings.targets.length === 0 || settings.targets.includes(target.name));
// A generous per-target ceiling: shrinking a counterexample re-runs the parser many times.
const timeout = Math.max(180_000, settings.runs * 10);

describe(`fuzz (seed ${settings.seed}, ${settings.runs} inputs per target)`, () => {
  const watchdog = startHangWatchdog(settings.hangMs);
  afterAll(() => watchdog.stop());

  it('knows every target it was asked for', () => {
    expect(unknown, `unknown fuzz targets; known: ${FUZZ_TARGETS.map((t) => t.name).join(', ')}`).toEqual([]);
  });

  for (const target of selected) {
    it(
      target.name,
      () => {
        const outcome = runFuzz(target, { ...settings, watchdog });
        // The report (seed, path, shrunk input) is the error message, so it reaches the test output whole.
        if (outcome.failure !== undefined) throw new Error(outcome.failure);
        expect(outcome.runs).toBe(settings.runs);
        const kinds = [...outcome.outcomes].map(([kind, count]) => `${kind} ${count}`).join(', ');
        console.info(`fuzz ${target.name}: ${outcome.runs} inputs in ${Math.round(outcome.elapsedMs)} ms (slowest ${outcome.slowestMs.toFixed(1)} ms): ${kinds}`);
      },
      timeout,
    );
  }
});
