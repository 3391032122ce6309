// Turns the output of `go test -json` (read from stdin) into a report in the shape of jest's JSON (written to the file
// named by the first argument), so that tools/test/summary.mjs counts the Go tools' tests with the others.
//   go test -json ./... | node tools/test/go-report.mjs test-results/go.json
// A run with no test result or a package that failed to build counts as a failure of the run (success false).
import { readFileSync, writeFileSync } from 'node:fs';

const out = process.argv[2];
const tests = new Map();
const failedPackages = new Map();
for (const line of readFileSync(0, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  let e;
  try { e = JSON.parse(line); } catch { continue; }
  const key = `${e.Package} ${e.Test ?? ''}`;
  if (e.Test) {
    const t = tests.get(key) ?? { pkg: e.Package, name: e.Test, status: 'pending', output: [] };
    if (e.Action === 'output') t.output.push(e.Output);
    if (e.Action === 'pass') t.status = 'passed';
    if (e.Action === 'fail') t.status = 'failed';
    if (e.Action === 'skip') t.status = 'pending';
    tests.set(key, t);
  } else if (e.Action === 'output') {
    failedPackages.set(e.Package, (failedPackages.get(e.Package) ?? '') + e.Output);
  } else if (e.Action === 'pass') {
    failedPackages.delete(e.Package);
  } else if (e.Action === 'fail') {
    failedPackages.set(e.Package, `${failedPackages.get(e.Package) ?? ''}(package failed)`);
  }
}
// Subtests (Parent/Child) are counted once: by their leaves.
const all = [...tests.values()];
const leaves = all.filter((t) => !all.some((o) => o !== t && o.pkg === t.pkg && o.name.startsWith(`${t.name}/`)));
const count = (s) => leaves.filter((t) => t.status === s).length;
const byPackage = new Map();
for (const t of leaves) byPackage.set(t.pkg, [...(byPackage.get(t.pkg) ?? []), t]);
const report = {
  numPassedTests: count('passed'), numFailedTests: count('failed'), numPendingTests: count('pending'),
  success: leaves.length > 0 && count('failed') === 0 && failedPackages.size === 0,
  testResults: [
    ...[...byPackage].map(([pkg, ts]) => ({
      name: pkg, status: ts.some((t) => t.status === 'failed') ? 'failed' : 'passed',
      assertionResults: ts.map((t) => ({ status: t.status, fullName: t.name, failureMessages: t.status === 'failed' ? [t.output.join('')] : [] })),
    })),
    // A package that failed with no failed test (it did not build, or exited early) is named with its output.
    ...[...failedPackages].filter(([pkg]) => !leaves.some((t) => t.pkg === pkg && t.status === 'failed'))
      .map(([pkg, message]) => ({ name: pkg, status: 'failed', message, assertionResults: [] })),
  ],
};
writeFileSync(out, JSON.stringify(report));
console.log(`go test: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
