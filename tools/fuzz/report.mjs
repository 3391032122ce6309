// Turns schemathesis' JSON run reports (one per user, tools/fuzz/run-fuzz.sh) into one report in the shape of jest's
// --json (numPassedTests, numFailedTests, testResults) for tools/test/summary.mjs: one test per user and operation,
// failed when schemathesis found a failure of any check on that operation. Prints operations, cases and failures.
// Usage: node report.mjs OUT.json OPENAPI.json USER=REPORT.json...
import { readFileSync, writeFileSync } from 'node:fs';

const [out, openapi, ...runs] = process.argv.slice(2);
// Every operation of the description, as schemathesis names them ("GET /api/v1/secure/time").
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
// But GET /api/docs-json, the description itself: schemathesis loads the run's description from it and, in a run of
// every operation, leaves it out of its operations (observed with 4.32.5: "Selected: 272/272" where the description
// lists 273; with --include-path-regex docs it is tested, 3/273). Loading it is its test in the run.
const SCHEMA_URL = 'GET /api/docs-json';
const allOperations = Object.entries(JSON.parse(readFileSync(openapi, 'utf8')).paths)
  .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.has(m)).map((m) => `${m.toUpperCase()} ${path}`))
  .filter((op) => op !== SCHEMA_URL);
const testResults = [];
let passed = 0, failed = 0, success = true;
for (const run of runs) {
  const [user, file] = run.split('=');
  let r;
  try {
    r = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // No report: schemathesis did not run to its end; one failed test says so.
    testResults.push({ name: `fuzz ${user}`, status: 'failed', message: `no schemathesis report: ${error.message}`, assertionResults: [] });
    failed++; success = false;
    continue;
  }
  const byOperation = new Map();
  for (const f of r.failures ?? []) for (const op of f.operations ?? []) {
    byOperation.set(op, [...(byOperation.get(op) ?? []), `${f.code} ${f.title}`]);
  }
  for (const e of r.errors ?? []) for (const op of e.operations ?? [e.operation ?? '(run)']) {
    byOperation.set(op, [...(byOperation.get(op) ?? []), `error: ${e.title ?? e.message ?? JSON.stringify(e).slice(0, 200)}`]);
  }
  const operations = new Set([...allOperations, ...byOperation.keys()]);
  const assertionResults = [];
  for (const op of [...operations].sort()) {
    const problems = byOperation.get(op) ?? [];
    assertionResults.push({ title: op, fullName: `${user}: ${op}`, status: problems.length ? 'failed' : 'passed', failureMessages: problems });
  }
  const tested = r.operations?.tested ?? 0;
  // An operation of the description that schemathesis did not test is a failure too.
  if (tested !== allOperations.length) assertionResults.push({ title: '(operations tested)', fullName: `${user}: every operation tested`, status: 'failed', failureMessages: [`${tested} of ${allOperations.length} operations tested`] });
  const bad = assertionResults.filter((t) => t.status === 'failed').length;
  passed += assertionResults.length - bad; failed += bad;
  if (r.exit_code !== 0 && bad === 0) success = false;
  const kinds = (r.failures ?? []).map((f) => `${f.code} ${f.title}: ${f.count}`).join('; ') || 'none';
  console.log(`fuzz ${user}: ${tested} operations, ${r.test_cases?.generated ?? '?'} cases, ${r.test_cases?.unique_failures ?? '?'} failures (${kinds}), ${Math.round(r.running_time ?? 0)} s`);
  testResults.push({ name: `tools/fuzz (schemathesis as ${user})`, status: bad ? 'failed' : 'passed', assertionResults });
}
writeFileSync(out, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, success: success && failed === 0, testResults }, null, 1));
process.exit(failed > 0 || !success ? 1 : 0);
