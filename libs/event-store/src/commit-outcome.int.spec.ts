import { describe, expect, it } from 'vitest';
import { events } from './contract.test-support.js';
import { CommitOutcomeUnknownError, WrongExpectedVersionError } from './event-store.port.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema, settleAll } from './postgres.test-support.js';

/**
 * A COMMIT whose answer is lost (the connection drops while the server commits) leaves a flush's outcome unknown to
 * the client. Tried again as a failed flush (whole, or unit by unit), its appends would be written twice ('any') or
 * refused on their versions although they are in the log. The store asks the database (pg_xact_status of the id the
 * reservation gave the transaction) before it decides.
 */
const { databaseUrl, schema } = postgresTestSchema('es_commit_outcome');
const lost = () => new Error('Connection terminated unexpectedly');

async function storeWith(options: { commitCheckMs?: number } = {}) {
  const store = new PostgresEventStore(databaseUrl, { schema, pool: { max: 4 }, ...options });
  await store.init();
  const executor = (store as unknown as { executor: SqlExecutor }).executor;
  return { store, executor };
}

/** The next flush (a transaction with an opening: the reservation) commits, then its answer is lost. */
function loseNextCommitAnswer(executor: SqlExecutor): { pending: () => boolean } {
  const transaction = executor.transaction.bind(executor);
  let loseNext = true;
  executor.transaction = async (work, opening) => {
    const result = await transaction(work, opening);
    if (loseNext && opening !== undefined) {
      loseNext = false;
      throw lost();
    }
    return result;
  };
  return { pending: () => loseNext };
}

/** Makes `executor` refuse, as an unreachable database, the statements containing `marker`; counts them. */
function refuse(executor: SqlExecutor, marker: string) {
  const query = executor.query.bind(executor);
  const refused = { count: 0, restore: () => void (executor.query = query) };
  executor.query = async (text, params) => {
    if (!text.includes(marker)) return query(text, params);
    refused.count += 1;
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  };
  return refused;
}

const streamName = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

describe('a flush whose COMMIT got no answer', () => {
  it('committed after all: its appends resolve with what was written, once', async () => {
    const { store, executor } = await storeWith();
    const lose = loseNextCommitAnswer(executor);
    try {
      const [a, b] = [streamName('any'), streamName('exact')];
      // One flush of two units (appended in the same turn): a failed flush of two is tried again unit by unit.
      const answers = await settleAll([store.append(a, 'any', events(1)), store.append(b, 0, events(2))]);
      expect(lose.pending()).toBe(false);
      expect(answers).toEqual(['ok', 'ok']);
      const [storedA, storedB] = [await store.readStream(a), await store.readStream(b)];
      expect(storedA.map((e) => e.streamVersion)).toEqual([1]);
      expect(storedB.map((e) => e.streamVersion)).toEqual([1, 2]);
      expect(await store.streamVersion(b)).toBe(2);
      // The store goes on from the versions the lost COMMIT wrote.
      await store.append(b, 2, events(1));
      expect((await store.readStream(b)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    } finally {
      await store.close();
    }
  });

  it('the positions it answers are those in the log', async () => {
    const { store, executor } = await storeWith();
    const lose = loseNextCommitAnswer(executor);
    try {
      const s = streamName('positions');
      const result = await store.append(s, 0, events(3));
      const stored = await store.readStream(s);
      expect(stored.map((e) => e.position)).toEqual(result.positions);
      expect(result.nextVersion).toBe(3);
    } finally {
      await store.close();
    }
  });

  it('not committed (the connection dropped before the COMMIT): tried again, written once', async () => {
    const { store, executor } = await storeWith();
    const transaction = executor.transaction.bind(executor);
    let dropNext = true;
    executor.transaction = (work, opening) => transaction(async (tx, opened) => {
      const result = await work(tx, opened);
      if (dropNext && opening !== undefined) {
        dropNext = false;
        throw lost(); // inside the transaction: rolled back
      }
      return result;
    }, opening);
    try {
      const [a, b] = [streamName('any'), streamName('exact')];
      const answers = await settleAll([store.append(a, 'any', events(1)), store.append(b, 0, events(1))]);
      expect(dropNext).toBe(false);
      expect(answers).toEqual(['ok', 'ok']);
      expect((await store.readStream(a)).length).toBe(1);
      expect((await store.readStream(b)).length).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('when the database cannot tell in time: the appends fail as unknown and are not tried again', async () => {
    const { store, executor } = await storeWith({ commitCheckMs: 300 });
    loseNextCommitAnswer(executor);
    const asked = refuse(executor, 'pg_xact_status');
    try {
      const [a, b] = [streamName('any'), streamName('exact')];
      const answers = await settleAll([store.append(a, 'any', events(1)), store.append(b, 0, events(1))]);
      expect(answers.map((x) => (x instanceof CommitOutcomeUnknownError ? 'unknown' : x))).toEqual(['unknown', 'unknown']);
      expect(asked.count).toBeGreaterThan(1);
      // The COMMIT did happen: each append is in the log once, not twice.
      expect((await store.readStream(a)).length).toBe(1);
      expect((await store.readStream(b)).length).toBe(1);
      // A writer that decides again from the stream finds it at the version the lost COMMIT wrote.
      await expect(store.append(b, 0, events(1))).rejects.toBeInstanceOf(WrongExpectedVersionError);
    } finally {
      asked.restore();
      await store.close();
    }
  });

  it('failed before its COMMIT while the database cannot be reached: its session is not sought for long, the append fails within seconds', async () => {
    const { store, executor } = await storeWith(); // commitCheckMs: the default 30 s
    const transaction = executor.transaction.bind(executor);
    // The connection drops at the flush's second statement (its positions reserved, its id known).
    executor.transaction = (work, opening) => transaction((tx, opened) => work({ query: async () => { throw lost(); } }, opened), opening);
    const sought = refuse(executor, 'pg_terminate_backend');
    try {
      const started = Date.now();
      await expect(store.append(streamName('down'), 'any', events(1))).rejects.toThrow(/Connection terminated/);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(sought.count).toBeGreaterThan(1);
    } finally {
      sought.restore();
      executor.transaction = transaction;
      await store.close();
    }
  }, 20_000);
});

