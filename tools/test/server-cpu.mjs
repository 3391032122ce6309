// Sums the CPU of the product servers the API tests started (TEST_SERVER_CPU_LOG, written by
// apps/api/src/testing/server.test-support.ts: file, port, CPU until healthy, CPU of the whole life) and prints the
// totals and the files whose servers cost most. A figure for planning the suite's time, never a pass/fail.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log(`server CPU: no log (${file ?? 'no path given'})`);
  process.exit(0);
}
const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
  const [path, , start, total] = line.split('\t');
  return { path, start: Number(start) || 0, total: Number(total) || 0 };
});
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const starts = sum(rows.map((r) => r.start));
const totals = sum(rows.map((r) => r.total));
console.log(`server CPU: ${rows.length} servers stopped by the API tests, ${totals.toFixed(0)} s of CPU in all, ` +
  `${starts.toFixed(0)} s of it until healthy (${(starts / Math.max(1, rows.length)).toFixed(1)} s a start)`);
const byFile = new Map();
for (const r of rows) {
  const f = byFile.get(r.path) ?? { servers: 0, start: 0, total: 0 };
  f.servers++; f.start += r.start; f.total += r.total;
  byFile.set(r.path, f);
}
for (const [path, f] of [...byFile].sort((a, b) => b[1].total - a[1].total).slice(0, 15)) {
  console.log(`  ${f.total.toFixed(0).padStart(5)} s  ${String(f.servers).padStart(2)} servers (starts ${f.start.toFixed(0)} s)  ${path}`);
}
