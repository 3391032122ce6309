/**
 * Where the arrival stamp is taken (issue 21 item 10): on a real socket, with the server's clock in the test's hands.
 * Work queued between the head and the handler (other requests' work, here a hook that moves the clock on) must not
 * move an offer's arrival; a body sent after its head is stamped when it ends.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { arrivalOf, stampArrival } from './arrival-time.js';

const BODY = '{"offer":1000}';
const HEAD = `POST /offer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`;

describe('arrival stamp', () => {
  let app: FastifyInstance | undefined;
  let now = 0;
  afterEach(async () => { await app?.close(); });

  /** A server whose clock is `now`; `busyMs` of other requests' work pass between the head and the body parser. */
  async function server(busyMs: number): Promise<number> {
    app = Fastify();
    stampArrival(app, { now: () => now });
    app.addHook('preParsing', async () => { now += busyMs; });
    app.post('/offer', async (request) => ({ arrivedAt: arrivalOf(request), handledAt: now }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }

  function answerOf(socket: Socket): Promise<{ arrivedAt: number; handledAt: number }> {
    return new Promise((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))));
      socket.on('error', reject);
    });
  }

  test('an offer whose bytes arrived at T is stamped T, however long other work delays its parsing and handling', async () => {
    const port = await server(300);
    now = 1_000;
    const socket = connect(port, '127.0.0.1');
    socket.write(HEAD + BODY);
    const answer = await answerOf(socket);
    expect(answer).toEqual({ arrivedAt: 1_000, handledAt: 1_300 });
  });

  test('a body sent after its head is stamped when it ends, not when the head came', async () => {
    const port = await server(0);
    now = 1_000;
    const socket = connect(port, '127.0.0.1');
    const answer = answerOf(socket);
    socket.write(HEAD);
    await new Promise((r) => setTimeout(r, 100));
    now = 5_000;
    socket.write(BODY);
    expect((await answer).arrivedAt).toBe(5_000);
  });
});
