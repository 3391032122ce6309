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
});
