import { afterAll, beforeAll } from '@jest/globals';
import { connect } from 'node:net';
import pg from 'pg';
import { createStorage, startServer, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

/** A built server of the test file's own on a fresh PostgreSQL database, and a connection to that database. */
export interface ServerWithDatabase {
  readonly server: RunningServer;
  readonly db: pg.Client;
  /** The failed logins stored for client address `from` (the per-address window the product decides on). */
  storedFailures(from: string): Promise<number>;
}

/** Starts one with `env` before the file's tests (its hooks registered here), stops and drops it after them. */
export function serverWithDatabase(env: Record<string, string>): ServerWithDatabase {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let db: pg.Client | undefined;
  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, env);
    db = new pg.Client({ connectionString: storage.databaseUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await server?.stop();
    await storage?.dispose();
  });
  return {
    get server() { return server!; },
    get db() { return db!; },
    storedFailures: (from) => storedFailures(db!, from),
  };
}

/** The failed logins stored for client address `from` in the database `db` is connected to (sql-rate-limit-store.ts). */
export async function storedFailures(db: pg.Client, from: string): Promise<number> {
  // The table is made on the server's first limited call (none yet: no failure either).
  const { rows } = await db.query<{ hits: number }>(`SELECT hits FROM public.rate_limit_windows WHERE name = 'login-failures' AND key = $1`, [from])
    .catch((error: { code?: string }) => (error.code === '42P01' ? { rows: [] } : Promise.reject(error)));
  return rows[0]?.hits ?? 0;
}

/**
 * A wrong login (`nobody<i>`, from `from` as its `X-Forwarded-For`) on a socket of its own to the server on `port`, closed
 * by the client `abortAfterMs` after the request is sent (0: at once); resolves once the socket is closed.
 */
export function abandonedLogin(port: number, i: number, from: string, abortAfterMs: number): Promise<void> {
  const body = JSON.stringify({ username: `nobody${i}`, password: 'wrong' });
  const request = `POST /api/v1/mobile/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: ${from}\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return new Promise((resolve) => {
    const drop = () => socket.destroy();
    const socket = connect(port, '127.0.0.1', () => socket.write(request, () => (abortAfterMs === 0 ? drop() : setTimeout(drop, abortAfterMs))));
    socket.on('error', drop);
    socket.on('close', () => resolve());
  });
}
