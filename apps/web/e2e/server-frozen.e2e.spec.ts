/**
 * A frozen server during a live auction (issue 21 item 15): the API process is stopped with SIGSTOP for 6 s, so its
 * sockets stay open and nothing closes them, then resumed with SIGCONT. Both dealers' pages must show the server lost
 * within the heartbeat's bound (no clock tick for 3 s), keep offers paused, and catch up after SIGCONT without a
 * reload: prices, and a dealer's own offers placed from another device (during the catch-up and after it). Prints the
 * measured times.
 */
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS, ApiSession, auctionBody, launchChromium, loginThroughUi, newUserPage, screenshot, startProduct, type Product,
} from './harness.js';

const TEST = 'server-frozen';
const FROZEN_MS = 6_000;
/** The page's heartbeat timeout (LIVE_HEARTBEAT_TIMEOUT_MS) plus the banner's render and this test's polling. */
const LOST_BOUND_MS = 3_500;

let product: Product;
let browser: Browser;
let frozen = false;

beforeAll(async () => {
  product = await startProduct({ embedded: true, logFile: path.join(ARTIFACTS, 'product-server-frozen.log') });
  browser = await launchChromium();
}, 360_000);

afterAll(async () => {
  if (frozen) process.kill(product.pid, 'SIGCONT');
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

async function dealerOn(name: string, target: string): Promise<{ name: string; page: Page; urls: string[] }> {
  const { page } = await newUserPage(browser, product.baseUrl);
  await loginThroughUi(page, name, target);
  const urls: string[] = [];
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) urls.push(frame.url()); });
  return { name, page, urls };
}

const status = (page: Page) => page.getByTestId('connection').getAttribute('data-status');

async function untilServerLost(page: Page, since: number, timeoutMs: number): Promise<number> {
  await page.waitForFunction(() => document.querySelector('[data-testid="connection-lost"]')?.getAttribute('data-reason') === 'server',
    undefined, { timeout: timeoutMs, polling: 20 });
  return Date.now() - since;
}

describe('a frozen server during a live auction', () => {
  it('both dealers see the server lost within 3.5 s of a SIGSTOP, and catch up after SIGCONT without a reload', async () => {
    const auctioneer = await ApiSession.login(product.baseUrl, 'auctioneer');
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction(auctionBody(`E2E server frozen ${new Date(now).toISOString()}`, now - 65_000, now + 600_000, [{}]));
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;
    const target = `/live-auction/${idAuction}`;
    const one = await dealerOn('dealer1', target);
    const two = await dealerOn('dealer2', target);
    // dealer2's other device (a phone): signed in before the freeze.
    const phone = await ApiSession.login(product.baseUrl, 'dealer2');
    for (const d of [one, two]) {
      await d.page.getByTestId(`offer-submit-${idLot}`).waitFor({ state: 'visible' });
      await expect.poll(() => status(d.page), { timeout: 10_000 }).toBe('connected');
    }
    // An idle server that is alive never shows the banner: its clock ticks keep the pages sure of it.
    await one.page.waitForTimeout(5_000);
    for (const d of [one, two]) {
      expect(await status(d.page)).toBe('connected');
      expect(await d.page.getByTestId('connection-lost').count()).toBe(0);
    }

    const stopAt = Date.now();
    process.kill(product.pid, 'SIGSTOP');
    frozen = true;
    const [lostOne, lostTwo] = await Promise.all([untilServerLost(one.page, stopAt, 10_000), untilServerLost(two.page, stopAt, 10_000)]);
    console.log(`[${TEST}] SIGSTOP: server-lost banner after ${lostOne} ms (dealer1), ${lostTwo} ms (dealer2)`);
    expect(lostOne).toBeLessThanOrEqual(LOST_BOUND_MS);
    expect(lostTwo).toBeLessThanOrEqual(LOST_BOUND_MS);
    for (const d of [one, two]) {
      await d.page.getByTestId(`offer-paused-${idLot}`).waitFor({ state: 'visible', timeout: 3_000 });
      expect(await d.page.getByTestId(`offer-submit-${idLot}`).isDisabled()).toBe(true);
    }
    await screenshot(one.page, TEST, 'dealer1-server-frozen');
    // The freeze lasts: the banner keeps naming the server (its probes wait on the frozen process), the pages stay.
    while (Date.now() - stopAt < FROZEN_MS) {
      await one.page.waitForTimeout(500);
      for (const d of [one, two]) {
        expect(await d.page.getByTestId('connection-lost').getAttribute('data-reason')).toBe('server');
        expect(new URL(d.page.url()).pathname).toBe(target);
      }
    }

    process.kill(product.pid, 'SIGCONT');
    frozen = false;
    const contAt = Date.now();
    // dealer2 bids from its phone the moment the server runs again.
    const placed = await phone.request('POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5_000, clickAndBuy: false });
    expect(placed.status).toBe(201);
    const back: number[] = [];
    for (const d of [one, two]) {
      await expect.poll(() => status(d.page), { timeout: 10_000 }).toBe('connected');
      back.push(Date.now() - contAt);
      await expect.poll(() => d.page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 5_000 }).toBe('5000');
      await expect.poll(() => d.page.getByTestId('connection-lost').count(), { timeout: 3_000 }).toBe(0);
    }
    console.log(`[${TEST}] SIGCONT: connected again after ${back[0]} ms (dealer1), ${back[1]} ms (dealer2); prices caught up`);
    // dealer2's laptop shows the offer its phone placed as its own: leading with 5,000, not "No offer".
    await expect.poll(() => two.page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 5_000 }).toBe('leading');
    await expect.poll(() => one.page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 5_000 }).toBe('noOffer');
    // Connected again, the phone raises its own offer: the laptop shows it as dealer2's own (leading), not as someone
    // else's that outbid it.
    const raised = await phone.request('POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5_100, clickAndBuy: false });
    expect(raised.status).toBe(201);
    await expect.poll(() => two.page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 5_000 }).toBe('5100');
    expect(await two.page.getByTestId(`my-state-${idLot}`).getAttribute('data-state')).toBe('leading');
    for (const d of [one, two]) expect(d.urls, `${d.name}'s navigations`).toEqual([]);
    await screenshot(two.page, TEST, 'dealer2-after-sigcont');
  }, 300_000);
});
