// Reads Vitest JSON reports, prints "N passed, N failed" per suite and overall, and fails when a suite
// ran no test at all: a green run must mean tests really ran. Then each tier's wall time: those of
// test-results/timings.json (written by the test command) and any given as --time "name=seconds".
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const reports = args.filter((a, i) => a !== '--time' && args[i - 1] !== '--time');
const extraTimes = args.filter((_a, i) => args[i - 1] === '--time');

let failedSuites = 0;
let totalPassed = 0;
let totalFailed = 0;
for (const file of reports) {
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
const timings = existsSync('test-results/timings.json')
  ? JSON.parse(readFileSync('test-results/timings.json', 'utf8'))
  : [];
for (const entry of extraTimes) {
  const [tier, seconds] = entry.split('=');
  timings.push({ tier, seconds: Number(seconds) });
}
if (timings.length) {
  console.info('Wall time per tier:');
  for (const t of timings) console.info(`  ${t.tier}: ${t.seconds} s`);
  console.info(`  total: ${Math.round(timings.reduce((sum, t) => sum + t.seconds, 0))} s`);
}
console.info(`${totalPassed} passed, ${totalFailed} failed`);
process.exit(failedSuites > 0 ? 1 : 0);
