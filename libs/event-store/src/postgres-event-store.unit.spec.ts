import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { DEFAULT_COMMIT_CHECK_MS } from './internal/sql-event-store.js';
import { idleInTransactionTimeoutOf, PostgresEventStore } from './postgres-event-store.js';

describe('postgres: the idle-in-transaction bound of the store\'s sessions', () => {
  test('the default exceeds commitCheckMs, the default one and a configured one: a flush may wait that long in its transaction', () => {
    expect(idleInTransactionTimeoutOf({})).toBeGreaterThan(DEFAULT_COMMIT_CHECK_MS);
    expect(idleInTransactionTimeoutOf({ commitCheckMs: 120_000 })).toBeGreaterThan(120_000);
  });

  test('a configured bound commitCheckMs reaches is refused; 0 leaves the server\'s setting', () => {
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: DEFAULT_COMMIT_CHECK_MS })).toThrow(/above commitCheckMs/);
    expect(() => new PostgresEventStore('postgres://127.0.0.1/none', { idleInTransactionTimeoutMs: 1_000, commitCheckMs: 2_000 })).toThrow(/above commitCheckMs/);
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 1.5 })).toThrow(/whole number/);
    expect(idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 0 })).toBe(0);
    expect(idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 1_000, commitCheckMs: 500 })).toBe(1_000);
  });

  test('PostgreSQL\'s limit (INT_MAX ms) is kept: a larger bound, which would fail every connection, is refused, and the default stops there', () => {
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 2 ** 31 })).toThrow(/at most 2147483647, not 2147483648/);
    expect(idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 2 ** 31 - 1 })).toBe(2 ** 31 - 1);
    expect(idleInTransactionTimeoutOf({ commitCheckMs: 2 ** 31 - 1_000 })).toBe(2 ** 31 - 1);
    expect(() => idleInTransactionTimeoutOf({ commitCheckMs: 2 ** 31 })).toThrow(/above commitCheckMs \(2147483648\)/);
  });

  test('a value of the wrong type (an environment variable passed as it came) is refused, and shown as what it is', () => {
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: '60000' as unknown as number })).toThrow(/not "60000"/);
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: Number.NaN })).toThrow(/not NaN/);
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: -1 })).toThrow(/not -1/);
  });

  test('a connection string\'s idle_in_transaction_session_timeout (which pg lets override the pool\'s) is the bound, checked the same way', () => {
    const url = (query: string) => `postgres://u:p@127.0.0.1:5432/db?${query}`;
    expect(idleInTransactionTimeoutOf({}, url('idle_in_transaction_session_timeout=45000'))).toBe(45_000);
    expect(idleInTransactionTimeoutOf({}, url('idle_in_transaction_session_timeout=0'))).toBe(0);
    expect(() => idleInTransactionTimeoutOf({}, url('idle_in_transaction_session_timeout=500'))).toThrow(/above commitCheckMs \(30000\).*not 500 \(from the connection string\)/);
    expect(() => idleInTransactionTimeoutOf({}, url('idle_in_transaction_session_timeout=1min'))).toThrow(/not "1min"/);
    expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 45_000 }, url('idle_in_transaction_session_timeout=45000'))).toThrow(/given twice/);
    expect(() => new PostgresEventStore(url('idle_in_transaction_session_timeout=500'))).toThrow(/from the connection string/);
    // Read where pg reads it: beside an empty host, or with no scheme at all; not from a socket directory.
    expect(() => idleInTransactionTimeoutOf({}, 'postgres://u:p@/db?host=/tmp&idle_in_transaction_session_timeout=500')).toThrow(/not 500/);
    expect(() => idleInTransactionTimeoutOf({}, 'db?idle_in_transaction_session_timeout=500')).toThrow(/not 500/);
    expect(idleInTransactionTimeoutOf({}, '/var/run/postgresql auction')).toBe(60_000);
  });

  test('the setting in the connection\'s options (-c), which the store\'s startup parameter would silently override, is refused', () => {
    const options = '-c idle_in_transaction_session_timeout=5000';
    expect(() => idleInTransactionTimeoutOf({ pool: { options } })).toThrow(/set idleInTransactionTimeoutMs instead/);
    expect(() => idleInTransactionTimeoutOf({}, `postgres://127.0.0.1/db?options=${encodeURIComponent(options)}`)).toThrow(/set idleInTransactionTimeoutMs instead/);
    expect(idleInTransactionTimeoutOf({ pool: { options: '-c statement_timeout=5000' } })).toBe(60_000);
  });

  test('PGOPTIONS with the setting is refused where pg reads it (no options given), and left alone where given options replace it', () => {
    const before = process.env['PGOPTIONS'];
    process.env['PGOPTIONS'] = '-c idle_in_transaction_session_timeout=5000';
    try {
      expect(() => idleInTransactionTimeoutOf({})).toThrow(/set idleInTransactionTimeoutMs instead/);
      expect(() => new PostgresEventStore('postgres://127.0.0.1/none')).toThrow(/set idleInTransactionTimeoutMs instead/);
      expect(idleInTransactionTimeoutOf({ pool: { options: '-c statement_timeout=5000' } })).toBe(60_000);
      expect(idleInTransactionTimeoutOf({}, `postgres://127.0.0.1/db?options=${encodeURIComponent('-c statement_timeout=5000')}`)).toBe(60_000);
    } finally {
      if (before === undefined) delete process.env['PGOPTIONS'];
      else process.env['PGOPTIONS'] = before;
    }
  });

  test('PGOPTIONS is checked where pg takes it: an empty options= in the connection string replaces the pool\'s options, and pg then reads PGOPTIONS', () => {
    const before = process.env['PGOPTIONS'];
    process.env['PGOPTIONS'] = '-c idle_in_transaction_session_timeout=5000';
    try {
      const pool = { options: '-c statement_timeout=5000' };
      // pg: Object.assign(config, parse(connectionString)) makes options '', then val('options') falls to PGOPTIONS.
      expect(() => idleInTransactionTimeoutOf({ pool }, 'postgres://127.0.0.1/db?options=')).toThrow(/set idleInTransactionTimeoutMs instead/);
      expect(() => idleInTransactionTimeoutOf({ pool, idleInTransactionTimeoutMs: 0 }, 'postgres://127.0.0.1/db?options=')).toThrow(/set idleInTransactionTimeoutMs instead/);
      expect(() => idleInTransactionTimeoutOf({ pool: { options: '' } })).toThrow(/set idleInTransactionTimeoutMs instead/);
      // Where the connection string's options are not empty, they are pg's, and PGOPTIONS is not read.
      expect(idleInTransactionTimeoutOf({ pool: { options: '' } }, `postgres://127.0.0.1/db?options=${encodeURIComponent('-c statement_timeout=5000')}`)).toBe(60_000);
    } finally {
      if (before === undefined) delete process.env['PGOPTIONS'];
      else process.env['PGOPTIONS'] = before;
    }
  });

  test('the setting in options is found however PostgreSQL reads it there: any case, - for _, a backslash escaping a character', () => {
    const before = process.env['PGOPTIONS'];
    const spellings = [
      '-c IDLE_IN_TRANSACTION_SESSION_TIMEOUT=5000',
      '-c Idle_In_Transaction_Session_Timeout=5000',
      '-c idle-in-transaction-session-timeout=5000',
      '--idle-in-transaction-session-timeout=5000',
      '-cidle-in-transaction_session_timeout=5000',
      '-c idle\\_in_transaction_session_timeout=5000',
      '-c statement_timeout=5000 -c\tIDLE\\-IN-TRANSACTION-SESSION-TIMEOUT=5000',
    ];
    try {
      delete process.env['PGOPTIONS'];
      for (const options of spellings) {
        // With 0 the store sends no setting of its own: these options would be the sessions' bound, unchecked.
        expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 0, pool: { options } }), options).toThrow(/set idleInTransactionTimeoutMs instead/);
        expect(() => idleInTransactionTimeoutOf({}, `postgres://127.0.0.1/db?options=${encodeURIComponent(options)}`), options).toThrow(/set idleInTransactionTimeoutMs instead/);
        process.env['PGOPTIONS'] = options;
        expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 0 }), options).toThrow(/set idleInTransactionTimeoutMs instead/);
        delete process.env['PGOPTIONS'];
      }
      expect(idleInTransactionTimeoutOf({ pool: { options: '-c statement-timeout=5000 -c lock_timeout=1000' } })).toBe(60_000);
    } finally {
      if (before === undefined) delete process.env['PGOPTIONS'];
      else process.env['PGOPTIONS'] = before;
    }
  });

  test('pg.defaults, which pg falls back to, are checked too: their options, and their setting where the store sends none (0)', () => {
    const before = { options: pg.defaults.options, idle: pg.defaults.idle_in_transaction_session_timeout, env: process.env['PGOPTIONS'] };
    delete process.env['PGOPTIONS'];
    try {
      pg.defaults.options = '-c idle_in_transaction_session_timeout=5000';
      expect(() => idleInTransactionTimeoutOf({})).toThrow(/set idleInTransactionTimeoutMs instead/);
      expect(idleInTransactionTimeoutOf({ pool: { options: '-c statement_timeout=5000' } })).toBe(60_000);
      pg.defaults.options = undefined;
      pg.defaults.idle_in_transaction_session_timeout = 5_000;
      // pg sends no setting for 0, so the sessions would get pg.defaults' 5000 ms.
      expect(() => idleInTransactionTimeoutOf({ idleInTransactionTimeoutMs: 0 })).toThrow(/pg\.defaults/);
      // A setting of the store's own, or the connection string's (sent even as "0"), replaces it.
      expect(idleInTransactionTimeoutOf({})).toBe(60_000);
      expect(idleInTransactionTimeoutOf({}, 'postgres://127.0.0.1/db?idle_in_transaction_session_timeout=0')).toBe(0);
    } finally {
      pg.defaults.options = before.options;
      pg.defaults.idle_in_transaction_session_timeout = before.idle;
      if (before.env !== undefined) process.env['PGOPTIONS'] = before.env;
    }
  });
});
