/**
 * The dealer's lot screens under the conditions that broke them (issue 11, items 14-20): a lost race, a careless
 * amount, an outbid on another page, a lost connection, a bid that arrives after the close, an extension, and a
 * buy-now that is no longer possible. Each test drives the real product (API + built client) in Chromium.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, expectAxeClean, screenshot, useE2E, type LotInputBody } from './harness.js';

const e2e = useE2E();
const TEST = 'dealer-lot';

/** An amount as any language writes it (5000, 5.000, 5,000, 5'000). */
const amount = (n: number) => new RegExp(String(n).replace(/(\d)(?=(\d{3})+$)/g, "$1[,.'’ ]?"));

/**
 * A running auction of the auctioneer with the given lots, ending `lengthMs` from now (server time); it started
 * 65 s ago (an auction lasts at least a minute).
 */
async function runningAuction(name: string, lengthMs: number, lots: Partial<LotInputBody>[] = [{}], extension = { windowSeconds: 0, extendSeconds: 0 }) {
  const auctioneer = await e2e.api('auctioneer');
  const now = (await auctioneer.serverClock()).now();
  const body = { ...auctionBody(`E2E ${name} ${new Date(now).toISOString()}`, now - 65_000, now + lengthMs, lots), extension };
  const created = await auctioneer.createAuction(body);
  return { idAuction: created.idAuction, idLot: created.lots[0]!.idLot, lots: created.lots };
}

const offerUrl = (idAuction: string, idLot: string) => `**/api/v1/secure/auction/${idAuction}/offer/${idLot}`;

/** Opens the live auction page of `idAuction` for `username` and waits for the lot's offer field. */
async function openLot(username: string, idAuction: string, idLot: string): Promise<Page> {
  const { page } = await e2e.user(username, `/live-auction/${idAuction}`);
  await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
  return page;
}

/** Offer POSTs the page sends from now on. */
function recordOffers(page: Page, idAuction: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes(`/auction/${idAuction}/offer/`)) sent.push(r); });
  return sent;
}

describe('dealer lot screens', () => {
  it('B14: after a lost race the field shows the next valid amount and Offer works at once', async () => {
    const { idAuction, idLot } = await runningAuction('lost race', 120_000);
    const page = await openLot('dealer1', idAuction, idLot);
    const dealer2 = await e2e.api('dealer2');
    // dealer2's 5,000 reaches the server just before dealer1's 5,000: dealer1 loses the race (a real 422).
    let raced = false;
    await page.route(offerUrl(idAuction, idLot), async (route) => {
      if (!raced) {
        raced = true;
        await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000 });
      }
      await route.continue();
    });
    const refused = page.waitForResponse((r) => r.url().includes(`/offer/${idLot}`) && r.status() === 422);
    await page.getByTestId(`offer-submit-${idLot}`).click();
    await refused;
    await expect.poll(() => page.getByTestId(`offer-input-${idLot}`).inputValue(), { timeout: 3_000 }).toBe("5'100,00");
    await screenshot(page, TEST, 'b14-after-refusal');
    const accepted = page.waitForResponse((r) => r.url().includes(`/offer/${idLot}`) && r.request().method() === 'POST', { timeout: 5_000 });
    await page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await accepted).status()).toBe(201);
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 3_000 }).toBe('leading');
    // B26: the change is announced to screen readers (a polite status region), and so is the next outbid.
    const announcer = page.getByTestId(`my-state-announcer-${idLot}`);
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announcer.textContent(), { timeout: 3_000 }).toMatch(/\S+: \S+/);
    const leadingText = await announcer.textContent();
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 6000 });
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 3_000 }).toBe('outbid');
    await expect.poll(() => announcer.textContent(), { timeout: 3_000 }).not.toBe(leadingText);
  });

  it('B15: far above the price asks first, at or above buy now offers buy now, + increment buttons, a leader is warned', async () => {
    const { idAuction, idLot } = await runningAuction('careless amount', 120_000, [{ buyNowPrice: 12_000, reservePrice: 6_000 }]);
    const page = await openLot('dealer1', idAuction, idLot);
    const sent = recordOffers(page, idAuction);
    const input = page.getByTestId(`offer-input-${idLot}`);
    // Quick buttons add one or more increments to the amount in the field.
    await page.getByTestId(`offer-plus-1-${idLot}`).click();
    expect(await input.inputValue()).toBe("5'100,00");
    await page.getByTestId(`offer-plus-5-${idLot}`).click();
    expect(await input.inputValue()).toBe("5'600,00");
    // 9,200 on a 5,000 lot: a confirm, and nothing is sent when cancelled.
    await input.fill('9200');
    await page.getByTestId(`offer-submit-${idLot}`).click();
    const dialog = page.locator('[data-testid=dialog][data-kind=confirm]');
    await dialog.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await dialog.textContent()).toMatch(amount(9200));
    await page.getByTestId('dialog-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(0);
    // 15,000 with buy now at 12,000: buy now is offered instead (confirm sends the buy-now price with clickAndBuy).
    await input.fill('15000');
    await page.getByTestId(`offer-submit-${idLot}`).click();
    await dialog.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await dialog.textContent()).toMatch(amount(12000));
    await screenshot(page, TEST, 'b15-buy-now-instead');
    await page.getByTestId('dialog-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(0);
    // An ordinary offer goes at once; raising one's own leading bid asks first.
    await input.fill('5000');
    const first = page.waitForResponse((r) => r.url().includes(`/offer/${idLot}`) && r.request().method() === 'POST');
    await page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await first).status()).toBe(201);
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 3_000 }).toBe('leading');
    await page.getByTestId(`offer-submit-${idLot}`).click();
    await dialog.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await page.getByTestId('dialog').getAttribute('data-message')).toBe('auction:bid.confirmRaiseOwn');
    await page.getByTestId('dialog-cancel').click();
    expect(sent).toHaveLength(1);
  });

  it('B16: an outbid dealer is alerted on any page: banner, tab title and a live announcement', async () => {
    const { idAuction, idLot } = await runningAuction('outbid anywhere', 120_000);
    const dealer1 = await e2e.api('dealer1');
    const dealer2 = await e2e.api('dealer2');
    await dealer1.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000 });
    const { page } = await e2e.user('dealer1', '/purchase-summary');
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    const title = await page.title();
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5100 });
    const alert = page.getByTestId('outbid-alert');
    await alert.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await alert.textContent()).toMatch(amount(5100));
    expect(await page.title()).not.toBe(title);
    expect(await page.locator('[aria-live]').filter({ hasText: amount(5100) }).count()).toBeGreaterThan(0);
    // The notice sits outside <main>: it is a named region of its own, so axe finds no content outside a landmark.
    expect(await page.getByRole('region', { name: /./ }).filter({ has: alert }).count()).toBe(1);
    await expectAxeClean(page, 'page with an outbid notice');
    await screenshot(page, TEST, 'b16-outbid-banner');
  });

  it('B17: offline is shown at once, live figures greyed and offers disabled; back online reconnects at once', async () => {
    const { idAuction, idLot } = await runningAuction('offline', 120_000);
    const { context, page } = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    const badge = page.getByTestId('connection');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    await context.setOffline(true);
    const lostAt = Date.now();
    await page.getByTestId('connection-lost').waitFor({ state: 'visible', timeout: 2_000 });
    console.log(`[e2e] offline shown ${Date.now() - lostAt} ms after the network went away`);
    expect(await badge.getAttribute('data-status')).not.toBe('connected');
    expect(await badge.textContent()).not.toContain('…');
    expect(await page.getByTestId(`offer-submit-${idLot}`).isDisabled()).toBe(true);
    expect(await page.locator('.live-stale').count()).toBeGreaterThan(0);
    await screenshot(page, TEST, 'b17-offline');
    await context.setOffline(false);
    const backAt = Date.now();
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 3_000 }).toBe('connected');
    console.log(`[e2e] reconnected ${Date.now() - backAt} ms after the network came back`);
    await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: 1_000 });
    expect(await page.getByTestId(`offer-submit-${idLot}`).isDisabled()).toBe(false);
  });

  it('B18: a bid that arrives after the close keeps its outcome visible on the lot', async () => {
    const { idAuction, idLot } = await runningAuction('late bid', 8_000);
    const page = await openLot('dealer1', idAuction, idLot);
    const auctioneer = await e2e.api('auctioneer');
    // The offer is held until the lot has ended, then reaches the server: 409004.
    await page.route(offerUrl(idAuction, idLot), async (route) => {
      for (;;) {
        const full = await auctioneer.auctionFull(idAuction);
        if (full.lots[0]!.status !== 'RUN') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await route.continue();
    });
    const refused = page.waitForResponse((r) => r.url().includes(`/offer/${idLot}`), { timeout: 30_000 });
    await page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await refused).status()).toBe(409);
    await expect.poll(() => page.getByTestId(`lot-${idLot}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('CLD');
    const outcome = page.getByTestId(`offer-outcome-${idLot}`);
    await outcome.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await outcome.getAttribute('data-error-code')).toBe('409004');
    expect(await outcome.textContent()).toMatch(amount(5000));
    await screenshot(page, TEST, 'b18-late-bid');
  });

  it('B19: an extension flashes on the lot and the header counts to the last lot end', async () => {
    const { idAuction, idLot } = await runningAuction('extension', 40_000, [{}], { windowSeconds: 60, extendSeconds: 60 });
    const page = await openLot('dealer1', idAuction, idLot);
    await page.getByTestId('auction-countdown').and(page.locator('[data-synced="true"]')).waitFor({ state: 'attached' });
    const dealer2 = await e2e.api('dealer2');
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000 });
    await page.getByTestId(`lot-extended-${idLot}`).waitFor({ state: 'visible', timeout: 3_000 });
    await screenshot(page, TEST, 'b19-extended');
    const lotLeft = Number(await page.getByTestId(`countdown-${idLot}`).getAttribute('data-remaining-ms'));
    const headerLeft = Number(await page.getByTestId('auction-countdown').getAttribute('data-remaining-ms'));
    expect(lotLeft).toBeGreaterThan(50_000); // the offer moved the end to 60 s from then
    expect(Math.abs(headerLeft - lotLeft)).toBeLessThan(1_500);
  });

  it('B23: observed lots are live; a lot shows its bids (you or anonymous), the reserve, then awaiting the seller; my bids; scheduled auctions', async () => {
    const { idAuction, idLot } = await runningAuction('dealer views', 25_000, [{ reservePrice: 5_150 }]);
    const dealer1 = await e2e.api('dealer1');
    const dealer2 = await e2e.api('dealer2');
    const auctioneer = await e2e.api('auctioneer');
    const now = (await auctioneer.serverClock()).now();
    const later = await auctioneer.createAuction(auctionBody(`E2E scheduled ${new Date(now).toISOString()}`, now + 2 * 3_600_000, now + 3 * 3_600_000));
    await dealer1.expect(204, 'POST', `/api/v1/secure/auction/${idAuction}/observe/${idLot}?endObservation=false`);
    await dealer1.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000 });
    const { page } = await e2e.user('dealer1', '/observed');
    // The observed page follows the lot live: dealer2's offer shows without a reload, and the offer form is there.
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5100 });
    await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 3_000 }).toBe('5100');
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 3_000 }).toBe('outbid');
    await screenshot(page, TEST, 'b23-observed-live');
    // The lot's page: its bids, mine as "you", dealer2 anonymous; the reserve, met once an offer reaches it.
    await page.goto(`/lot-detail/${idAuction}/${idLot}`);
    const history = page.getByTestId(`bid-history-${idLot}`);
    await expect.poll(() => history.locator('tbody tr').count(), { timeout: 5_000 }).toBe(2);
    expect(await history.locator('tbody tr').first().textContent()).toMatch(/Bidder 1/);
    expect(await history.locator('tbody tr').nth(1).textContent()).toMatch(/You/);
    expect(await page.locator('body').textContent()).not.toContain('dealer2');
    expect(await page.getByTestId(`reserve-${idLot}`).getAttribute('data-reserve')).toBe('notMet');
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5200 });
    await expect.poll(() => page.getByTestId(`reserve-${idLot}`).getAttribute('data-reserve'), { timeout: 5_000 }).toBe('met');
    await expect.poll(() => history.locator('tbody tr').count(), { timeout: 5_000 }).toBe(3);
    // After the close: awaiting the seller's decision.
    await expect.poll(() => page.getByTestId(`lot-${idLot}`).getAttribute('data-status'), { timeout: 40_000 }).toBe('CLD');
    await page.getByTestId(`awaiting-${idLot}`).waitFor({ state: 'visible', timeout: 3_000 });
    await screenshot(page, TEST, 'b23-lot-closed');
    // My bids and wins.
    await page.goto('/my-bids');
    const row = page.getByTestId(`my-bid-${idLot}`);
    await row.waitFor({ state: 'visible' });
    expect(await row.getAttribute('data-outcome')).toBe('outbid');
    expect(await row.textContent()).toMatch(amount(5000));
    // Scheduled auctions, with their start, on the auctions page.
    await page.goto('/live');
    await page.getByTestId(`scheduled-${later.idAuction}`).waitFor({ state: 'visible' });
    expect(await page.getByTestId(`scheduled-start-${later.idAuction}`).textContent()).toMatch(/\d{2}:\d{2}/);
    await screenshot(page, TEST, 'b23-scheduled');
  });

  it('B20: buy now is not offered once the best offer is above the buy-now price', async () => {
    const { idAuction, idLot } = await runningAuction('buy now gone', 120_000, [{ buyNowPrice: 6_000 }]);
    const page = await openLot('dealer1', idAuction, idLot);
    await page.getByTestId(`buy-now-${idLot}`).waitFor({ state: 'visible' });
    const dealer2 = await e2e.api('dealer2');
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 6500 });
    await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 3_000 }).toBe('6500');
    const buyNow = page.getByTestId(`buy-now-${idLot}`);
    expect(await buyNow.count() === 0 || await buyNow.isDisabled()).toBe(true);
  });
});
