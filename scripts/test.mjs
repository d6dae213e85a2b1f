// Runs the whole test suite (type check, then vitest) and ends with one line
// `N passed, N failed`, the summary CI reads. Exit code: non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const results = '.test-results.json';
rmSync(results, { force: true });
const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}`, ...process.argv.slice(2)], { stdio: 'inherit' });
let passed = 0;
let failed = 0;
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
}
if (tsc.status !== 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(tsc.status !== 0 || vitest.status !== 0 || failed > 0 ? 1 : 0);
