import { afterEach, describe, expect, test } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { keepSocketErrorsHandled } from './upgrade-sockets.js';

describe('the API\'s HTTP server: errors of the server and of the sockets handed to the upgrade listeners', () => {
  let app: FastifyInstance | undefined;
  let client: Socket | undefined;
  afterEach(async () => {
    client?.destroy();
    await app?.close();
    app = undefined;
  });

  test('an upgrade no listener takes keeps an error listener: a client resetting it does not end the process', async () => {
    app = Fastify();
    app.get('/api/health', async () => ({ ok: true }));
    keepSocketErrorsHandled(app.server, { warn: () => {} });
    // As engine.io does for a path that is not its own: the socket is left alone for a while.
    const handedOver = new Promise<Socket>((resolve) => app!.server.on('upgrade', (_req, socket: Socket) => resolve(socket)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    await new Promise<void>((resolve) => client!.once('connect', () => resolve()));
    client.write('GET /not-a-live-path HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    const socket = await handedOver;
    // Without a listener the reset below is thrown as an unhandled 'error' event (checked first, so it cannot crash jest).
    expect(socket.listenerCount('error')).toBeGreaterThan(0);

    const closed = new Promise<boolean>((resolve) => socket.once('close', (hadError) => resolve(hadError)));
    client.resetAndDestroy();
    expect(await closed).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  test('an accept failing after listen (EMFILE) is logged once and the server goes on serving', async () => {
    app = Fastify();
    app.get('/api/health', async () => ({ ok: true }));
    const warnings: string[] = [];
    keepSocketErrorsHandled(app.server, { warn: (message) => warnings.push(message) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // What Node emits when the process is out of file descriptors; without a listener, emit throws it (the process ends).
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'accept' });
    for (let i = 0; i < 3; i++) app.server.emit('error', emfile);
    expect(warnings).toEqual(['API HTTP server: server error (it goes on serving)']);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
