// Reads vitest's JSON report and prints the one line CI reads: "N passed, N failed".
// A missing or unreadable report means the test run itself broke, which counts as a failure.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 1;
try {
  const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
} catch (error) {
  console.error(`could not read the test report: ${error.message}`);
}
console.log(`${passed} passed, ${failed} failed`);

// A suite that fails to load has no failed tests of its own; count it once as a failure.
function countSuitesWithFailedTests(report) {
  return report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.some((t) => t.status === 'failed'),
  ).length;
}
