/** Runs one SQL statement with positional parameters and returns its rows. */
export interface SqlQueryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

/**
 * The little a SQL adapter needs from a driver: statements, transactions, and shutdown.
 * Implemented on a `pg` Pool and on a serialized PGlite session, so the event-store SQL and the
 * group-commit logic exist once.
 */
export interface SqlExecutor extends SqlQueryable {
  /**
   * Runs `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. `opening`, a statement without
   * parameters, runs first in the transaction, sent with its BEGIN in one round trip where the driver allows it; `work`
   * gets its rows. Each round trip of a write waits for the event loop's turn, which a busy API makes long (issue 25,
   * closing rush): a flush is one round trip shorter this way.
   */
  transaction<T>(work: (tx: SqlQueryable, opened: Record<string, unknown>[]) => Promise<T>, opening?: string): Promise<T>;
  close(): Promise<void>;
}

/** SQLSTATEs after which the same transaction may simply be tried again. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01', '23505']);

/**
 * True for serialization failures, deadlocks and unique violations from a racing writer, and for a prepared statement
 * refused after a migration ({@link isStalePlanError}).
 */
export function isRetryableSqlError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) || isStalePlanError(error);
}

/**
 * True when PostgreSQL refused a prepared statement whose result columns changed type since the session prepared it (a
 * migration run while the store runs). The session is ended on the error; the next one prepares the statement again.
 */
export function isStalePlanError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
