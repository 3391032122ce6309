/**
 * #23 item 2: the rating dialog knows a purchase is rated. A dealer who bought a lot now (buy-now) in an auction sold
 * through the demo partner Leasys opens its purchases, reaches the rating button with the keyboard, chooses 4 stars
 * with the arrow keys and votes: the vote is disabled at once; after a reload the row reads "Rated 4/5" from the
 * server, and its dialog opens with the 4 stars and the vote disabled. The partner's public rating took the vote once.
 * Axe on the list and the dialog, on a 390 px phone too.
 */
import { describe, expect, it } from 'vitest';
import { auctionBody, expectAxeClean, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'partners-rating';
const PARTNER = 'T-DEMO-LEASYS';

interface PartnerRow { idTemplate: string; auctioneerRating: number; numFeedback: number }

describe('rating a purchase', () => {
  it('a dealer rates its purchase once; the dialog then opens rated, and the partner counts one vote', async () => {
    const auctioneer = await e2e.api('auctioneer');
    const dealer = await e2e.api('dealer3');
    const partner = async () => (await dealer.expect<{ items: PartnerRow[] }>(200, 'GET', '/api/v1/open/partners?market=IT')).items.find((p) => p.idTemplate === PARTNER)!;
    const before = await partner();
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction({
      ...auctionBody(`E2E rating ${new Date(now).toISOString()}`, now - 65_000, now + 120_000, [{ buyNowPrice: 9000 }]),
      idTemplate: PARTNER,
    } as Parameters<typeof auctioneer.createAuction>[0]);
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;
    await dealer.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 9000, clickAndBuy: true });

    const { page } = await e2e.user('dealer3', '/purchase-summary');
    const button = page.getByTestId(`rate-${idLot}`);
    await button.waitFor();
    expect(await button.getAttribute('data-rated')).toBeNull();
    await expectAxeClean(page);
    await tabTo(page, `rate-${idLot}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('rating-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('vote').isDisabled()).toBe(true);
    // The first star has the focus: three arrow presses reach the fourth.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('rating-4').isChecked()).toBe(true);
    await expectAxeClean(page);
    await page.getByTestId('vote').click();
    await page.getByTestId('rating-voted').waitFor();
    expect(await page.getByTestId('vote').isDisabled()).toBe(true);
    await screenshot(page, TEST, '1-voted');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.getAttribute('data-rated')).toBe('4');

    await page.reload();
    await button.waitFor();
    expect(await button.getAttribute('data-rated')).toBe('4');
    await page.setViewportSize({ width: 390, height: 844 });
    await button.click();
    await dialog.waitFor();
    expect(await page.getByTestId('vote').isDisabled()).toBe(true);
    expect(await page.getByTestId('rating-4').isChecked()).toBe(true);
    expect(await page.getByTestId('rating-given').isVisible()).toBe(true);
    await expectAxeClean(page);
    await screenshot(page, TEST, '2-rated-phone');

    // A repeat through the API is the same vote: the partner counted one.
    await dealer.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/feedback`, { rating: 1 });
    const after = await partner();
    expect(after.numFeedback).toBe(before.numFeedback + 1);
    expect(after.auctioneerRating).toBe(Math.round(((before.auctioneerRating * before.numFeedback + 4) * 10) / after.numFeedback) / 10);
  });
});
