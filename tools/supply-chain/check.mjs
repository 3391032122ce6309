// Supply-chain checks of the install (npm test runs them; `node tools/supply-chain/check.mjs` alone):
//   1. every package of package-lock.json carries a sha512 integrity, and any recorded origin is the npm registry;
//   2. each package with an install script has npm's decision (allowScripts in package.json) and a reason in
//      install-scripts.json, and nothing else is listed;
//   3. Scarf's install-time analytics (outside the registries) are off in the root package.json;
//   4. `npm audit` finds no high or critical advisory, but those explained in audit-exceptions.json (also in the README).
// The advisory endpoint of the registry (POST /-/npm/v1/security/advisories/bulk) may be unreachable (this build
// machine's registry access answers 405): then step 4 says plainly that it could not run, and does not fail.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// SUPPLY_CHAIN_ROOT: another project folder to check (the check's own test); SUPPLY_CHAIN_AUDIT=off skips npm audit there.
const root = process.env.SUPPLY_CHAIN_ROOT ?? join(here, '..', '..');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const REGISTRY = 'https://registry.npmjs.org/';
const problems = [];

const lock = readJson(join(root, 'package-lock.json'));
let packages = 0;
const withScripts = new Set();
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path.includes('node_modules/') || entry.link) continue;
  packages++;
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (typeof entry.integrity !== 'string' || !entry.integrity.startsWith('sha512-')) problems.push(`${path}: no sha512 integrity in the lockfile`);
  if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)) problems.push(`${path}: resolved outside the registry (${entry.resolved})`);
  if (entry.hasInstallScript) withScripts.add(name);
}
console.log(`lockfile: ${packages} packages, each with a sha512 integrity${problems.length ? ` (${problems.length} problems)` : ''}`);

const rootPackage = readJson(join(root, 'package.json'));
const reasons = readJson(join(here, 'install-scripts.json'));
const explained = new Set(Object.keys(reasons).filter((k) => !k.startsWith('$')));
// allowScripts keys are a name or name@version-range; the decision of a name is its entry's value.
const decisions = new Map(Object.entries(rootPackage.allowScripts ?? {}).map(([k, v]) => [k.replace(/(?<=.)@.*$/, ''), v]));
for (const name of withScripts) {
  if (!decisions.has(name)) problems.push(`${name} has an install script without a decision: read it, then \`npm install-scripts approve|deny ${name}\` and say why in tools/supply-chain/install-scripts.json`);
  if (!explained.has(name)) problems.push(`${name} has an install script that tools/supply-chain/install-scripts.json does not explain`);
  else if (!reasons[name].startsWith(decisions.get(name) === true ? 'allowed.' : 'denied.')) problems.push(`${name}: install-scripts.json and package.json's allowScripts disagree`);
}
for (const name of new Set([...explained, ...decisions.keys()])) {
  if (!withScripts.has(name)) problems.push(`${name} no longer has an install script: remove it from allowScripts and install-scripts.json (npm install-scripts prune)`);
}
const allowed = [...withScripts].filter((n) => decisions.get(n) === true).sort();
console.log(`install scripts: ${withScripts.size} packages, each decided and explained; run: ${allowed.join(', ') || 'none'}; skipped: ${[...withScripts].filter((n) => decisions.get(n) !== true).sort().join(', ')}`);

if (rootPackage.scarfSettings?.enabled !== false) problems.push('package.json must say "scarfSettings": {"enabled": false} (no install-time analytics)');

const exceptions = readJson(join(here, 'audit-exceptions.json'));
const audit = process.env.SUPPLY_CHAIN_AUDIT === 'off' ? { unreachable: 'turned off by SUPPLY_CHAIN_AUDIT=off' } : runAudit();
if (audit.unreachable !== undefined) {
  console.log(`npm audit: NOT CHECKED: the registry's advisory endpoint could not be reached (${audit.unreachable})`);
} else {
  const serious = Object.values(audit.report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
  const unexplained = serious.filter((v) => !exceptions[v.name]);
  const counts = audit.report.metadata?.vulnerabilities ?? {};
  console.log(`npm audit: ${JSON.stringify(counts)}; high or critical: ${serious.length}, explained in audit-exceptions.json: ${serious.length - unexplained.length}`);
  for (const v of unexplained) problems.push(`npm audit: ${v.severity} in ${v.name} (${(v.via ?? []).map((x) => (typeof x === 'string' ? x : x.title)).join('; ')})`);
}

if (problems.length > 0) {
  console.log(`\nsupply chain: ${problems.length} problems:`);
  for (const p of problems) console.log(`  - ${p}`);
  process.exit(1);
}
console.log('supply chain: ok');

function runAudit() {
  let out;
  try {
    out = execFileSync('npm', ['audit', '--json', '--audit-level=high'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  } catch (e) {
    out = e.stdout ?? '';
    if (!out.trim()) return { unreachable: String(e.stderr ?? e.message).split('\n').find((l) => /audit|error/i.test(l)) ?? 'no answer' };
  }
  let report;
  try { report = JSON.parse(out); } catch { return { unreachable: 'npm audit gave no JSON' }; }
  if (report.error || report.statusCode) return { unreachable: report.message || `${report.error?.code ?? ''} ${report.error?.summary ?? ''}`.trim() || 'the endpoint answered an error' };
  return { report };
}
