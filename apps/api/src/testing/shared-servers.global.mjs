// jest's global setup and teardown for `sharedServer` (server.test-support.ts): one server per storage mode for the
// whole run, found again by each file through a JSON file in TEST_SHARED_SERVERS_DIR. The setup makes that folder; the
// teardown stops every server written there (SIGTERM, SIGKILL after 10 s), removes its storage and the folder.
// Plain JavaScript: jest loads it outside the test files' transform.
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function setup() {
  process.env.TEST_SHARED_SERVERS_DIR = mkdtempSync(path.join(tmpdir(), 'auction-shared-servers-'));
}

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };

export async function teardown() {
  const dir = process.env.TEST_SHARED_SERVERS_DIR;
  if (!dir) return;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let entry;
    try { entry = JSON.parse(readFileSync(path.join(dir, name), 'utf8')); } catch { continue; }
    if (entry.pid && alive(entry.pid)) {
      if (process.env.TEST_SERVER_CPU_LOG) {
        // The run's CPU summary (tools/test/server-cpu.mjs), as server.test-support.ts's recordCpu writes it.
        try {
          const fields = readFileSync(`/proc/${entry.pid}/stat`, 'utf8').split(') ')[1].split(' ');
          const total = (Number(fields[11]) + Number(fields[12])) / 100;
          appendFileSync(process.env.TEST_SERVER_CPU_LOG, `shared ${entry.mode} server (${entry.files} files)\t${entry.port}\t${entry.startCpu ?? ''}\t${total.toFixed(2)}\n`);
        } catch { /* a figure only */ }
      }
      process.kill(entry.pid, 'SIGTERM');
      for (let i = 0; i < 100 && alive(entry.pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (alive(entry.pid)) process.kill(entry.pid, 'SIGKILL');
    }
    if (process.env.E2E_KEEP_DATA === '1') continue;
    if (entry.dataDir) rmSync(entry.dataDir, { recursive: true, force: true });
    if (entry.databaseName && entry.adminUrl) {
      const client = new pg.Client({ connectionString: entry.adminUrl });
      try {
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${entry.databaseName} WITH (FORCE)`);
      } catch (error) {
        console.error(`shared server: database ${entry.databaseName} not dropped: ${error}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
