// Sums the JSON reports of vitest and jest (any number of each) into one closing line: "Tests: N passed, N failed, N skipped".
// A missing report, or one of a run that failed outside its tests, counts as one failed test.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0, failed = 0, skipped = 0, missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) { console.log(`missing report: ${file}`); missing++; continue; }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${file.split('/').pop()}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests ?? 0} skipped`);
  // A run can fail with no failed test: a global setup that threw, an unhandled error, a suite that did not load.
  if (r.success === false && r.numFailedTests === 0) { console.log(`${file.split('/').pop()}: the run failed outside any test (see its output)`); missing++; }
}
console.log(`Tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
process.exit(failed + missing > 0 || passed === 0 ? 1 : 0);
