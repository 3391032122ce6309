import type { Server } from 'node:http';

/**
 * Gives every connection of the HTTP server an 'error' listener for its whole life. Node's own listener is taken off
 * when a socket is handed to the 'upgrade' listeners, and an upgrade no one takes (a path neither socket.io's nor the
 * MQTT WebSocket's) waits up to a second for engine.io to end it: a client resetting such a socket meanwhile ended
 * the process (ECONNRESET thrown as an unhandled 'error' event). The socket is destroyed by the failed read itself.
 */
export function keepSocketErrorsHandled(server: Server): void {
  server.on('connection', (socket) => socket.on('error', ignoreSocketError));
}

function ignoreSocketError(): void {}
