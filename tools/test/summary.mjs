// Sums the JSON reports of vitest and jest into one closing line: "Tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0, failed = 0, skipped = 0, missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) { console.log(`missing report: ${file}`); missing++; continue; }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${file.split('/').pop()}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests ?? 0} skipped`);
}
console.log(`Tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
process.exit(failed + missing > 0 || passed === 0 ? 1 : 0);
