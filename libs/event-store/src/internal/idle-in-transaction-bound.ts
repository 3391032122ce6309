import { DEFAULT_COMMIT_CHECK_MS } from './sql-event-store.js';

/** PostgreSQL's largest `idle_in_transaction_session_timeout` (INT_MAX ms): a larger one fails every connection. */
export const MAX_IDLE_IN_TRANSACTION_MS = 2_147_483_647;
/**
 * The default idle-in-transaction bound's margin over `commitCheckMs`: the earlier flush's own statements and last
 * question come on top of it, and a busy event loop delays every step (issue 25).
 */
const IDLE_IN_TRANSACTION_MARGIN_MS = 30_000;
const SETTING = 'idle_in_transaction_session_timeout';

/** What the bound is made of: the store's options, and the connection string pg will read too. */
export interface IdleInTransactionSources {
  commitCheckMs?: number;
  idleInTransactionTimeoutMs?: number;
  pool?: { options?: string };
}

/**
 * The `idle_in_transaction_session_timeout` the store's sessions get, in ms (0: not set); throws for a value that is
 * not a whole number of ms up to PostgreSQL's INT_MAX, or that `commitCheckMs` reaches. A connection string's own
 * `idle_in_transaction_session_timeout=` is the bound (pg lets it override the pool's settings), checked the same way;
 * refused beside the option, and so is the setting in `options` (`-c …`), which the store's startup parameter would
 * silently override.
 */
export function idleInTransactionTimeoutOf(sources: IdleInTransactionSources, connectionString?: string): number {
  const commitCheckMs = sources.commitCheckMs ?? DEFAULT_COMMIT_CHECK_MS;
  const query = queryOf(connectionString);
  const inUrl = query?.getAll(SETTING).at(-1);
  if (inUrl !== undefined && sources.idleInTransactionTimeoutMs !== undefined) {
    throw new Error(`${SETTING} is given twice: by idleInTransactionTimeoutMs and by the connection string; keep one`);
  }
  for (const options of [sources.pool?.options, query?.get('options')]) {
    if (options?.includes(SETTING)) throw new Error(`${SETTING} in the connection's options is overridden by the store: set idleInTransactionTimeoutMs instead`);
  }
  const timeout = inUrl !== undefined
    ? (/^\d+$/.test(inUrl) ? Number(inUrl) : inUrl)
    : sources.idleInTransactionTimeoutMs ?? Math.min(commitCheckMs + IDLE_IN_TRANSACTION_MARGIN_MS, MAX_IDLE_IN_TRANSACTION_MS);
  if (typeof timeout !== 'number' || !Number.isSafeInteger(timeout) || timeout < 0 || timeout > MAX_IDLE_IN_TRANSACTION_MS || (timeout > 0 && timeout <= commitCheckMs)) {
    throw new Error(
      `idleInTransactionTimeoutMs must be 0 or a whole number of ms above commitCheckMs (${commitCheckMs}) and at most ` +
        `${MAX_IDLE_IN_TRANSACTION_MS}, not ${typeof timeout === 'string' ? JSON.stringify(timeout) : String(timeout)}${inUrl !== undefined ? ' (from the connection string)' : ''}`,
    );
  }
  return timeout;
}

/**
 * The query of a connection string, as pg reads it (pg-connection-string: the part after `?` of anything but a socket
 * directory, even where the rest is not a valid URL, such as `postgres://user@/db?host=/tmp`); null when it has none.
 */
function queryOf(connectionString: string | undefined): URLSearchParams | null {
  if (connectionString === undefined || connectionString.startsWith('/')) return null;
  const at = connectionString.indexOf('?');
  return at < 0 ? null : new URLSearchParams(connectionString.slice(at + 1).split('#')[0]);
}
