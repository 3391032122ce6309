import pg from 'pg';
import { parse } from 'pg-connection-string';
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
 * refused beside the option, and so is the setting in `options` (`-c …`: the pool's, the connection string's, or
 * PGOPTIONS where pg takes it from the environment), which the store's startup parameter would silently override.
 */
export function idleInTransactionTimeoutOf(sources: IdleInTransactionSources, connectionString?: string): number {
  const commitCheckMs = sources.commitCheckMs ?? DEFAULT_COMMIT_CHECK_MS;
  const settings = settingsOf(connectionString);
  const inUrl = settings?.[SETTING];
  if (inUrl !== undefined && sources.idleInTransactionTimeoutMs !== undefined) {
    throw new Error(`${SETTING} is given twice: by idleInTransactionTimeoutMs and by the connection string; keep one`);
  }
  // pg's options (ConnectionParameters): the connection string's where it has the key (even empty: it replaces the
  // pool's), else the pool's; where that is empty, PGOPTIONS from the environment, else pg.defaults'.
  const given = settings !== null && 'options' in settings ? settings['options'] : sources.pool?.options;
  const used = given || process.env['PGOPTIONS'] || pg.defaults.options;
  for (const options of [sources.pool?.options, settings?.['options'], used]) {
    if (typeof options === 'string' && setsTheBound(options)) throw new Error(`${SETTING} in the connection's options is overridden by the store: set idleInTransactionTimeoutMs instead`);
  }
  const timeout = inUrl !== undefined
    ? (typeof inUrl === 'string' && /^\d+$/.test(inUrl) ? Number(inUrl) : inUrl)
    : sources.idleInTransactionTimeoutMs ?? Math.min(commitCheckMs + IDLE_IN_TRANSACTION_MARGIN_MS, MAX_IDLE_IN_TRANSACTION_MS);
  if (typeof timeout !== 'number' || !Number.isSafeInteger(timeout) || timeout < 0 || timeout > MAX_IDLE_IN_TRANSACTION_MS || (timeout > 0 && timeout <= commitCheckMs)) {
    throw new Error(
      `idleInTransactionTimeoutMs must be 0 or a whole number of ms above commitCheckMs (${commitCheckMs}) and at most ` +
        `${MAX_IDLE_IN_TRANSACTION_MS}, not ${typeof timeout === 'number' ? String(timeout) : JSON.stringify(timeout)}${inUrl !== undefined ? ' (from the connection string)' : ''}`,
    );
  }
  // pg sends no setting for 0 (the connection string's "0" it sends): it falls back to pg.defaults' then.
  const fallback: unknown = pg.defaults.idle_in_transaction_session_timeout;
  if (timeout === 0 && inUrl === undefined && fallback) {
    throw new Error(`pg.defaults.${SETTING} (${String(fallback)}) would be the bound of sessions the store sends no setting for (0): set idleInTransactionTimeoutMs instead`);
  }
  return timeout;
}

/**
 * Whether PostgreSQL may take the setting from these options (`-c name=value`, `--name=value`): it splits them at
 * white space, a backslash escaping the next character, matches setting names whatever their case, and reads `-` in a
 * name as `_`. Looked for anywhere in the options: a needless refusal is loud, a missed one silent.
 */
function setsTheBound(options: string): boolean {
  return options.replace(/\\(.)/gs, '$1').toLowerCase().replaceAll('-', '_').includes(SETTING);
}

/**
 * A connection string's settings read by pg's own parser (pg-connection-string, the one pg uses: the part after `?`,
 * even beside an empty host such as `postgres://user@/db?host=/tmp`, the last of a repeated key); null for a socket
 * directory or a string pg cannot parse (pg refuses that one itself when it connects).
 */
function settingsOf(connectionString: string | undefined): Record<string, unknown> | null {
  if (connectionString === undefined) return null;
  try {
    return parse(connectionString) as unknown as Record<string, unknown>;
  } catch {
    return null;
  }
}
