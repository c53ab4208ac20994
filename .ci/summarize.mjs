// Reads vitest's JSON report and prints the one line CI reads: "N passed, N failed".
// A test file that fails without a failing test (it did not load, or a hook threw) counts as one
// failure; a missing or unreadable report means the run itself broke, which counts as one too.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 1;
try {
  const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  passed = report.numPassedTests;
  failed = report.numFailedTests + brokenFiles;
} catch (error) {
  console.error(`could not read the test report: ${error.message}`);
}
console.log(`${passed} passed, ${failed} failed`);
