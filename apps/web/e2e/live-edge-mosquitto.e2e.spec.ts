/**
 * The live page on the edge of Mosquitto (LIVE_EDGE=mosquitto, README "Configuration"): a product of its own whose
 * browsers subscribe on Mosquitto's WebSocket listener, their live tokens checked by the auth plugin of
 * tools/mosquitto-edge (built and loaded by tools/infra, in a Mosquitto of this file's own: harness/edge-mosquitto.ts).
 * dealer1's page connects to Mosquitto, never to the API's /mqtt; dealer2's offer (through the API) reaches it live
 * (best offer and outbid, no reload); axe finds nothing on it; dealer1's logout in another tab makes the plugin close
 * the live page's connection within seconds, and the page, signed out, gets no live connection afterwards.
 * The product keeps its events in its embedded storage (no PostgreSQL, no Kafka: the edge does not depend on them);
 * its live channel is Mosquitto's (MQTT_URL), as in server mode.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS, ApiSession, auctionBody, expectAxeClean, launchChromium, loginThroughUi, newUserPage, screenshot, startProduct, type Product,
} from './harness.js';
import { startEdgeMosquitto, type EdgeMosquitto } from './harness/edge-mosquitto.js';
import { mqttStream } from './harness/mqtt-frames.js';

const TEST = 'live-edge-mosquitto';
/** As live-bidding: another dealer's offer shows within a second of its answer. */
const LIVE_WITHIN_MS = 1_000;
/** The edge's revocation: a logout closes the user's connections on Mosquitto (the API's control message to the plugin). */
const REVOKED_WITHIN_MS = 3_000;

let edge: EdgeMosquitto | undefined;
let product: Product | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const t0 = Date.now();
  edge = await startEdgeMosquitto();
  const t1 = Date.now();
  // Embedded storage (PGlite, no Kafka): the edge does not depend on it, and the start is spared a database and a
  // Kafka group (its live channel is Mosquitto's all the same: MQTT_URL); no demo photos (drawn at the first start).
  product = await startProduct({ embedded: true, env: { ...edge.productEnv, DEMO_PHOTOS: 'false' }, logFile: path.join(ARTIFACTS, `product-${TEST}.log`) });
  browser = await launchChromium();
  console.log(`[e2e] ${TEST}: Mosquitto with the edge plugin in ${t1 - t0} ms (${edge.wsUrl}); product (${product.mode} storage, LIVE_EDGE=mosquitto) in ${Date.now() - t1} ms`);
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await product?.stop();
  if (edge) writeFileSync(path.join(ARTIFACTS, `${TEST}-mosquitto.log`), edge.log());
  await edge?.stop();
}, 60_000);

/** One WebSocket of a page, read as MQTT: its URL, its CONNACK's return code, the PUBLISH packets it received. */
interface LiveSocket {
  readonly url: string;
  readonly openedAt: number;
  connack?: number;
  publishes: number;
  /** The page ended the connection itself (an MQTT DISCONNECT), rather than the broker. */
  sentDisconnect: boolean;
  closedAt?: number;
}

/** Records every WebSocket the page opens from now on. */
function recordSockets(page: Page): LiveSocket[] {
  const sockets: LiveSocket[] = [];
  page.on('websocket', (ws) => {
    const socket: LiveSocket = { url: ws.url(), openedAt: Date.now(), publishes: 0, sentDisconnect: false };
    sockets.push(socket);
    ws.on('close', () => { socket.closedAt = Date.now(); });
    const sent = mqttStream((type) => { if (type === 'DISCONNECT') socket.sentDisconnect = true; });
    const received = mqttStream((type, _flags, body) => {
      if (type === 'CONNACK') socket.connack = body[1];
      if (type === 'PUBLISH') socket.publishes++;
    });
    ws.on('framesent', ({ payload }) => sent(payload));
    ws.on('framereceived', ({ payload }) => received(payload));
  });
  return sockets;
}

const describeSockets = (sockets: readonly LiveSocket[], since: number) => sockets.map((s) =>
  `${s.url} opened ${s.openedAt - since} ms, CONNACK ${s.connack ?? '-'}, ${s.publishes} PUBLISH, ` +
  `${s.closedAt === undefined ? 'open' : `closed ${s.closedAt - since} ms${s.sentDisconnect ? ' by the page' : ''}`}`).join('\n  ') || '(none)';

describe('the live page on Mosquitto\'s edge (LIVE_EDGE=mosquitto)', () => {
  it('connects to Mosquitto, not /mqtt; shows another dealer\'s offer live; a logout closes its live connection', async () => {
    const { baseUrl } = product!;
    const auctioneer = await ApiSession.login(baseUrl, 'auctioneer');
    const dealer2 = await ApiSession.login(baseUrl, 'dealer2');
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction(auctionBody(`E2E live edge ${new Date(now).toISOString()}`, now - 1_000, now + 600_000));
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;

    const { context, page } = await newUserPage(browser!, baseUrl);
    const t0 = Date.now();
    const sockets = recordSockets(page);
    // The page's console errors (a WebSocket refused by the page's Content-Security-Policy shows there), for a failure.
    const consoleErrors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
    await loginThroughUi(page, 'dealer1', `/live-auction/${idAuction}`);
    await expect.poll(() => page.getByTestId(`lot-${idLot}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('RUN');
    try {
      await expect.poll(() => page.getByTestId('connection').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    } catch (error) {
      await screenshot(page, TEST, 'failed-not-connected');
      throw new Error(`the live page did not connect; its WebSockets:\n  ${describeSockets(sockets, t0)}\nits console errors:\n  ` +
        `${consoleErrors.slice(-5).join('\n  ') || '(none)'}\nmosquitto.log (end):\n${edge!.log().slice(-2_000)}\n${String(error)}`);
    }
    await page.getByTestId(`offer-submit-${idLot}`).waitFor({ state: 'visible' });

    // Every WebSocket of the page went to Mosquitto's listener (LIVE_EDGE_PUBLIC_URL), none to the API's port, and
    // Mosquitto's plugin admitted the page's live token.
    const edgeHost = new URL(edge!.wsUrl).host;
    expect(sockets.length, describeSockets(sockets, t0)).toBeGreaterThan(0);
    expect(sockets.map((s) => new URL(s.url).host), describeSockets(sockets, t0)).toEqual(sockets.map(() => edgeHost));
    expect(sockets.some((s) => new URL(s.url).port === String(product!.port) || new URL(s.url).pathname === '/mqtt')).toBe(false);
    const live = sockets.find((s) => s.connack === 0 && s.closedAt === undefined);
    expect(live, describeSockets(sockets, t0)).toBeDefined();
    let reloads = 0;
    page.on('load', () => reloads++);

    // dealer1 offers the pre-filled base price on the page and leads.
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${idLot}`));
    await page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 5_000 }).toBe('leading');
    const publishesBefore = live!.publishes;

    // dealer2 outbids through the API: dealer1's page shows the new best offer and 'outbid' within a second, over Mosquitto.
    const offer2 = await dealer2.request('POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5100, clickAndBuy: false });
    expect(offer2.status, JSON.stringify(offer2.body)).toBe(201);
    await page.waitForFunction((testId) => document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-value') === '5100',
      `best-${idLot}`, { timeout: 10_000, polling: 10 });
    const shownMs = Date.now() - offer2.receivedAt;
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 2_000 }).toBe('outbid');
    const outbidMs = Date.now() - offer2.receivedAt;
    console.log(`[e2e] ${TEST}: dealer2's offer on dealer1's page ${shownMs} ms after its 201, outbid shown at ${outbidMs} ms; ` +
      `${live!.publishes - publishesBefore} PUBLISH packets from Mosquitto meanwhile`);
    expect(shownMs).toBeLessThanOrEqual(LIVE_WITHIN_MS);
    expect(live!.publishes).toBeGreaterThan(publishesBefore);
    expect(live!.closedAt).toBeUndefined();
    expect(reloads).toBe(0);
    await screenshot(page, TEST, '01-dealer1-outbid');
    await expectAxeClean(page, 'the live page on Mosquitto\'s edge, outbid');

    // dealer1 logs out in another tab of the same browser (the header's logout: the portal's session, then the issuer's):
    // the API tells the plugin, which closes the live page's connection (the page sent no DISCONNECT: the broker closed it).
    const other = await context.newPage();
    await other.goto('/live');
    await other.getByTestId('current-user').waitFor({ state: 'visible' });
    const loggedOut = other.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/secure/logout'));
    await other.getByRole('button', { name: /log out|logout/i }).click();
    const logoutAnswer = await loggedOut;
    expect(logoutAnswer.status()).toBe(204);
    // From the logout request's start (the browser's clock, this machine's): the API's logout, its control message to
    // the plugin, the plugin's question and the close all fall in this span.
    const loggedOutAt = Math.round(logoutAnswer.request().timing().startTime);
    try {
      await expect.poll(() => live!.closedAt, { timeout: 10_000, interval: 20 }).toBeDefined();
    } catch (error) {
      throw new Error(`the page's live connection is still open 10 s after the logout:\n  ${describeSockets(sockets, loggedOutAt)}\n` +
        `mosquitto.log (end):\n${edge!.log().slice(-3_000)}\n${String(error)}`);
    }
    const revokedMs = live!.closedAt! - loggedOutAt;
    console.log(`[e2e] ${TEST}: the live page's connection closed ${revokedMs} ms after the other tab sent its logout (answered 204)`);
    expect(revokedMs).toBeLessThanOrEqual(REVOKED_WITHIN_MS);
    expect(live!.sentDisconnect).toBe(false);
    // The live page then finds its session gone and leaves for the sign-in; no live connection was admitted meanwhile.
    await page.waitForURL((url) => !url.pathname.startsWith('/live-auction/'), { timeout: 15_000 });
    const leftMs = Date.now() - loggedOutAt;
    expect(sockets.filter((s) => s.openedAt >= loggedOutAt && s.connack === 0), describeSockets(sockets, loggedOutAt)).toEqual([]);
    console.log(`[e2e] ${TEST}: ${leftMs} ms after the logout the live page went to ${new URL(page.url()).pathname}; its WebSockets:\n  ${describeSockets(sockets, loggedOutAt)}`);
    await screenshot(page, TEST, '02-dealer1-logged-out');
  });
});
