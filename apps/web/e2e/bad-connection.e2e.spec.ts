/**
 * A dealer on a phone with a bad connection (review of issue 11): the answer to an accepted offer is lost and the
 * network drops; once it is back the lot must say what really happened.
 */
import { describe, expect, it } from 'vitest';
import { auctionBody, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'bad-connection';

describe('bad connection', () => {
  it('an offer accepted by the server whose answer was lost is not shown as failed once the connection is back', async () => {
    const auctioneer = await e2e.api('auctioneer');
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction({ ...auctionBody(`E2E lost answer ${new Date(now).toISOString()}`, now - 65_000, now + 180_000, [{}]), extension: { windowSeconds: 0, extendSeconds: 0 } });
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;
    const { context, page } = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    let first = true;
    await page.route(`**/api/v1/secure/auction/${idAuction}/offer/${idLot}`, async (route) => {
      if (!first) return route.abort('internetdisconnected');
      first = false;
      // The offer reaches the server and is accepted; its answer never reaches the phone, and the network drops.
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.getByTestId(`offer-submit-${idLot}`).click();
    await page.getByTestId('connection-lost').waitFor({ state: 'visible', timeout: 5_000 });
    await page.waitForTimeout(4_000);
    await page.unroute(`**/api/v1/secure/auction/${idAuction}/offer/${idLot}`);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    // The server took the 5,000 (the answer was lost, not the offer).
    const full = await (await e2e.api('dealer1')).auctionFull(idAuction);
    expect(full.lots[0]).toMatchObject({ bestOffer: 5000, leading: true, myBestOffer: 5000 });
    // Once the connection is back the lot tells the truth: leading, no "cannot be reached" under the form.
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: 5_000 }).toBe('leading');
    await expect.poll(() => page.getByTestId(`offer-error-${idLot}`).count(), { timeout: 3_000 }).toBe(0);
    await screenshot(page, TEST, 'after-reconnect');
    // Offer again: the dealer leads, so raising its own bid asks first instead of bidding against itself at once.
    const sent: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes(`/offer/${idLot}`)) sent.push(r.postData() ?? ''); });
    await page.getByTestId(`offer-submit-${idLot}`).click();
    await page.getByTestId('dialog').waitFor({ state: 'visible', timeout: 3_000 });
    expect(sent).toEqual([]);
    await page.getByTestId('dialog-cancel').click();
  });
});
