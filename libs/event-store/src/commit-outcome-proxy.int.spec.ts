import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from './contract.test-support.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema, settleAll } from './postgres.test-support.js';

/**
 * A real lost COMMIT: a TCP proxy between the store and PostgreSQL drops the client's connection around a COMMIT
 * (forwarded or not), so the store sees what node-postgres throws when the network fails there.
 */
const { databaseUrl, schema } = postgresTestSchema('es_commit_proxy');
/** The simple-query message of `client.query('COMMIT')`. */
const COMMIT = Buffer.from([0x51, 0, 0, 0, 11, ...Buffer.from('COMMIT'), 0]);

type Drop = 'after-commit' | 'before-commit' | 'before-commit-server-kept';

function startProxy(target: URL) {
  let armed: Drop | null = null;
  const kept: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let cut = false;
    client.on('data', (chunk) => {
      if (cut) return;
      if (armed && chunk.includes(COMMIT)) {
        const mode = armed;
        armed = null;
        cut = true;
        if (mode === 'after-commit') {
          upstream.write(chunk);
          client.destroy();
          setTimeout(() => upstream.end(), 200);
        } else if (mode === 'before-commit') {
          client.destroy();
          upstream.destroy();
        } else {
          client.destroy();
          kept.push(upstream);
        }
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => { if (!cut) client.write(chunk); });
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.on('close', () => { if (!cut) upstream.destroy(); sockets.delete(client); });
    upstream.on('close', () => { if (!cut) client.destroy(); sockets.delete(upstream); });
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    arm: (mode: Drop) => (armed = mode),
    get armed() { return armed; },
    releaseKept: () => { for (const s of kept.splice(0)) s.destroy(); },
    close: () => { for (const s of sockets) s.destroy(); return new Promise<void>((resolve) => server.close(() => resolve())); },
  };
}

const streamName = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

describe('a flush whose connection drops at its COMMIT (real TCP)', () => {
  const target = new URL(databaseUrl);
  const proxy = startProxy(target);
  let proxied = '';
  beforeAll(async () => {
    const port = await proxy.listen();
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    proxied = url.toString();
  });
  afterAll(() => proxy.close());

  async function withStore(options: { commitCheckMs?: number }, run: (store: PostgresEventStore) => Promise<void>) {
    const store = new PostgresEventStore(proxied, { schema, pool: { max: 4 }, ...options });
    await store.init();
    try {
      await run(store);
    } finally {
      proxy.releaseKept();
      await store.close();
    }
  }

  async function count(stream: string): Promise<number> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${schema}.events WHERE stream_id = $1`, [stream]);
      return (rows[0] as { n: number }).n;
    } finally {
      await client.end();
    }
  }

  it.each(['after-commit', 'before-commit'] as const)('dropped %s: each append once, both acknowledged', async (mode) => {
    await withStore({}, async (store) => {
      const [a, b] = [streamName('any'), streamName('exact')];
      await store.append(b, 'any', events(1)); // warm: the stream exists
      proxy.arm(mode);
      const answers = await settleAll([store.append(a, 'any', events(1)), store.append(b, 1, events(2))]);
      expect(proxy.armed).toBeNull();
      expect(answers).toEqual(['ok', 'ok']);
      expect(await count(a)).toBe(1);
      expect(await count(b)).toBe(3);
      expect((await store.readStream(b)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });
  });

  it('dropped before the COMMIT, the server session kept open (a silent network): its session is ended, the append fails as not written, the stream is free', async () => {
    // Before the fix: CommitOutcomeUnknownError after commitCheckMs although the transaction never committed, its
    // session left holding the stream's lock and its positions (holding back the log's readers) until the server noticed.
    await withStore({ commitCheckMs: 5_000 }, async (store) => {
      const a = streamName('kept');
      await store.append(a, 'any', events(1));
      proxy.arm('before-commit-server-kept');
      const [answer] = await settleAll([store.append(a, 1, events(1))]);
      expect(proxy.armed).toBeNull();
      expect(answer).toBeInstanceOf(Error);
      expect((answer as Error).message).toMatch(/^Connection terminated/);
      expect(await count(a)).toBe(1);
      await store.append(a, 1, events(1));
      expect((await store.readStream(a)).map((e) => e.streamVersion)).toEqual([1, 2]);
    });
  });
});
