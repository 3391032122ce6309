import type { Server } from 'node:http';
import { logServerErrors, type LiveLogger } from '@auction/messaging';

/**
 * Gives the HTTP server, and every connection of it, an 'error' listener for its whole life. Node's own listener is
 * taken off a socket when it is handed to the 'upgrade' listeners, and an upgrade no one takes (a path neither
 * socket.io's nor the MQTT WebSocket's) waits up to a second for engine.io to end it: a client resetting such a socket
 * meanwhile ended the process (ECONNRESET thrown as an unhandled 'error' event). The socket is destroyed by the failed
 * read itself. The server's own errors (an accept failing once the process is out of file descriptors) are logged, at
 * most once a minute, and it goes on serving (see `logServerErrors`).
 */
export function keepSocketErrorsHandled(server: Server, logger: Pick<LiveLogger, 'warn'>): void {
  server.on('connection', (socket) => socket.on('error', ignoreSocketError));
  logServerErrors(server, 'API HTTP server', logger);
}

function ignoreSocketError(): void {}
