/** SQL texts of the event store, for one PostgreSQL schema. Shared by the Postgres and PGlite adapters. */
export interface EventStoreSql {
  readonly schema: string;
  /** Idempotent DDL, one statement per entry. */
  readonly ddl: string[];
  /** Key of the transaction-level advisory lock that serializes concurrent `init()` calls. */
  readonly initLockKey: string;
  /**
   * Reserves $1 positions; answers the first, the transaction's time (`now_ms`) and its id (`xid`, assigned by the
   * reservation), by which a COMMIT whose answer was lost is looked up ({@link transactionStatus}).
   */
  readonly reservePositions: string;
  /** `reservePositions` for `n` positions, without parameters: it can be sent with its transaction's BEGIN. */
  reservePositionsOf(n: number): string;
  /** `committed`, `aborted` or `in progress`: the transaction of id $1 (an `xid` of `reservePositions`). */
  readonly transactionStatus: string;
  /**
   * Ends the session (of another connection) running transaction $1 (an `xid8`), if any: its client is gone, and until
   * the server notices (TCP keepalive, hours on a silent network) it holds its locks and positions, and its outcome.
   */
  readonly endTransactionSession: string;
  /** Creates the absent stream rows and locks them all, in the order of their ids; answers their versions. */
  readonly lockStreams: string;
  /**
   * Inserts the events, sets the locked streams' versions and notifies the channel given (null: no notice); answers
   * `overtaken`: the last event of one of the streams ($8, at the versions locked, $11) is past the flush's first
   * position, written by a transaction that reserved its positions after this one but took the stream's lock first.
   */
  readonly writeEvents: string;
  readonly readVersions: string;
  /** `writeEvents` for the sole writer: the stream rows are upserted (created here if absent), nothing was locked. */
  readonly writeEventsUpsertingStreams: string;
  readonly readStream: string;
  readonly streamVersion: string;
  /** The rows from position $1 on, at most $2 + 1, with what tells how far a reader may go: see {@link pageSql}. */
  readonly readAll: string;
  /** `readAll` without the metadata column (`ReadAllOptions.withoutMetadata`). */
  readonly readAllWithoutMetadata: string;
  /** The highest position no transaction that may still commit can precede (the old rule): a base for `readPositions`. */
  readonly settledHead: string;
  /** `readAll` of the positions only. */
  readonly readPositions: string;
  readonly listStreams: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
// The time comes back as epoch milliseconds (a float8): parsing a timestamptz text into a Date cost 6 % of a
// rebuild's CPU in the pg driver, a number costs nothing. Same precision as a Date (ms; µs truncated).
const EVENT_COLUMNS = 'position, stream_id, stream_version, type, data, metadata, schema_version, '
  + '(extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_ms';
// A rebuild reads every event once and never its metadata: a third of an offer's stored JSON, decoded for nothing.
const EVENT_COLUMNS_WITHOUT_METADATA = EVENT_COLUMNS.replace(' metadata,', '');

/**
 * Reserves `count` positions (a parameter or a literal). The transaction's id is read once the reservation assigned it
 * (reserve_positions must be the transaction's first write): the materialized CTE's row is produced before the outer
 * select list is computed.
 */
function reserveSql(s: string, count: string): string {
  return `WITH r AS MATERIALIZED (SELECT ${s}.reserve_positions(${count}::int) AS first, (extract(epoch FROM now()) * 1000)::float8 AS now_ms)
    SELECT first, now_ms, pg_current_xact_id()::text AS xid FROM r`;
}

/** Builds the SQL for `schema` (lower-case identifier, validated because it is interpolated). */
export function eventStoreSql(schema: string): EventStoreSql {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid event store schema name: ${schema}`);
  const s = schema;
  const ddl = [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.streams (stream_id text PRIMARY KEY, version int NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${s}.events (
      position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version int NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      schema_version int NOT NULL DEFAULT 1,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_version))`,
    // Why: transaction ids and positions must be handed out in the same order, otherwise a writer
    // can hold an older xid but a newer position and a reader ordering by either one would see
    // positions go backwards. The session lock is held only for these few instructions, not until
    // COMMIT, so writers still commit concurrently. It must be the transaction's first write: the
    // xid is assigned here, under the lock. So a position missing between two rows of xids X and Y
    // was reserved by a transaction of xid in [X, Y), and readers stop before such a gap while one
    // of those is in progress (pageSql), so a commit can never appear behind a reader's back.
    `CREATE OR REPLACE FUNCTION ${s}.reserve_positions(n int) RETURNS bigint LANGUAGE plpgsql AS $fn$
    DECLARE first_position bigint;
    BEGIN
      IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION '${s}.reserve_positions must be the first write of its transaction';
      END IF;
      PERFORM pg_advisory_lock(hashtext('${s}.reserve_positions'));
      PERFORM pg_current_xact_id();
      first_position := nextval('${s}.events_position_seq');
      IF n > 1 THEN PERFORM setval('${s}.events_position_seq', first_position + n - 1); END IF;
      PERFORM pg_advisory_unlock(hashtext('${s}.reserve_positions'));
      RETURN first_position;
    END $fn$`,
  ];
  return {
    schema,
    ddl,
    initLockKey: `${s}.init`,
    // now(): the transaction's time, which every row gets as recorded_at (the same expression as EVENT_COLUMNS).
    reservePositions: reserveSql(s, '$1'),
    reservePositionsOf: (n) => {
      if (!Number.isSafeInteger(n) || n < 1) throw new Error(`reservePositionsOf: ${n} is not a count of positions`);
      return reserveSql(s, String(n));
    },
    transactionStatus: 'SELECT pg_xact_status($1::xid8) AS status',
    endTransactionSession: 'SELECT pg_terminate_backend(pid, 1000) AS ended FROM pg_stat_activity WHERE backend_xid = xid($1::xid8) AND pid <> pg_backend_pid()',
    // ON CONFLICT DO UPDATE locks a row that exists (waiting for a writer that holds it, then taking its committed
    // version) and a new row is locked by its insertion: one round trip creates, locks and reads. The ids come sorted
    // and deduplicated; inserted in the order of the database's ORDER BY (the order `SELECT ... FOR UPDATE` locked
    // them in), so concurrent flushes lock in one order and no row is affected twice.
    lockStreams: `INSERT INTO ${s}.streams AS s (stream_id, version)
      SELECT id, 0 FROM unnest($1::text[]) AS u(id) ORDER BY id
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version
      RETURNING stream_id, version`,
    // The statement's snapshot, taken once the locks are held, shows what the streams' last writers committed.
    writeEvents: writeEventsSql(s, `UPDATE ${s}.streams AS s SET version = u.v
      FROM unnest($8::text[], $9::int[]) AS u(id, v) WHERE s.stream_id = u.id`, `EXISTS (SELECT 1
        FROM unnest($8::text[], $11::int[]) AS l(id, v) JOIN ${s}.events AS e ON e.stream_id = l.id AND e.stream_version = l.v
        WHERE e.position > ($1::bigint[])[1]) AS overtaken`),
    // The sole writer (PGlite): versions read without a lock, the rows written upserted with the events.
    readVersions: `SELECT stream_id, version FROM ${s}.streams WHERE stream_id = ANY($1::text[])`,
    writeEventsUpsertingStreams: writeEventsSql(s, `INSERT INTO ${s}.streams (stream_id, version)
      SELECT id, v FROM unnest($8::text[], $9::int[]) AS u(id, v)
      ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version`),
    readStream: `SELECT ${EVENT_COLUMNS} FROM ${s}.events
      WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3 ORDER BY stream_version`,
    streamVersion: `SELECT version FROM ${s}.streams WHERE stream_id = $1`,
    // Ordering by position equals ordering by (transaction_id, position) because reserve_positions
    // hands both out in the same order; position alone lets the primary key serve each page.
    readAll: pageSql(s, EVENT_COLUMNS),
    readAllWithoutMetadata: pageSql(s, EVENT_COLUMNS_WITHOUT_METADATA),
    settledHead: `SELECT position FROM ${s}.events
      WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY position DESC LIMIT 1`,
    readPositions: pageSql(s, 'position'),
    listStreams: `SELECT stream_id FROM ${s}.streams
      WHERE version > 0 AND starts_with(stream_id, $1) ORDER BY stream_id`,
  };
}

/**
 * The rows from position $1 on (the reader's last row, then at most $2 more), in position order, with the columns a
 * reader needs to know how far it may go (`deliverable` in sql-event-store.ts): `xid`, the row's transaction, and
 * `open_below`, the highest xid below it that is still in progress in the statement's snapshot (null: none). The
 * positions missing between two rows of xids X and Y were reserved by transactions of xids in [X, Y)
 * (reserve_positions): one that ended and committed would show there, so the gap is final unless one of those is in
 * progress, i.e. unless open_below >= X. The xid range, not the snapshot's xmin (the rule before): a transaction of the
 * server that reserved no position (another database, a read model's write, a forgotten `BEGIN`) no longer holds back
 * every later commit; it holds back only a gap whose range it falls in (it took its xid between the two rows' flushes,
 * so it might be a flush), and a refused append's unused positions (a gap in a committed flush) are passed as soon as
 * no transaction between the two flushes is in progress.
 */
function pageSql(s: string, columns: string): string {
  return `SELECT ${columns}, transaction_id AS xid, CASE WHEN transaction_id >= pg_snapshot_xmin(pg_current_snapshot()) THEN (
      SELECT max(open) FROM pg_snapshot_xip(pg_current_snapshot()) AS open WHERE open < transaction_id) END AS open_below
    FROM ${s}.events WHERE position >= $1 ORDER BY position LIMIT $2 + 1`;
}

/**
 * One statement: data-modifying CTEs insert the events ($1-$7) and write the versions ($8 ids, $9 versions, by
 * `streamsWrite`), then the notice on channel $10 (none when null), which PostgreSQL delivers at COMMIT.
 */
function writeEventsSql(s: string, streamsWrite: string, overtaken = 'false AS overtaken'): string {
  return `WITH inserted AS (
      INSERT INTO ${s}.events (position, stream_id, stream_version, type, data, metadata, schema_version)
      SELECT p, sid, v, t, d::jsonb, m::jsonb, sv
      FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[])
        AS u(p, sid, v, t, d, m, sv)),
    versions AS (${streamsWrite})
    SELECT ${overtaken}, CASE WHEN $10::text IS NOT NULL THEN pg_notify($10::text, '') END AS notified`;
}
