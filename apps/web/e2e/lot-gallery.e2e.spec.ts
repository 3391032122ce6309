/**
 * Issue 22 item 5, the screens around a lot's vehicle. A dealer sees each lot's thumbnail box on the live page (a
 * placeholder of the same fixed size for a lot without a vehicle) and, on the lot's page, the photo gallery beside the
 * offer form, driven by the keyboard, on a 390 px phone, axe clean. The auctioneer opens the offers of an auction from
 * its details page (offer-management, paged by the server), one lot's offers (offer-detail) and the buyer of an awarded lot.
 *
 * The first lot sells a loaded demo vehicle with photos (picked from the stock the auctioneer may auction), the
 * second is typed by hand: the real thumbnail, gallery, data sheet and documents come through the API with the
 * dealer's session.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, expectAxeClean, screenshot, useE2E, type ApiSession } from './harness.js';

const e2e = useE2E();
const TEST = 'lot-gallery';
const PHONE = { width: 390, height: 844 };
/** A published vehicle in stock with at least two photos, for a lot (the demo data loads such vehicles). */
async function vehicleWithPhotos(api: ApiSession): Promise<{ idVehicle: string; photos: string[]; licensePlate: string; brand: string; model: string }> {
  const page = await api.expect<{ items: { idVehicle: string; photos: string[]; licensePlate: string; brand: string; model: string }[] }>(
    200, 'GET', '/api/v1/secure/vehicle-for-auction?limit=100&offset=0');
  const found = page.items.find((v) => v.photos.length >= 2);
  if (!found) throw new Error('no vehicle with photos in stock: the demo data should load some');
  return found;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

describe('lot photos and the offer screens', () => {
  it('a dealer sees the thumbnail boxes on the live page and moves through the gallery with the keyboard, on a phone', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    const vehicle = await vehicleWithPhotos(api);
    const lots = [{ licensePlate: vehicle.licensePlate, brand: vehicle.brand, model: vehicle.model, idVehicle: vehicle.idVehicle }, {}];
    const created = await api.createAuction(auctionBody(`E2E Galleria ${new Date(now).toISOString()}`, now - 1_000, now + 900_000, lots));
    const { idAuction } = created;
    const [withVehicle, byHand] = created.lots;
    const idLot = withVehicle!.idLot;

    const { page } = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    const images: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/v1/secure/image?')) images.push(r.url()); });
    await page.setViewportSize(PHONE);
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    // The vehicle's cover photo in its fixed box; a lot without a vehicle keeps a placeholder of the same size.
    const cover = page.getByTestId(`thumb-${idLot}`);
    expect(await cover.getAttribute('data-photo')).toBe(vehicle.photos[0]);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await cover.evaluate((img: HTMLImageElement) => [img.loading, img.decoding])).toEqual(['lazy', 'async']);
    expect(await page.getByTestId(`thumb-${byHand!.idLot}`).getAttribute('data-photo')).toBe('none');
    // Beside it the vehicle's key data: first registration, mileage and fuel (none for the typed lot).
    expect(await page.getByTestId(`keys-${idLot}`).textContent()).toMatch(/^\d\d\/\d\d\/\d{4} · [\d']+ km · \S/);
    expect(await page.getByTestId(`keys-${byHand!.idLot}`).count()).toBe(0);
    for (const lot of created.lots) {
      const box = await page.getByTestId(`thumb-${lot.idLot}`).boundingBox();
      expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([96, 64]);
    }
    await noSidewaysScroll(page);
    await expectAxeClean(page);
    await screenshot(page, TEST, '1-live-phone');

    await page.goto(`/lot-detail/${idAuction}/${idLot}`);
    // The offer form is there at once; the gallery comes after the page.
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    const gallery = page.getByTestId('gallery');
    await expect.poll(() => gallery.getAttribute('data-count')).toBe(String(vehicle.photos.length));
    await page.getByTestId('vehicle-sheet').waitFor();
    const shown = page.getByTestId('gallery-photo');
    expect(await shown.evaluate((img: HTMLImageElement) => [img.loading, img.decoding, img.getAttribute('width'), img.getAttribute('height')]))
      .toEqual(['lazy', 'async', '1280', '960']);
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(images.some((u) => u.includes(`idImage=${vehicle.photos[0]}&size=display`))).toBe(true);
    // The original is only asked for when opened.
    expect(images.filter((u) => u.includes('size=original'))).toEqual([]);

    await page.getByTestId('gallery-thumb-0').focus();
    await page.keyboard.press('ArrowRight');
    expect(await shown.getAttribute('data-photo')).toBe(vehicle.photos[1]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gallery-thumb-1');
    await page.keyboard.press('End');
    expect(await shown.getAttribute('data-photo')).toBe(vehicle.photos.at(-1));
    await page.keyboard.press('Home');
    expect(await shown.getAttribute('data-photo')).toBe(vehicle.photos[0]);
    expect(await page.getByTestId('gallery-original').getAttribute('href')).toBe(`/api/v1/secure/image?idImage=${vehicle.photos[0]}&size=original`);
    await noSidewaysScroll(page);
    await expectAxeClean(page);
    await screenshot(page, TEST, '2-lot-detail-phone');

    // The offer form beside the gallery still works.
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${idLot}`));
    await page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await answer).status()).toBe(201);
  });

  it('the auctioneer opens the offers of an auction, one lot\'s offers and the buyer of an awarded lot', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    const created = await api.createAuction(auctionBody(`E2E Offerte ${new Date(now).toISOString()}`, now - 1_000, now + 900_000, [{ buyNowPrice: 9000 }, {}]));
    const { idAuction } = created;
    const [first, second] = created.lots;
    const dealer1 = await e2e.api('dealer1');
    const dealer2 = await e2e.api('dealer2');
    const offer = (who: typeof dealer1, idLot: string, amount: number, clickAndBuy = false) =>
      who.expect<{ idOffer: string }>(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: amount, clickAndBuy });
    await offer(dealer2, first!.idLot, 5000);
    await offer(dealer1, first!.idLot, 5100);
    await offer(dealer2, second!.idLot, 5000);
    // Buy-now closes the lot for dealer1 at once: it counts as awarded to that offer.
    const winning = await offer(dealer1, first!.idLot, 9000, true);

    const { page } = await e2e.user('auctioneer', `/auction-details/${idAuction}`);
    await page.getByTestId('open-offers').click();
    const table = page.getByTestId('offers-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    const row = page.getByTestId(`offer-${winning.idOffer}`);
    expect(await row.textContent()).toContain('dealer1');
    expect(await row.textContent()).toContain(first!.licensePlate);
    await expectAxeClean(page);
    await screenshot(page, TEST, '3-offer-management');

    await page.getByTestId(`offer-lot-${winning.idOffer}`).click();
    const lotTable = page.getByTestId('lot-offers-table');
    await lotTable.waitFor();
    await expect.poll(() => lotTable.locator('tbody tr').count()).toBe(3);
    await expect.poll(() => page.getByTestId(`offer-mark-${winning.idOffer}`).textContent()).toBe('Awarded');
    expect(await page.getByTestId('offer-detail-award').getAttribute('data-award-status')).toBe('AWA');
    await expectAxeClean(page);
    await screenshot(page, TEST, '4-offer-detail');
    await page.getByTestId('open-buyer').click();
    await expect.poll(() => page.getByTestId('buyer-username').textContent()).toBe('dealer1');
    expect(await page.getByTestId('buyer-price').getAttribute('data-value')).toBe('9000');
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await expectAxeClean(page);
    await screenshot(page, TEST, '5-buyer-phone');
  });
});
