/**
 * Issue 22's "Done when", the browser journey, in one product start:
 * - the demo `loader` uploads an XLSX of 50 vehicles (3 rows refused and listed), then the corrected file, adds two
 *   photos to each of three vehicles and saves; edits one (colour, mileage) and publishes the three, from the vehicle
 *   list's rows;
 * - the `auctioneer` (same dealer, D-AUCT) creates a short auction of those three through the create-auction form's
 *   vehicle picker (the start at the current minute, the end at the first whole minute at least 45 s away: the form
 *   sets times to the minute; the e2e product allows 5 s auctions, MIN_AUCTION_SECONDS=5, no anti-sniping window);
 * - `dealer1` sees the lots' photos and data on the live page and the gallery on the lot detail, bids on the edited
 *   vehicle's lot; once the auction ends the auctioneer awards it through the UI (a lot with offers waits for its award)
 *   and dealer1 sees it won;
 * - the two unsold vehicles are back in stock (their details say so, to the loader);
 * - they go into a showcase through /create-showcase. Not by the `exhibitor`: it belongs to D-EXHB, and the one rule
 *   (`mayChangeVehicle`, change `showcase`) lets only an EXHIBITOR of the provenance's dealer (D-AUCT, which has none in
 *   the demo data) or an ADMIN of the market put a vehicle into a showcase. So the `admin` does it;
 * - `dealer2` books it through my lot and buys it.
 * axe on every main page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeSuccess, expectAxeClean, screenshot, useE2E } from './harness.js';
import { XLSX_TYPE, drop, imageDecoded, picture, vehicleRow, xlsxOf } from './harness/vehicles.js';

const e2e = useE2E();
const TEST = 'vehicles-done-when';
const S = '/api/v1/secure';
const RUN = Date.now() % 1_000_000;
const PREFIX = 'DW';
/** The plates of this run start so: the picker's search by plate finds this run's vehicles only. */
const RUN_PLATES = `${PREFIX}${String(RUN).padStart(6, '0')}`;
const row = (n: number, changes: Record<string, unknown> = {}) => vehicleRow(RUN, n, changes, PREFIX);

/** Day, hour and minute of `ms` on the Italian market's clock, as the create-auction form's pickers take them. */
function romeParts(ms: number): { date: string; hour: string; minute: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.day}/${parts.month}/${parts.year}`, hour: parts.hour!, minute: parts.minute! };
}

async function setWhen(page: Page, prefix: 'start' | 'end', ms: number): Promise<void> {
  const when = romeParts(ms);
  await page.getByTestId(`${prefix}-date`).fill(when.date);
  await page.getByTestId(`${prefix}-hour`).selectOption(when.hour);
  await page.getByTestId(`${prefix}-minute`).selectOption(when.minute);
}

interface Card { idVehicle: string; status: string; published: boolean; colour: string | null; mileageKm: number; photos: string[] }

describe('issue 22, done when', () => {
  it('upload, edit, publish, auction, bid and win, back in stock, showcase, book and buy', async () => {
    const started = Date.now();
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1));

    // ── The loader uploads the sheet: 3 bad rows are refused and listed, nothing is loaded.
    const { page: loader } = await e2e.user('loader', '/upload-vehicle');
    await loader.getByTestId('vehicle-upload').waitFor();
    const provenance = loader.getByTestId('sheet-provenance');
    await expect.poll(() => provenance.locator('option').count()).toBeGreaterThan(1);
    await provenance.selectOption('LEASYS-IT');
    const bad = [...rows];
    bad[9] = row(10, { frame: 'SHORTFRAME' });
    bad[24] = row(25, { mileageKm: 'many' });
    bad[44] = row(45, { fuel: 'steam' });
    await drop(loader, 'sheet-drop', [{ name: 'vehicles.xlsx', type: XLSX_TYPE, bytes: await xlsxOf(bad) }]);
    await loader.getByTestId('sheet-upload').click();
    await loader.getByTestId('sheet-refused').waitFor();
    const refused = await loader.getByTestId('refused-row').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent?.trim()));
    expect(refused).toEqual(['11', '26', '46']);
    await expectAxeClean(loader, 'upload: refused rows');
    await screenshot(loader, TEST, '01-refused');

    // The corrected file, loaded; photos for the first three vehicles (sheet rows 2 to 4), two each; saved.
    await loader.getByTestId('sheet-drop-input').setInputFiles({ name: 'vehicles-fixed.xlsx', mimeType: XLSX_TYPE, buffer: await xlsxOf(rows) });
    await loader.getByTestId('sheet-upload').click();
    await loader.getByTestId('batch-step').waitFor();
    expect(await loader.getByTestId('batch-loaded').getAttribute('data-count')).toBe('50');
    const photoRows = [2, 3, 4];
    for (const [i, sheetRow] of photoRows.entries()) {
      await loader.getByTestId(`batch-select-${sheetRow}`).click();
      await loader.locator(`[data-testid=vehicle-files][data-row="${sheetRow}"]`).waitFor();
      await loader.getByTestId('files-drop-input').setInputFiles([
        { name: `front-${sheetRow}.png`, mimeType: 'image/png', buffer: await picture('png', 30 * i) },
        { name: `back-${sheetRow}.jpg`, mimeType: 'image/jpeg', buffer: await picture('jpeg', 30 * i + 15) },
      ]);
      await expect.poll(() => loader.getByTestId('files-progress').locator('[data-testid=upload-item][data-phase=done]').count(), { timeout: 20_000 }).toBe(2);
      await expect.poll(() => loader.getByTestId('thumbnail').count()).toBe(2);
    }
    await loader.getByTestId('save-vehicles').click();
    await loader.getByTestId('save-result').waitFor({ timeout: 30_000 });
    expect(await loader.getByTestId('save-result').getAttribute('data-count')).toBe('50');
    await expectAxeClean(loader, 'upload: saved');
    const ids: string[] = [];
    for (const sheetRow of photoRows) ids.push((await loader.getByTestId(`saved-link-${sheetRow}`).getAttribute('href'))!.split('/').pop()!);
    const plates = [0, 1, 2].map((i) => String(rows[i]!.licensePlate));
    const [edited, unsoldA, unsoldB] = ids as [string, string, string];

    // ── The loader edits one: a new colour and mileage, shown on its details.
    await loader.goto(`/vehicle-edit/${edited}`);
    await loader.getByTestId('vehicle-edit-form').waitFor();
    await loader.getByTestId('vehicle-edit-colour').fill('Rosso corsa');
    await loader.getByTestId('vehicle-edit-mileageKm').fill('23456');
    await expectAxeClean(loader, 'vehicle edit');
    await loader.getByTestId('vehicle-edit-save').click();
    await closeSuccess(loader);
    await loader.getByTestId('vehicle-edit-back').click();
    await loader.getByTestId('vehicle-details').waitFor();
    expect(await loader.getByTestId('vehicle-colour').textContent()).toBe('Rosso corsa');

    // ── Publishes the three from their rows of the vehicle list (found by plate).
    for (const [i, id] of ids.entries()) {
      await loader.goto(`/vehicle-list?licensePlate=${plates[i]}`);
      await loader.getByTestId(`vehicle-row-${id}`).waitFor();
      await loader.getByTestId(`vehicle-publish-${id}`).click();
      await closeSuccess(loader);
      await loader.getByTestId(`vehicle-unpublish-${id}`).waitFor();
    }
    await expectAxeClean(loader, 'vehicle list');
    const loaderApi = await e2e.api('loader');
    for (const id of ids) expect((await loaderApi.expect<Card>(200, 'GET', `${S}/vehicle/${id}`)).published).toBe(true);

    // ── The auctioneer creates a short auction of the three through the form's picker.
    const { page: auctioneer } = await e2e.user('auctioneer', '/create-auction');
    await auctioneer.getByTestId('create-auction-form').waitFor();
    await auctioneer.getByTestId('auction-name').fill(`E2E done when ${RUN}`);
    await auctioneer.getByTestId('auction-market').selectOption('IT');
    await auctioneer.getByTestId('auction-window-seconds').fill('0');
    await auctioneer.getByTestId('auction-extend-seconds').fill('0');
    await auctioneer.getByTestId('pick-vehicles').click();
    await auctioneer.getByTestId('picker-plate').fill(RUN_PLATES);
    await auctioneer.getByTestId('picker-search').click();
    // Only the three published vehicles of this run are offered (the other 47 are not published).
    await expect.poll(() => auctioneer.getByTestId('picker-table').locator('tbody tr').count()).toBe(3);
    for (const id of ids) await auctioneer.getByTestId(`picker-pick-${id}`).check();
    await expectAxeClean(auctioneer, 'vehicle picker');
    await auctioneer.getByTestId('picker-add').click();
    await auctioneer.getByTestId('lot-row-2').waitFor();
    for (const i of [0, 1, 2]) {
      expect(await auctioneer.getByTestId(`lot-plate-${i}`).evaluate((el) => (el as HTMLInputElement).value ?? el.textContent)).toContain(plates[i]!);
      await auctioneer.getByTestId(`lot-base-price-${i}`).fill('5000');
      await auctioneer.getByTestId(`lot-min-increment-${i}`).fill('100');
    }
    const clock = await (await e2e.api('auctioneer')).serverClock();
    const now = clock.now();
    const startMs = Math.floor(now / 60_000) * 60_000;
    const endMs = Math.ceil((now + 45_000) / 60_000) * 60_000;
    await setWhen(auctioneer, 'start', startMs);
    await setWhen(auctioneer, 'end', endMs);
    await expectAxeClean(auctioneer, 'create auction');
    await screenshot(auctioneer, TEST, '02-create-auction');
    await auctioneer.getByTestId('create-auction-submit').click();
    await auctioneer.waitForURL((url) => url.pathname.startsWith('/auction-details/'));
    await closeSuccess(auctioneer);
    const idAuction = decodeURIComponent(new URL(auctioneer.url()).pathname.split('/').pop()!);
    const auction = await (await e2e.api('auctioneer')).auctionFull(idAuction);
    const lotOf = (idVehicle: string) => {
      const lot = auction.lots.find((l) => l.idVehicle === idVehicle);
      if (!lot) throw new Error(`no lot of ${idVehicle}`);
      return lot.idLot;
    };
    const wonLot = lotOf(edited);

    // ── dealer1 sees the photos and data on the live page, the gallery on the lot detail, and bids.
    const { page: dealer1 } = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    await dealer1.getByTestId(`offer-input-${wonLot}`).waitFor({ state: 'visible' });
    const cards = await Promise.all(ids.map((id) => loaderApi.expect<Card>(200, 'GET', `${S}/vehicle/${id}`)));
    for (const [i, id] of ids.entries()) {
      const idLot = lotOf(id);
      expect(await dealer1.getByTestId(`thumb-${idLot}`).getAttribute('data-photo')).toBe(cards[i]!.photos[0]);
      await expect.poll(() => imageDecoded(dealer1, `[data-testid="thumb-${idLot}"]`), { timeout: 10_000 }).toBe(true);
    }
    // The key data: the sheet's first registration (2 May 2019 for row 1) and the edited mileage.
    expect(await dealer1.getByTestId(`keys-${wonLot}`).textContent()).toMatch(/^02\/05\/2019 · 23.456 km · \S/);
    await expectAxeClean(dealer1, 'live auction');
    await screenshot(dealer1, TEST, '03-live');
    await dealer1.goto(`/lot-detail/${idAuction}/${wonLot}`);
    await dealer1.getByTestId(`offer-input-${wonLot}`).waitFor({ state: 'visible' });
    await expect.poll(() => dealer1.getByTestId('gallery').getAttribute('data-count')).toBe('2');
    await dealer1.getByTestId('vehicle-sheet').waitFor();
    await expect.poll(() => imageDecoded(dealer1, '[data-testid=gallery-photo]'), { timeout: 10_000 }).toBe(true);
    await dealer1.getByTestId('gallery-thumb-0').focus();
    await dealer1.keyboard.press('ArrowRight');
    expect(await dealer1.getByTestId('gallery-photo').getAttribute('data-photo')).toBe(cards[0]!.photos[1]);
    expect(await dealer1.getByTestId('vehicle-sheet').textContent()).toContain('Rosso corsa');
    await expectAxeClean(dealer1, 'lot detail');
    await screenshot(dealer1, TEST, '04-lot-detail');
    const offered = dealer1.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${wonLot}`));
    await dealer1.getByTestId(`offer-submit-${wonLot}`).click();
    expect((await offered).status()).toBe(201);

    // ── The auction ends; the auctioneer awards the lot through the auction's page; dealer1 has won it.
    await auctioneer.reload();
    const lotRow = auctioneer.getByTestId(`lot-${wonLot}`);
    await expect.poll(() => lotRow.getAttribute('data-state'), { timeout: Math.max(0, endMs - clock.now()) + 30_000, interval: 1_000 }).toBe('toAward');
    await auctioneer.getByTestId(`award-${wonLot}`).click();
    await auctioneer.getByTestId('award-dialog').waitFor({ state: 'visible' });
    await expectAxeClean(auctioneer, 'award dialog');
    await auctioneer.getByTestId('award-submit').click();
    await closeSuccess(auctioneer);
    await dealer1.goto(`/live-auction/${idAuction}`);
    await expect.poll(() => dealer1.getByTestId(`my-state-${wonLot}`).getAttribute('data-state'), { timeout: 10_000 }).toBe('won');
    await screenshot(dealer1, TEST, '05-won');

    // ── The two unsold vehicles are back in stock (their details, to the loader); the won one is sold.
    for (const id of [unsoldA, unsoldB]) {
      await expect.poll(async () => {
        await loader.goto(`/vehicle-details/${id}`);
        await loader.getByTestId('vehicle-status').waitFor();
        return loader.getByTestId('vehicle-status').getAttribute('class');
      }, { timeout: 20_000, interval: 1_000 }).toContain('vehicle-status-STOCK');
    }
    await expectAxeClean(loader, 'vehicle details');
    await screenshot(loader, TEST, '06-back-in-stock');
    await expect.poll(async () => (await loaderApi.expect<Card>(200, 'GET', `${S}/vehicle/${edited}`)).status, { timeout: 10_000 }).toBe('SOLD');

    // ── The admin puts one into a showcase through /create-showcase (the exhibitor may not: see the top).
    const { page: admin } = await e2e.user('admin', '/create-showcase');
    await admin.getByTestId('create-showcase-form').waitFor();
    await admin.getByTestId('showcase-market').selectOption('IT');
    await admin.getByTestId('pick-vehicles').click();
    await admin.getByTestId('picker-plate').fill(plates[1]!);
    await admin.getByTestId('picker-search').click();
    await admin.getByTestId(`picker-pick-${unsoldA}`).check();
    await admin.getByTestId('picker-add').click();
    await admin.getByTestId(`showcase-row-${unsoldA}`).waitFor();
    await admin.getByTestId(`showcase-price-${unsoldA}`).fill("6'500");
    await expectAxeClean(admin, 'create showcase');
    await admin.getByTestId('create-showcase-submit').click();
    await closeSuccess(admin);
    await admin.waitForURL((url) => url.pathname === '/showcase-management');

    // ── dealer2 finds it in the catalogue, books it through my lot and buys it.
    const { page: dealer2 } = await e2e.user('dealer2', '/showcase-catalogue');
    await dealer2.getByTestId('showcase-search-licensePlate').fill(plates[1]!);
    await dealer2.getByTestId('showcase-search').click();
    await dealer2.getByTestId(`vehicle-${unsoldA}`).waitFor();
    await expect.poll(() => imageDecoded(dealer2, `[data-testid="photo-${unsoldA}"]`), { timeout: 10_000 }).toBe(true);
    await expectAxeClean(dealer2, 'showcase catalogue');
    await dealer2.getByTestId(`add-my-lot-${unsoldA}`).click();
    await dealer2.getByTestId(`remove-my-lot-${unsoldA}`).waitFor();
    await dealer2.goto('/my-lot');
    await dealer2.getByTestId(`vehicle-${unsoldA}`).waitFor();
    await expectAxeClean(dealer2, 'my lot');
    // Leave the page only once the booking is answered (the confirm accepts the regulation, the booking follows it).
    const booked = dealer2.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.endsWith('/book-myLot'));
    await dealer2.getByTestId('book-my-lot').click();
    await dealer2.locator('[data-testid=dialog][data-kind=confirm]').waitFor();
    await dealer2.getByTestId('dialog-confirm').click();
    expect((await booked).status()).toBe(200);
    await dealer2.goto('/showcase-catalogue');
    await dealer2.getByTestId('showcase-search-licensePlate').fill(plates[1]!);
    await dealer2.getByTestId('showcase-search').click();
    await expect.poll(() => dealer2.getByTestId(`state-${unsoldA}`).textContent()).toBe('Held for you');
    await dealer2.getByTestId(`buy-${unsoldA}`).click();
    const confirm = dealer2.locator('[data-testid=dialog][data-kind=confirm]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(plates[1]!);
    await dealer2.getByTestId('dialog-confirm').click();
    await closeSuccess(dealer2);
    // The purchase is read back within the read-after-write bound (Consistency, 3 s after the write): the page is opened
    // again until it shows it (a CI run of 2026-11-26 under load saw the first load in time, the 1 s poll not).
    let seen: string | null = null;
    await expect.poll(async () => {
      await dealer2.goto('/my-lot');
      seen = await dealer2.getByTestId(`state-${unsoldA}`).textContent({ timeout: 5_000 }).catch((e: unknown) => `(no state: ${String(e).slice(0, 80)})`);
      return seen;
    }, { timeout: 15_000, interval: 500 }).toBe('Bought by you');
    console.log(`[e2e] issue 22 journey: my lot says "${seen}" after the purchase`);
    await screenshot(dealer2, TEST, '07-bought');
    expect((await loaderApi.expect<Card>(200, 'GET', `${S}/vehicle/${unsoldA}`)).status).toBe('SOLD');
    expect((await loaderApi.expect<Card>(200, 'GET', `${S}/vehicle/${unsoldB}`)).status).toBe('STOCK');
    console.log(`[e2e] issue 22 journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);
});
