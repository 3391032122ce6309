import { afterAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { SoleWriter } from '../../platform/cluster/writer-ownership.js';
import { stampArrival } from '../../platform/http/arrival-time.js';
import { LOT_CLOSE_CAP_MS, OffersInFlight, holdOffersInFlight, inTurnOf } from './offers-in-flight.js';

const clock = { now: () => Date.now() };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OffersInFlight', () => {
  it('holds a lot\'s closing only for offers that arrived before its end, and never past the cap', () => {
    const inFlight = new OffersInFlight(clock, new SoleWriter('solo'));
    const end = 10_000;
    expect(inFlight.holdsClose('lot-a', end, end)).toBe(false);
    const late = inFlight.hold('lot-a', () => end);
    expect(inFlight.holdsClose('lot-a', end, end + 1)).toBe(false);
    const onTime = inFlight.hold('lot-a', () => end - 1);
    expect(inFlight.holdsClose('lot-a', end, end + 1)).toBe(true);
    expect(inFlight.holdsClose('lot-b', end, end + 1)).toBe(false);
    expect(inFlight.holdsClose('lot-a', end, end + LOT_CLOSE_CAP_MS)).toBe(false);
    // Before its end a lot is never closable.
    expect(inFlight.holdsClose('lot-b', end, end - 1)).toBe(true);
    onTime();
    onTime();
    expect(inFlight.holdsClose('lot-a', end, end + 1)).toBe(false);
    expect(inFlight.size).toBe(1);
    late();
    expect(inFlight.size).toBe(0);
  });

  it('wakes the closing as soon as the last offer that arrived before the end is released', async () => {
    const inFlight = new OffersInFlight(clock, new SoleWriter('solo'));
    const end = Date.now() - 5;
    const release = inFlight.hold('lot-a', () => end - 10);
    let closable = false;
    const waiting = inFlight.closable(['lot-a', 'lot-b'], end).then(() => { closable = true; });
    await sleep(30);
    expect(closable).toBe(false);
    const t0 = Date.now();
    release();
    await waiting;
    expect(Date.now() - t0).toBeLessThan(20);
  });

  it('with another instance alive, holds every closing for the whole cap', async () => {
    const inFlight = new OffersInFlight(clock, { ...new SoleWriter('a'), owned: () => [0], ownsAuction: () => true, liveInstances: () => new Set(['a', 'b']) });
    const end = Date.now();
    expect(inFlight.holdsClose('lot-a', end, end + 1)).toBe(true);
    await inFlight.closable(['lot-a'], end);
    expect(Date.now() - end).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS - 2);
  });
});

describe('holdOffersInFlight (Fastify hooks)', () => {
  const inFlight = new OffersInFlight(clock, new SoleWriter('solo'));
  const app = Fastify();
  stampArrival(app, clock);
  holdOffersInFlight(app, inFlight);
  const seen: number[] = [];
  // A command route (what @ClaimInTurn sets) that takes its turn after 30 ms, and one that fails before its turn.
  app.post('/auction/:idAuction/offer/:idLot', { config: { 'idempotency:claim-in-turn': true } as never }, async (request) => {
    seen.push(inFlight.size);
    await sleep(30);
    inTurnOf(request)();
    seen.push(inFlight.size);
    return { ok: true };
  });
  app.post('/auction/:idAuction/fails/:idLot', { config: { 'idempotency:claim-in-turn': true } as never }, async () => {
    seen.push(inFlight.size);
    throw new Error('refused before its turn');
  });
  app.post('/auction/:idAuction/observe/:idLot', async () => {
    seen.push(inFlight.size);
    return {};
  });
  afterAll(() => app.close());

  it('notes a command on a lot from its arrival until its turn, or until its answer when it never gets one', async () => {
    const body = { offer: 1 };
    expect((await app.inject({ method: 'POST', url: '/auction/a1/offer/l1', payload: body })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/auction/a1/fails/l1', payload: body })).statusCode).toBe(500);
    expect((await app.inject({ method: 'POST', url: '/auction/a1/observe/l1', payload: body })).statusCode).toBe(200);
    await sleep(5);
    expect(seen).toEqual([1, 0, 1, 0]);
    expect(inFlight.size).toBe(0);
  });
});

describe('holdOffersInFlight, a body sent after its head', () => {
  const inFlight = new OffersInFlight(clock, new SoleWriter('solo'));
  const app = Fastify();
  stampArrival(app, clock);
  holdOffersInFlight(app, inFlight);
  app.post('/auction/:idAuction/offer/:idLot', { config: { 'idempotency:claim-in-turn': true } as never }, async (request) => {
    inTurnOf(request)();
    return { ok: true };
  });
  afterAll(() => app.close());

  it('holds no closing past the end for a head sent before it whose body comes after (it is stamped once read)', async () => {
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const { connect } = await import('node:net');
    const body = '{"offer":1000}';
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const answered = new Promise<string>((resolve) => { let t = ''; socket.on('data', (d) => { t += d.toString(); if (t.includes('ok')) resolve(t); }); });
    const end = Date.now() + 60;
    try {
      socket.write(`POST /auction/a1/offer/l1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      await sleep(20);
      // Before the end the head alone holds: its body may still come in time.
      expect(inFlight.size).toBe(1);
      expect(inFlight.holdsClose('l1', end, end - 1)).toBe(true);
      await sleep(Math.max(0, end - Date.now()) + 5);
      // At the end the body is still missing: it can only arrive after the end, so it holds nothing.
      expect(inFlight.holdsClose('l1', end, Date.now())).toBe(false);
      const t0 = Date.now();
      await inFlight.closable(['l1'], end);
      expect(Date.now() - t0).toBeLessThan(20);
      socket.write(body);
      expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
    await sleep(5);
    expect(inFlight.size).toBe(0);
  });
});
