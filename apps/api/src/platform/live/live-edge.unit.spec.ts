import { afterEach, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { listenOn } from '@auction/messaging';
import { createLiveEdgeServer } from './live-edge.js';

const SECRET = 'edge-secret-for-the-unit-test-0123456789';

describe('the live edge check\'s server: errors of the server and of its connections', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  const start = async (warnings: string[]) => {
    server = createLiveEdgeServer({
      secret: SECRET,
      access: { authenticate: () => null, maySubscribeAuction: async () => false, mayFollowAuction: () => false },
      logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
    });
    await listenOn(server, 0, '127.0.0.1');
    return (server.address() as AddressInfo).port;
  };
  const check = (port: number) => fetch(`http://127.0.0.1:${port}/edge/check`, {
    method: 'POST', headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'u=u-1&t=x',
  });

  test('an accept failing after listen (EMFILE) is logged once and the server goes on answering', async () => {
    const warnings: string[] = [];
    const port = await start(warnings);
    // What Node emits when the process is out of file descriptors; without a listener, emit throws it (the process ends).
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'accept' });
    for (let i = 0; i < 3; i++) server!.emit('error', emfile);
    expect(warnings).toEqual(['live edge check: server error (it goes on serving)']);
    const answer = await check(port);
    expect([answer.status, await answer.text()]).toEqual([200, 'no']);
  });

  test('a client resetting its connection in the middle of a request ends neither the process nor the server', async () => {
    const port = await start([]);
    const closed = new Promise<void>((resolve) => server!.once('connection', (socket) => socket.once('close', () => resolve())));
    const client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    client.write(`POST /edge/check HTTP/1.1\r\nHost: edge\r\nAuthorization: Bearer ${SECRET}\r\nContent-Length: 100\r\n\r\nu=`);
    client.resetAndDestroy();
    await closed;
    const answer = await check(port);
    expect(answer.status).toBe(200);
  });
});
