/**
 * Pay by link (#23 item 7), against the real built server, embedded, with the demo payment provider: a dealer's link
 * for its own showcase purchase (the exact price as text), the same 404 for another's purchase and an unknown id, the
 * demo page's pay → signed notification → PAID on GET /purchases (then 409420), the fail path → FAILED then a retry
 * that pays, a used, forged or replaced link refused, a notification with a forged signature refused, bad input 400420.
 * Embedded, and on PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, type SharedServer, type StorageMode, okBody, sharedServer, statusAndCode } from '../testing/server.test-support.js';
import { runTag } from '../testing/auction.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;

function payByLinkSuite(mode: StorageMode): void {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'] | undefined;
  const c = {} as Record<'exhibitor' | 'dealer1' | 'dealer2', ApiClient>;
  let vehicles: string[] = [];

  beforeAll(async () => {
    shared = await sharedServer(mode);
    server = shared.server;
    await Promise.all((['exhibitor', 'dealer1', 'dealer2'] as const).map(async (u) => { c[u] = await ApiClient.login(server!.baseUrl, u); }));
    const prices = [7000.5, 1234.56, 19999.99, 15];
    const created = await okBody<Row>(c.exhibitor.post(`${S}/showcase`, {
      body: { idMarket: 'IT', vehicles: prices.map((price, i) => ({ licensePlate: `PL${runTag()}${i}`, brand: 'Fiat', model: 'Tipo', price })) },
    }), 'showcase');
    vehicles = (created['vehicles'] as Row[]).map((v) => v['idVehicle'] as string);
    await okBody(c.dealer1.patch(`${S}/showcase/accept-regulation`), 'regulation');
    await okBody(c.dealer1.put(`${S}/showcase/buy`, { body: { idVehicles: vehicles } }), 'buy');
  }, 180_000);

  afterAll(async () => {
    await shared?.release();
  });

  const link = (who: ApiClient, idPurchase: string) => who.get(`${S}/user/payByLink?idPurchase=${encodeURIComponent(idPurchase)}`);
  const payment = async (idPurchase: string) => {
    const page = await okBody<{ items: Row[] }>(c.dealer1.get(`${S}/purchases?channel=SHOWCASE&limit=100`), 'purchases');
    return page.items.find((r) => r['idPurchase'] === idPurchase)?.['paymentStatus'];
  };
  /** The demo page's path of a link (the link names the portal's public origin; the test reaches the server it started). */
  const demoPath = (url: string) => new URL(url).pathname;
  const click = (path: string, outcome: 'pay' | 'fail') =>
    fetch(`${server!.baseUrl}${path}/${outcome}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'text/plain' }, body: '' });

  test('the link of one\'s own purchase: the demo page of the exact price; another\'s or an unknown purchase: the same 404; bad id 400420', async () => {
    const [v1] = vehicles as [string];
    const answer = await okBody<Row>(link(c.dealer1, v1), 'link');
    expect(answer).toMatchObject({ idPurchase: v1, amount: '7000.50', amountCents: 700_050, currency: 'EUR', provider: 'demo' });
    expect(String(answer['url'])).toMatch(/\/api\/v1\/open\/demo-payments\/[A-Za-z0-9_-]{32}$/);
    expect(await payment(v1)).toBe('PENDING');
    const page = await fetch(`${server!.baseUrl}${demoPath(answer['url'])}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Demo payment provider');
    expect(html).toContain('7000.50 EUR');

    const unknown = await statusAndCode(link(c.dealer2, 'NO-SUCH-PURCHASE'));
    expect(unknown).toEqual([404, 404420]);
    expect(await statusAndCode(link(c.dealer2, v1))).toEqual(unknown);
    expect(await statusAndCode(link(c.exhibitor, v1))).toEqual([403, 403001]);
    for (const bad of ['', 'a b', 'x'.repeat(65), '../v1']) expect(await statusAndCode(link(c.dealer1, bad))).toEqual([400, 400420]);
    expect(await statusAndCode(c.dealer1.get(`${S}/user/payByLink`))).toEqual([400, 400420]);
  });

  test('pay on the demo page: a signed notification pays the purchase; the used link and a forged one are refused; no new link once paid', async () => {
    const v = vehicles[1]!;
    const { url } = await okBody<Row>(link(c.dealer1, v), 'link');
    const paid = await click(demoPath(url), 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect([back.pathname, back.searchParams.get('esito')]).toEqual(['/paymentSuccess', 'OK']);
    expect(back.searchParams.get('messaggio')).toContain('1234.56 EUR');
    expect(await payment(v)).toBe('PAID');

    for (const reused of [await click(demoPath(url), 'pay'), await click(demoPath(url), 'fail'), await fetch(`${server!.baseUrl}${demoPath(url)}`)]) {
      expect([reused.status, reused.headers.get('x-error-code')]).toEqual([404, '404422']);
    }
    const forged = `/api/v1/open/demo-payments/${'A'.repeat(32)}`;
    expect((await click(forged, 'pay')).status).toBe(404);
    expect((await fetch(`${server!.baseUrl}${forged}`)).status).toBe(404);
    expect(await statusAndCode(link(c.dealer1, v))).toEqual([409, 409420]);
    expect(await payment(v)).toBe('PAID');
  });

  test('fail on the demo page: FAILED, then a new link pays; a replaced link no longer pays', async () => {
    const v = vehicles[2]!;
    const first = await okBody<Row>(link(c.dealer1, v), 'first link');
    const failed = await click(demoPath(first['url']), 'fail');
    expect(failed.status).toBe(303);
    const back = new URL(failed.headers.get('location')!);
    expect([back.pathname, back.searchParams.get('esito')]).toEqual(['/paymentError', 'KO']);
    expect(await payment(v)).toBe('FAILED');

    const replaced = await okBody<Row>(link(c.dealer1, v), 'retry link');
    const newest = await okBody<Row>(link(c.dealer1, v), 'newest link');
    const late = await click(demoPath(replaced['url']), 'pay');
    expect(new URL(late.headers.get('location')!).pathname).toBe('/paymentError');
    expect(await payment(v)).toBe('PENDING');
    expect(newest['amount']).toBe('19999.99');
    expect((await click(demoPath(newest['url']), 'pay')).status).toBe(303);
    expect(await payment(v)).toBe('PAID');
  });

  test('a notification whose signature is missing or does not verify changes nothing (401520); malformed 400421', async () => {
    const v = vehicles[3]!;
    await okBody(link(c.dealer1, v), 'link');
    const anonymous = ApiClient.anonymous(server!.baseUrl);
    const body = { idPurchase: v, idAttempt: 'guessed-attempt', outcome: 'PAID', amount: '15.00', currency: 'EUR', providerRef: 'forged' };
    expect(await statusAndCode(anonymous.post('/api/v1/open/payment-notification', { body, headers: { 'x-payment-signature': 'ab'.repeat(32) } }))).toEqual([401, 401520]);
    expect(await statusAndCode(anonymous.post('/api/v1/open/payment-notification', { body }))).toEqual([401, 401520]);
    expect(await statusAndCode(anonymous.post('/api/v1/open/payment-notification', { body: { ...body, amount: 15 } }))).toEqual([400, 400421]);
    expect(await payment(v)).toBe('PENDING');
  });
}

describe('pay by link (embedded, demo payment provider)', () => payByLinkSuite('embedded'));
describe('pay by link (PostgreSQL, demo payment provider)', () => payByLinkSuite('postgres'));
