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
    // Name what failed, so the last lines of a red run say where to look without the whole log.
    const names = [];
    for (const file of report.testResults) {
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
        names.push(`${file.name.replace(/^.*?\/test\//, 'test/')} > ${test.fullName}: ${why}`);
      }
      if (file.status === 'failed' && failedTests.length === 0) {
        names.push(`${file.name.replace(/^.*?\/test\//, 'test/')}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`);
      }
    }
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, names };
  } catch (error) {
    console.error(`could not read the test report ${path}: ${error.message}`);
    return { passed: 0, failed: 1, names: [] };
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
  for (const name of one.names) console.log(`    failed: ${name}`);
}
if (runs.length === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
