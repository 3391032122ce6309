/**
 * Review of issue 24 (forwarded writes, open points 1 and 3): a forward whose connection breaks after the owner
 * received it, or that the owner leaves silent (frozen), may have run there. Before the fix the sender sent it again
 * without a key (confirmed here: the owner ran one write twice, neither run with a key), and waited 30 s on a silent
 * owner before answering 503. Now the write goes with one Idempotency-Key each time it is asked, the silent owner is
 * given up after its lease's life and a margin, and 503515 (outcome unknown, with the key) is answered only when no
 * instance answered for that key. The owners here are plain Fastify routes that keep the answers of the keys they ran
 * in a Map: the real records are the idempotency table and the lots' recent keys (the e2e tests of this folder).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import { forwardAuctionWrites, type ForwardLimits } from './forward-writes.js';
import { stampArrival } from '../http/arrival-time.js';
import type { WriterLeases } from './writer-leases.js';

const SECRET = Buffer.from('a shared secret of the two instances, 32+ bytes');
const PATH = '/api/v1/secure/auction/A1/offer/L1';
const ROUTE = '/api/v1/secure/auction/:idAuction/offer/:idLot';
/** Ports of this helper's block. */
let nextPort = 4210;

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

interface Owner { readonly url: string; readonly runs: string[] }

/**
 * An owner: runs a write once per Idempotency-Key (a repeat answers the first answer), and `cut(n)` says whether to
 * destroy the connection after the n-th run instead of answering (it died after writing); `remember` false: a run cut
 * off leaves no answer for its key (it died before the write was stored).
 */
async function owner(name: string, cut: (n: number) => boolean = () => false, remember = true): Promise<Owner> {
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  const runs: string[] = [];
  const answers = new Map<string, unknown>();
  app.post(ROUTE, async (request, reply) => {
    const key = String(request.headers['idempotency-key'] ?? '');
    if (key !== '' && answers.has(key)) return answers.get(key);
    runs.push(key);
    const answer = { ranOn: name, run: runs.length };
    const cutOff = cut(runs.length);
    if (key !== '' && (remember || !cutOff)) answers.set(key, answer);
    if (cutOff) {
      request.raw.socket.destroy();
      return reply;
    }
    return answer;
  });
  return { url: await app.listen({ port: nextPort++, host: '127.0.0.1' }), runs };
}

/** An owner that receives writes and never answers (frozen); counts what reached it. */
async function silentOwner(): Promise<{ url: string; received: () => number }> {
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  let received = 0;
  app.post(ROUTE, () => {
    received++;
    return new Promise(() => undefined);
  });
  return { url: await app.listen({ port: nextPort++, host: '127.0.0.1' }), received: () => received };
}

/** The instance a client reached: it owns nothing; `ownerUrl()` is the owner its last lease round saw. */
async function sender(ownerUrl: () => string, limits: ForwardLimits): Promise<string> {
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  stampArrival(app, { now: () => Date.now() });
  const port = nextPort++;
  const leases = { instanceId: `sender-${port}`, ownsAuction: () => false, ownerOf: () => ({ id: 'owner', url: ownerUrl() }), refresh: async () => undefined } as unknown as WriterLeases;
  forwardAuctionWrites(app, leases, () => `http://127.0.0.1:${port}`, SECRET, () => Date.now(), limits);
  app.post(ROUTE, async () => ({ ranOn: 'sender' }));
  return app.listen({ port, host: '127.0.0.1' });
}

const offer = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"offer":101}' });

describe('a forwarded write asked again', () => {
  test('the owner ran it and the connection broke before the answer: asked again with the same key, it runs once', async () => {
    const theOwner = await owner('owner', (n) => n === 1);
    const url = await sender(() => theOwner.url, { waitMs: 3000, silentOwnerMs: 2000 });
    const res = await offer(url);
    // Before the fix: 200 {"run":2}, runs ['', '']: run twice, no key to tell.
    expect([res.status, await res.json()]).toEqual([200, { ranOn: 'owner', run: 1 }]);
    expect(theOwner.runs).toHaveLength(1);
    expect(theOwner.runs[0]).toMatch(/^fwd-[0-9a-f-]{36}$/);
    expect(res.headers.get('idempotency-key')).toBe(theOwner.runs[0]);
  });

  test('the client\'s own key goes with the write, and is the one asked again', async () => {
    const theOwner = await owner('owner', (n) => n === 1);
    const url = await sender(() => theOwner.url, { waitMs: 3000, silentOwnerMs: 2000 });
    const res = await offer(url, { 'idempotency-key': 'client-key-1' });
    expect([res.status, await res.json(), theOwner.runs]).toEqual([200, { ranOn: 'owner', run: 1 }, ['client-key-1']]);
    expect(res.headers.get('idempotency-key')).toBeNull();
  });

  test('the owner died after running it: the new owner, asked with the key, answers (here: its own run, once)', async () => {
    const dying = await owner('old', () => true);
    const next = await owner('new');
    let asked = 0;
    const url = await sender(() => (asked++ === 0 ? dying.url : next.url), { waitMs: 3000, silentOwnerMs: 2000 });
    const res = await offer(url);
    expect([res.status, await res.json()]).toEqual([200, { ranOn: 'new', run: 1 }]);
    expect(next.runs).toEqual(dying.runs);
  });

  test('a frozen owner is given up after silentOwnerMs and the new owner answers, with the same key', async () => {
    const frozen = await silentOwner();
    const next = await owner('new');
    const started = Date.now();
    // The lease moves once the frozen owner's life is over (here: 800 ms after the write was first passed on).
    const url = await sender(() => (Date.now() - started < 800 ? frozen.url : next.url), { waitMs: 8000, silentOwnerMs: 1000 });
    const res = await offer(url);
    const took = Date.now() - started;
    // Before the fix: 503 after 30.8 s (the forward's 30 s timeout, then the 8 s wait was over).
    expect([res.status, await res.json(), frozen.received()]).toEqual([200, { ranOn: 'new', run: 1 }, 1]);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(2500);
    expect(next.runs[0]).toMatch(/^fwd-/);
  });

  test('no instance answers for the key after a broken forward: 503515 naming the key, not 503001', async () => {
    const dying = await owner('old', () => true, false);
    const started = Date.now();
    const url = await sender(() => dying.url, { waitMs: 1000, silentOwnerMs: 1000 });
    const res = await offer(url);
    const body = await res.json() as { errorCode: number };
    expect([res.status, body.errorCode, res.headers.get('retry-after')]).toEqual([503, API_ERROR_CODES.WRITE_OUTCOME_UNKNOWN, '1']);
    // Every time it was asked, with the one key the answer names; the wait ends (a break extends it, within bounds).
    expect(new Set(dying.runs)).toEqual(new Set([res.headers.get('idempotency-key')]));
    expect(Date.now() - started).toBeLessThan(1000 + 1000 + 3000 + 1000);
  });

  test('an owner that refuses the connection never received it: 503001 (not done), no key named', async () => {
    const url = await sender(() => 'http://127.0.0.1:4299', { waitMs: 800, silentOwnerMs: 1000 });
    const started = Date.now();
    const res = await offer(url);
    expect(Date.now() - started).toBeLessThan(2000);
    const body = await res.json() as { errorCode: number };
    expect([res.status, body.errorCode, res.headers.get('idempotency-key')]).toEqual([503, API_ERROR_CODES.UNAVAILABLE, null]);
  });
});
