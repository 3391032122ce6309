// Sums the JSON reports of vitest and jest (any number of each) into one closing line: "Tests: N passed, N failed, N skipped".
// A missing report, or one of a run that failed outside its tests, counts as one failed test.
// Each failed test is named (file, title, the first lines of its message), so that the tail of a CI log says what failed.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0, failed = 0, skipped = 0, missing = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) { console.log(`missing report: ${file}`); missing++; continue; }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${file.split('/').pop()}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests ?? 0} skipped`);
  // A run can fail with no failed test: a global setup that threw, an unhandled error, a suite that did not load.
  if (r.success === false && r.numFailedTests === 0) { console.log(`${file.split('/').pop()}: the run failed outside any test (see its output)`); missing++; }
  for (const suite of r.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push({ where, title: t.fullName ?? t.title, message: (t.failureMessages ?? []).join('\n') });
    // A file that failed to load has no failed test but a message.
    if (failedTests.length === 0 && suite.status === 'failed') failures.push({ where, title: '(the file itself)', message: suite.message ?? '' });
  }
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const f of failures) {
    console.log(`  ${f.where} > ${f.title}`);
    // eslint-disable-next-line no-control-regex
    const lines = f.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim() !== '').slice(0, 6);
    for (const l of lines) console.log(`      ${l.slice(0, 240)}`);
  }
}
console.log(`Tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
process.exit(failed + missing > 0 || passed === 0 ? 1 : 0);
