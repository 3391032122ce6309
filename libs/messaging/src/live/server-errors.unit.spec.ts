import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../private-infra.test-support.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { mqttConnect, until } from './mqtt-packets.test-support.js';
import { listenOn, logServerErrors, SERVER_ERROR_LOG_EVERY_MS } from './server-errors.js';

/** What Node emits on a listening server whose accept failed: the process is out of file descriptors. */
const acceptError = () => Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'accept' });

describe('logServerErrors', () => {
  it('logs the first error after listen, then at most one line per period with the count of those not logged', async () => {
    const server = createNetServer();
    const lines: Record<string, unknown>[] = [];
    let now = 1_000;
    logServerErrors(server, 'test server', { warn: (_message, extra) => lines.push(extra ?? {}) }, () => now);
    // A listen error is its caller's: not logged (listenOn rejects with it).
    const taken = createNetServer();
    await listenOn(taken, 0, '127.0.0.1');
    await expect(listenOn(server, (taken.address() as AddressInfo).port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    taken.close();
    expect(lines).toEqual([]);

    await listenOn(server, 0, '127.0.0.1');
    try {
      for (let i = 0; i < 100; i++) server.emit('error', acceptError());
      expect(lines).toEqual([{ error: 'Error: accept EMFILE', notLoggedBefore: 0 }]);
      now += SERVER_ERROR_LOG_EVERY_MS;
      server.emit('error', acceptError());
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({ notLoggedBefore: 99 });
    } finally {
      server.close();
    }
  });
});

describe('embedded broker: its TCP listener and sockets', () => {
  let http: Server | undefined;
  let live: EmbeddedBroker | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await live?.close();
    if (http) await new Promise((resolve) => http!.close(resolve));
    live = undefined;
    http = undefined;
  });

  const start = async (warnings: string[] = []) => {
    http = createHttpServer();
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
    live = await startEmbeddedBroker({
      httpServer: http, tcpPort: await freePort(),
      logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
      authenticate: (username, token) => (token === 'token-alice' && username === 'alice' ? { idUser: 'u-alice', username } : null),
    });
    return live.tcpAddress!.port;
  };
  const connectAlice = (port: number) =>
    connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0 });
  /** A raw TCP connection, open. */
  const rawSocket = async (port: number) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  };

  it('an accept failing after listen is logged once and the listener goes on accepting', async () => {
    const warnings: string[] = [];
    const port = await start(warnings);
    // The listener itself, from the socket it accepted (Node sets `server` on each accepted socket).
    const first = await connectAlice(port);
    await until(() => live!.connectedClients() === 1);
    const conn = Object.values((live!.broker as unknown as { clients: Record<string, { conn: { server: NetServer } }> }).clients)[0]!.conn;
    await first.endAsync(true);
    // Without a listener, emit throws the error: in the product, an uncaught exception that ends the process.
    for (let i = 0; i < 3; i++) conn.server.emit('error', acceptError());
    expect(warnings).toEqual(['MQTT TCP listener: server error (it goes on serving)']);

    const again = await connectAlice(port);
    expect(again.connected).toBe(true);
    await again.endAsync(true);
  });

  it('a client resetting its connection, before or after CONNECT, ends neither the process nor the listener', async () => {
    const port = await start();
    const bare = await rawSocket(port);
    const bareClosed = new Promise((resolve) => bare.once('close', resolve));
    bare.resetAndDestroy();
    await bareClosed;

    const connected = await rawSocket(port);
    connected.write(mqttConnect('raw-alice', 'alice', 'token-alice'));
    await until(() => live!.connectedClients() === 1);
    connected.resetAndDestroy();
    await until(() => live!.connectedClients() === 0);

    const after = await connectAlice(port);
    expect(after.connected).toBe(true);
    await after.endAsync(true);
  });
});
