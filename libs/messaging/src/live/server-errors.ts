import type { Server } from 'node:net';
import { describeError, type LiveLogger } from './live-logger.js';

/** At most one log line per this long for the errors of one server (see {@link logServerErrors}). */
export const SERVER_ERROR_LOG_EVERY_MS = 60_000;

/**
 * Gives a server (`net` or `http`) an 'error' listener for its whole life. Node emits 'error' on a listening server when
 * an accept fails (EMFILE, ENFILE: the process is out of file descriptors) and goes on accepting; without a listener
 * the first such error ends the process. Each accept fails anew while it lasts, so one line is logged per
 * {@link SERVER_ERROR_LOG_EVERY_MS} at most, with the count of the errors not logged since the line before. An error
 * before the server listens is its `listen`'s, left to whoever called it (see {@link listenOn}).
 */
export function logServerErrors(server: Server, name: string, logger: Pick<LiveLogger, 'warn'>, now: () => number = Date.now): void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  server.on('error', (error: unknown) => {
    if (!server.listening) return;
    const at = now();
    if (at - loggedAt < SERVER_ERROR_LOG_EVERY_MS) {
      unlogged += 1;
      return;
    }
    logger.warn(`${name}: server error (it goes on serving)`, { error: describeError(error), notLoggedBefore: unlogged });
    loggedAt = at;
    unlogged = 0;
  });
}

/** Binds `server` to `host`:`port`; rejects with the bind error (port taken, unknown host) instead of emitting it. */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
