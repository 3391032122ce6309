import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The store refuses `idle_in_transaction_session_timeout` in the connection's options: with `idleInTransactionTimeoutMs:
 * 0` it sends no setting of its own, and the options' value would be the sessions' bound, unchecked (5000 ms here,
 * below `commitCheckMs`). These pin, against a real server, that each refused case is one where PostgreSQL and pg
 * really take the setting.
 */
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is not set: run `eval "$(tools/infra/infra.sh env)"` first');
const REFUSED = /set idleInTransactionTimeoutMs instead/;

async function sessionBound(config: pg.ClientConfig): Promise<string> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return (await client.query<{ idle_in_transaction_session_timeout: string }>('SHOW idle_in_transaction_session_timeout')).rows[0]!.idle_in_transaction_session_timeout;
  } finally {
    await client.end();
  }
}

async function withPgOptions<T>(value: string, work: () => Promise<T>): Promise<T> {
  const before = process.env['PGOPTIONS'];
  process.env['PGOPTIONS'] = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env['PGOPTIONS'];
    else process.env['PGOPTIONS'] = before;
  }
}

describe('postgres: idle_in_transaction_session_timeout in the connection\'s options', () => {
  test('each spelling PostgreSQL reads (any case, - for _, backslash escapes) is refused by the store', async () => {
    for (const options of [
      '-c IDLE_IN_TRANSACTION_SESSION_TIMEOUT=5000',
      '-c idle-in-transaction-session-timeout=5000',
      '--Idle-In-Transaction-Session-Timeout=5000',
      '-c idle\\_in_transaction_session_timeout=5000',
    ]) {
      expect(await sessionBound({ connectionString: databaseUrl, options }), options).toBe('5s');
      expect(() => new PostgresEventStore(databaseUrl, { idleInTransactionTimeoutMs: 0, pool: { options } }), options).toThrow(REFUSED);
      const url = new URL(databaseUrl);
      url.searchParams.set('options', options);
      expect(() => new PostgresEventStore(url.toString(), { idleInTransactionTimeoutMs: 0 }), options).toThrow(REFUSED);
      await withPgOptions(options, async () => {
        expect(await sessionBound({ connectionString: databaseUrl })).toBe('5s');
        expect(() => new PostgresEventStore(databaseUrl, { idleInTransactionTimeoutMs: 0 })).toThrow(REFUSED);
      });
    }
  });

  test('PGOPTIONS where an empty options= in the connection string replaces the pool\'s options: pg reads it, the store refuses it', async () => {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', '');
    const pool = { options: '-c statement_timeout=7000' };
    await withPgOptions('-c idle_in_transaction_session_timeout=5000', async () => {
      expect(await sessionBound({ ...pool, connectionString: url.toString() })).toBe('5s');
      expect(() => new PostgresEventStore(url.toString(), { idleInTransactionTimeoutMs: 0, pool })).toThrow(REFUSED);
    });
  });

  test('pg.defaults\' setting, which pg sends where the store sends none (0): the sessions get it, the store refuses it', async () => {
    const before = pg.defaults.idle_in_transaction_session_timeout;
    pg.defaults.idle_in_transaction_session_timeout = 5_000;
    try {
      // As the store's pool would get it with idleInTransactionTimeoutMs 0.
      expect(await sessionBound({ connectionString: databaseUrl, idle_in_transaction_session_timeout: 0 })).toBe('5s');
      expect(() => new PostgresEventStore(databaseUrl, { idleInTransactionTimeoutMs: 0 })).toThrow(/pg\.defaults/);
    } finally {
      pg.defaults.idle_in_transaction_session_timeout = before;
    }
  });
});
