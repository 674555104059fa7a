// Reads Vitest JSON reports, prints "N passed, N failed" per suite and overall, and fails when a suite
// ran no test at all: a green run must mean tests really ran.
import { existsSync, readFileSync } from 'node:fs';

let failedSuites = 0;
let totalPassed = 0;
let totalFailed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`${file}: no report (the suite did not run)`);
    failedSuites += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  totalPassed += passed;
  totalFailed += failed;
  console.info(`${file}: ${passed} passed, ${failed} failed`);
  if (passed === 0 || failed > 0) failedSuites += 1;
}
console.info(`${totalPassed} passed, ${totalFailed} failed`);
process.exit(failedSuites > 0 ? 1 : 0);
