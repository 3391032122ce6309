/**
 * Password hashes are secrets, not history: no answer of the events API and no output of the replay tool shows
 * one, also for a log written by an earlier release whose `UserRegistered` carried `passwordHash` (N = 2^14). That
 * user still logs in after the upgrade, and its hash is then replaced by one at the default cost (N = 2^17).
 * The server runs at the default cost here (the other e2e servers use the lowest, 14).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { PgliteEventStore, PostgresEventStore, type EventStore } from '@auction/event-store';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { ApiClient, DEMO_PASSWORD, createStorage, startServer, type RunningServer, type ServerStorage, type StorageMode } from '../testing/server.test-support.js';
import { hashPassword } from './password.js';

const run = promisify(execFile);
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tools/replay/dist/cli.js');
const SECRET = /passwordHash|scrypt\$/;
const VETERAN_PASSWORD = 'Veteran#Since2019';

/** The replay tool's stdout. */
async function replay(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

function openStore(storage: ServerStorage): EventStore {
  return storage.mode === 'embedded' ? new PgliteEventStore({ dataDir: path.join(storage.dataDir!, 'pglite') }) : new PostgresEventStore(storage.databaseUrl!);
}

/** The credential table's rows (embedded: read while the server is stopped, PGlite being one process's). */
async function storedHashes(storage: ServerStorage): Promise<Map<string, string>> {
  const sql = 'SELECT id_user, password_hash FROM user_credentials';
  let rows: { id_user: string; password_hash: string }[];
  if (storage.mode === 'embedded') {
    const db = new PGlite(path.join(storage.dataDir!, 'read-models'));
    try {
      rows = (await db.query<{ id_user: string; password_hash: string }>(sql)).rows;
    } finally {
      await db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  return new Map(rows.map((r) => [r.id_user, r.password_hash]));
}

const nOf = (hash: string | undefined) => Number(hash?.split('$')[1]);

describe.each<StorageMode>(['embedded', 'postgres'])('credentials out of the event log (%s)', (mode) => {
  let storage: ServerStorage;
  let server: RunningServer | undefined;
  const start = async () => { server = await startServer(storage, { PASSWORD_HASH_COST: '17', DEMO_DEALERS: '3' }); };
  const stop = async () => { await server?.stop(); server = undefined; };

  beforeAll(async () => {
    storage = await createStorage(mode);
    // The log of an earlier release: the hash (its parameters then, N = 2^14) inside the event body.
    const store = openStore(storage);
    await store.init();
    await store.append('user-veteran', 0, [{
      type: 'UserRegistered',
      data: {
        idUser: 'veteran', username: 'veteran', passwordHash: await hashPassword(VETERAN_PASSWORD, 14), roles: ['USER', 'BUYER'],
        idDealer: 'D-0999', idMarket: 'IT', preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true,
      },
    }]);
    await store.close();
    await start();
  });
  afterAll(async () => {
    await stop();
    await storage?.dispose();
  });

  it('shows no password hash in any answer of the events API or output of the replay tool', async () => {
    const admin = await ApiClient.login(server!.baseUrl, 'admin');
    const pages: unknown[][] = [];
    for (let after = 0; ;) {
      const page = await admin.get<{ position: number }[]>(`/api/v1/admin/events/log?after=${after}&limit=1000`);
      expect(page.status).toBe(200);
      if (page.body.length === 0) break;
      pages.push(page.body);
      after = page.body.at(-1)!.position;
    }
    const log = JSON.stringify(pages);
    expect(log).toContain('"idUser":"veteran"');
    expect(log).toContain('"idUser":"dealer1"');
    // Nor a username (personal data: the claims table is its home), not even the one the legacy body still holds.
    expect(log).not.toContain('"username"');
    expect(log).not.toMatch(SECRET);
    for (const idUser of ['veteran', 'admin', 'dealer1']) {
      const stream = await admin.get(`/api/v1/admin/events/stream/user-${idUser}`);
      expect(stream.status).toBe(200);
      expect(stream.body[0]).toMatchObject({ type: 'UserRegistered', data: { idUser } });
      expect(JSON.stringify(stream.body)).not.toMatch(SECRET);
    }
    const api = ['--api', server!.baseUrl, '--password', DEMO_PASSWORD];
    const exported = await replay('export', ...api);
    expect(exported).toContain('"idUser":"veteran"');
    expect(exported).not.toContain('"username"');
    expect(exported).not.toMatch(SECRET);
    expect(await replay('tail', '--json', ...api)).not.toMatch(SECRET);
    expect(await replay('stream', 'user-veteran', '--json', ...api)).not.toMatch(SECRET);
  });

  it('lets the user of the old log log in, and upgrades its hash to N = 2^17', async () => {
    await ApiClient.login(server!.baseUrl, 'veteran', VETERAN_PASSWORD);
    await expect(ApiClient.login(server!.baseUrl, 'veteran', 'wrong password')).rejects.toThrow(/401/);
    await stop();
    const hashes = await storedHashes(storage);
    expect(nOf(hashes.get('veteran'))).toBe(131072);
    // The demo users share one hash of the published demo password (one scrypt a start), at the default cost; the
    // veteran's, made at its login, has a salt of its own.
    expect(hashes.get('dealer1')).toBe(hashes.get('dealer2'));
    expect(hashes.get('veteran')).not.toBe(hashes.get('dealer1'));
    expect([...hashes.values()].map(nOf)).toEqual([...hashes.values()].map(() => 131072));
    // The veteran, the nine demo staff (admin, customer, auditor, multiauctioneer, loader, loader2, auctioneer, exhibitor, former), three dealers.
    expect(hashes.size).toBe(1 + 9 + 3);
    // Direct mode of the replay tool, while the product is stopped: the raw legacy event is still in the store.
    const direct = await replay('export', ...(mode === 'embedded' ? ['--data-dir', storage.dataDir!] : ['--database-url', storage.databaseUrl!]));
    expect(direct).toContain('"idUser":"veteran"');
    expect(direct).not.toContain('"username"');
    expect(direct).not.toMatch(SECRET);
    await start();
    // After a restart the upgraded hash is kept (the migration never overwrites a stored credential).
    await ApiClient.login(server!.baseUrl, 'veteran', VETERAN_PASSWORD);
    await stop();
    expect((await storedHashes(storage)).get('veteran')).toBe(hashes.get('veteran'));
  });
});
