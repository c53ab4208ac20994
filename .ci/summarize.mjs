// Reads vitest's JSON reports, one per run of the matrix, and prints one line per run and then the
// one line CI reads: "N passed, N failed", summed over the runs.
// Arguments: `<label>=<report.json>` (or a bare path, labelled by itself).
// A test file that fails without a failing test (it did not load, or a hook threw) counts as one
// failure; a missing or unreadable report means the run itself broke, which counts as one too.
import { readFileSync } from 'node:fs';

function count(path) {
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    const brokenFiles = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    ).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles };
  } catch (error) {
    console.error(`could not read the test report ${path}: ${error.message}`);
    return { passed: 0, failed: 1 };
  }
}

let passed = 0;
let failed = 0;
const runs = process.argv.slice(2);
for (const run of runs) {
  const at = run.indexOf('=');
  const [label, path] = at === -1 ? [run, run] : [run.slice(0, at), run.slice(at + 1)];
  const one = count(path);
  passed += one.passed;
  failed += one.failed;
  if (runs.length > 1) console.log(`  ${label}: ${one.passed} passed and ${one.failed} failed`);
}
if (runs.length === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
