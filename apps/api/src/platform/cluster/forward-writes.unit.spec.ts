/**
 * Forwarded writes (issue 24 item 1): a write on an auction another instance owns is passed to the owner with a signed
 * marker; a marker a client forged is not believed (the request is passed on as any client's), a signed one is
 * answered where it arrives and judged by the first instance's arrival instant, and one read after the sender's wait
 * (the owner was frozen) is not run. A forward that breaks or stays silent is asked again with one Idempotency-Key.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { FORWARDED_HEADER, forwardAuctionWrites, writerForwardLimits, type ForwardLimits } from './forward-writes.js';
import { arrivalOf, stampArrival } from '../http/arrival-time.js';
import type { WriterLeases } from './writer-leases.js';

const SECRET = Buffer.from('a shared secret of the two instances, 32+ bytes');
const PATH = '/api/v1/secure/auction/A1/offer/L1';

/** An instance whose leases say `owner` writes every auction; its route records the arrival it judged by. */
async function instance(name: string, owns: boolean, owner: () => string): Promise<{ app: FastifyInstance; url: string; ran: { arrival: number | undefined; marker: unknown }[] }> {
  const app = Fastify();
  const ran: { arrival: number | undefined; marker: unknown }[] = [];
  const leases = { instanceId: name, ownsAuction: () => owns, ownerOf: () => ({ id: 'owner', url: owner() }), refresh: async () => undefined } as unknown as WriterLeases;
  stampArrival(app, { now: () => Date.now() });
  let url = '';
  forwardAuctionWrites(app, leases, () => url, SECRET, () => Date.now(), writerForwardLimits(3000));
  app.post('/api/v1/secure/auction/:idAuction/offer/:idLot', async (request) => {
    ran.push({ arrival: arrivalOf(request), marker: request.headers[FORWARDED_HEADER] });
    return { ranOn: name };
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, ran };
}

describe('forwarded writes', () => {
  let owner: Awaited<ReturnType<typeof instance>>;
  let other: Awaited<ReturnType<typeof instance>>;
  beforeAll(async () => {
    owner = await instance('owner', true, () => owner.url);
    other = await instance('other', false, () => owner.url);
  });
  afterAll(async () => {
    await other.app.close();
    await owner.app.close();
  });

  test('a write reaching the other instance runs on the owner, judged by the instant it reached the other', async () => {
    const sentAt = Date.now();
    const res = await fetch(`${other.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"offer":101}' });
    expect(await res.json()).toEqual({ ranOn: 'owner' });
    expect(other.ran).toHaveLength(0);
    const last = owner.ran.at(-1)!;
    expect(last.arrival).toBeGreaterThanOrEqual(sentAt);
    expect(last.arrival).toBeLessThanOrEqual(Date.now());
    // The marker is consumed: the handler (and an idempotency fingerprint) never sees it.
    expect(last.marker).toBeUndefined();
  });

  test('a forged marker sent by a client is not believed: the write still runs on the owner', async () => {
    for (const marker of ['other 1 forged', `other ${Date.now()} AAAA`, 'x', '']) {
      const res = await fetch(`${other.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', [FORWARDED_HEADER]: marker }, body: '{"offer":102}' });
      expect(await res.json()).toEqual({ ranOn: 'owner' });
    }
    expect(other.ran).toHaveLength(0);
  });

  test('a signed marker older than 30 s (read by an owner frozen past the sender\'s wait) is not run: 503 moved', async () => {
    const at = Date.now() - 60_000;
    const sign = createHmac('sha256', SECRET).update(`forwarded-write\u0000other\u0000${at}\u0000POST\u0000${PATH}`).digest('base64url');
    const runs = owner.ran.length;
    const res = await fetch(`${owner.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', [FORWARDED_HEADER]: `other ${at} ${sign}` }, body: '{"offer":103}' });
    expect([res.status, res.headers.get('x-auction-writer-moved')]).toEqual([503, '1']);
    expect(owner.ran).toHaveLength(runs);
  });

  test('a signed marker is not valid for another path', async () => {
    const at = Date.now() - 1_000;
    const sign = createHmac('sha256', SECRET).update(`forwarded-write\u0000other\u0000${at}\u0000POST\u0000/api/v1/secure/auction/A2/offer/L9`).digest('base64url');
    const before = Date.now();
    await fetch(`${owner.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', [FORWARDED_HEADER]: `other ${at} ${sign}` }, body: '{"offer":104}' });
    expect(owner.ran.at(-1)!.arrival).toBeGreaterThanOrEqual(before);
  });
});
