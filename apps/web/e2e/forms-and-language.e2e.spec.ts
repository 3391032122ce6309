/**
 * Smaller defects of issue 11 item 28, in the browser: a required-field message goes as soon as its field is valid;
 * the offer field writes money as every other Italian figure does (5'100,00); German labels are never clipped at
 * 1366 px; the purchase filters show no internal ids to a dealer; at the first login the browser's language wins
 * over the account's unless the user chose one.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '@auction/i18n';
import { DEMO_PASSWORD, auctionBody, expectAxeClean, screenshot, signInAtIssuer, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'forms-language';

let idAuction = '';
let idLot = '';
let idClosed = '';

beforeAll(async () => {
  const api = await e2e.api('auctioneer');
  const now = (await api.serverClock()).now();
  const created = await api.createAuction(auctionBody(`E2E Formulare ${new Date(now).toISOString()}`, now - 1_000, now + 900_000,
    [{ buyNowPrice: 9000, reservePrice: 7000 }, {}]));
  idAuction = created.idAuction;
  idLot = created.lots[0]!.idLot;
  const dealer4 = await e2e.api('dealer4');
  await dealer4.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000, clickAndBuy: false });
  // A closed auction waiting for its award: its lots show the award actions. Its minimum length (5 s here) counts from
  // now, not from a backdated start (b3760ec, #21 item 12): it ends 10 s from now.
  // The clock is read again: on a loaded machine the calls above took more than the 3 s of margin (422030 on CI).
  const later = (await api.serverClock()).now();
  const closing = await api.createAuction(auctionBody(`E2E Zuschlag ${new Date(later).toISOString()}`, later - 120_000, later + 10_000,
    [{ reservePrice: 9000 }, {}, { buyNowPrice: 9000 }]));
  idClosed = closing.idAuction;
  for (const lot of closing.lots) {
    await dealer4.expect(201, 'POST', `/api/v1/secure/auction/${idClosed}/offer/${lot.idLot}`, { offer: 5000, clickAndBuy: false });
  }
  for (let tries = 0; (await api.auctionFull(idClosed)).status !== 'CLD'; tries++) {
    if (tries > 160) throw new Error(`auction ${idClosed} did not close`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

/** Texts cut off by their box: an element whose content is wider or taller than it while it hides the overflow. */
function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('header *, main *, dialog[open] *'))
    .filter((el) => {
      if (!el.textContent?.trim() || el.getClientRects().length === 0 || el.closest('.visually-hidden, .table-wrap > table ~ *')) return false;
      const style = getComputedStyle(el);
      const hidesX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const hidesY = style.overflowY !== 'visible';
      const scrollsTable = el.classList.contains('table-wrap');
      return !scrollsTable && ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1));
    })
    .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent!.trim().slice(0, 40)} (${el.scrollWidth}>${el.clientWidth})`));
}

/** Controls narrower than their own label text (a label cut by the control's width), e.g. a select showing "Zuschla". */
function squeezedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>(':is(main, dialog[open]) :is(button, a.btn, th, label > span, legend)'))
    .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden') && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `<${el.tagName.toLowerCase()}> ${el.textContent!.trim().slice(0, 40)} (${el.scrollWidth}>${el.clientWidth})`));
}

describe('required fields', () => {
  it('a required-field message goes as soon as its field is filled, others stay until fixed', async () => {
    const { page } = await e2e.user('auctioneer', '/create-auction');
    await page.getByTestId('create-auction-submit').click();
    const nameError = page.locator('#auctionName-error');
    await nameError.waitFor({ state: 'visible' });
    const others = await page.locator('.field-error').count();
    expect(others).toBeGreaterThan(1);
    await page.getByTestId('auction-name').fill('Flotta di prova');
    await nameError.waitFor({ state: 'detached', timeout: 2_000 });
    expect(await page.getByTestId('auction-name').getAttribute('aria-invalid')).toBeNull();
    // The other fields are still empty: their messages stay.
    expect(await page.locator('.field-error').count()).toBe(others - 1);
    await screenshot(page, TEST, 'required-cleared');
  });
});

describe('lots picked from the stock (#22 item 5)', () => {
  it('the auctioneer ticks published vehicles in the picker, by keyboard; they become lots with their photo and data', async () => {
    const { page } = await e2e.user('auctioneer', '/create-auction');
    await page.getByTestId('pick-vehicles').click();
    const picker = page.getByTestId('vehicle-picker');
    await picker.getByTestId('picker-table').waitFor();
    await expectAxeClean(page);
    await picker.getByTestId('picker-plate').fill('GD100LS');
    await picker.getByTestId('picker-plate').press('Enter');
    // The server's search narrows the six published demo vehicles to the one plate.
    await expect.poll(() => picker.locator('[data-testid^="picker-row-"]').count(), { timeout: 5_000 }).toBe(1);
    await picker.getByTestId('picker-row-V-DEMO-1').waitFor();
    // Ticked with the space bar, added with Enter on the focused button.
    await picker.getByTestId('picker-pick-V-DEMO-1').focus();
    await page.keyboard.press('Space');
    await picker.getByTestId('picker-add').focus();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    const plate = page.getByTestId('lot-plate-0');
    expect((await plate.textContent())?.trim()).toBe('GD100LS');
    expect(await page.getByTestId('lot-brand-0').textContent()).toBe('Fiat');
    // The drawn demo photo is served as the row's thumbnail (a real image, decoded by the browser).
    const thumb = plate.locator('img');
    await thumb.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await thumb.elementHandle());
    expect(await thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    // Picking again: the vehicle already a lot cannot be ticked twice.
    await page.getByTestId('pick-vehicles').click();
    await picker.getByTestId('picker-row-V-DEMO-1').waitFor();
    expect(await picker.getByTestId('picker-pick-V-DEMO-1').isDisabled()).toBe(true);
    await screenshot(page, TEST, 'vehicle-picker');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
  });
});

describe('editing a scheduled auction (the spec\'s `auction` screen)', () => {
  it('the auctioneer renames it, changes a base price, removes a lot and adds one; a running auction is not editable', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    const scheduled = await api.createAuction(auctionBody(`E2E Modifica ${new Date(now).toISOString()}`, now + 3_600_000, now + 7_200_000, [{}, {}, {}]));
    const [first, second, third] = scheduled.lots;
    const { page } = await e2e.user('auctioneer', `/auction-details/${scheduled.idAuction}`);
    await page.getByTestId('edit-auction').click();
    await page.waitForURL(`**/auction/${scheduled.idAuction}`);
    // The details page's heading carries the same test id until the edit form replaces it (the URL changes first):
    // wait for the form's input, filled once the auction and its lots are read.
    const nameInput = page.locator('input[data-testid="auction-name"]');
    await expect.poll(() => nameInput.inputValue(), { timeout: 15_000 }).toBe(scheduled.auctionName);
    await expect.poll(() => page.getByTestId('lot-plate-2').inputValue(), { timeout: 15_000 }).toBe(third!.licensePlate);
    await nameInput.fill(`${scheduled.auctionName} (rev. 2)`);
    await page.getByTestId('lot-base-price-0').fill("6'250,50");
    await page.getByTestId('lot-remove-1').click();
    await page.getByTestId('add-lot').click();
    for (const [field, value] of [['plate', 'GZ777ZZ'], ['brand', 'Alfa Romeo'], ['model', 'Giulia'], ['base-price', '15000'], ['min-increment', '250']]) {
      await page.getByTestId(`lot-${field}-2`).fill(value!);
    }
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/secure/auction'));
    await page.getByTestId('create-auction-submit').click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(`**/auction-details/${scheduled.idAuction}`);
    await page.locator('[data-testid=dialog][data-kind=success]').waitFor();

    const after = await api.auctionFull(scheduled.idAuction);
    expect(after.auctionName).toBe(`${scheduled.auctionName} (rev. 2)`);
    // The kept lots keep their ids; the removed one is gone; the new one is added.
    expect(after.lots.map((l) => [l.idLot === first!.idLot || l.idLot === third!.idLot ? l.idLot : 'new', l.licensePlate, l.basePrice])).toEqual([
      [first!.idLot, first!.licensePlate, 6250.5], [third!.idLot, third!.licensePlate, third!.basePrice], ['new', 'GZ777ZZ', 15000],
    ]);
    expect(after.lots.some((l) => l.idLot === second!.idLot)).toBe(false);

    await page.goto(`${e2e.product.baseUrl}/auction/${idAuction}`);
    expect(await page.getByTestId('edit-not-scheduled').textContent()).toContain('Running');
    expect(await page.getByTestId('create-auction-form').count()).toBe(0);
  });
});

describe('money in Italian', () => {
  it('the offer field writes the amount as the rest of the Italian screen does', async () => {
    const { page } = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    await page.getByTestId('language-switch').selectOption('it');
    const input = page.getByTestId(`offer-input-${idLot}`);
    await input.waitFor({ state: 'visible' });
    await expect.poll(() => input.inputValue()).toBe(formatNumber(5100, 'it', 2));
    expect(await page.getByTestId(`best-${idLot}`).textContent()).toContain(formatNumber(5000, 'it', 2));
    await screenshot(page, TEST, 'offer-field-it');
  });
});

describe('German at 1366 px', () => {
  const pages: [string, string, () => string][] = [
    ['dealer1', 'live auction', () => `/live-auction/${idAuction}`],
    ['dealer1', 'lot detail', () => `/lot-detail/${idAuction}/${idLot}`],
    ['dealer1', 'purchases', () => '/purchase-summary'],
    ['dealer1', 'showcase', () => '/showcase-catalogue'],
    ['auctioneer', 'auction management', () => '/auction-management'],
    ['auctioneer', 'create auction', () => '/create-auction'],
    ['auctioneer', 'auction details', () => `/auction-details/${idAuction}`],
    ['auctioneer', 'closed auction details', () => `/auction-details/${idClosed}`],
    ['dealer4', 'closed live auction', () => `/live-auction/${idClosed}`],
  ];
  for (const [user, name, path] of pages) {
    it(`${name}: no label is clipped`, async () => {
      const { page } = await e2e.user(user, path());
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByTestId('language-switch').selectOption('de');
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      await page.waitForTimeout(400);
      await screenshot(page, TEST, `de-1366-${name}`);
      expect(await clippedTexts(page), `clipped texts on ${path()}`).toEqual([]);
      expect(await squeezedControls(page), `labels wider than their box on ${path()}`).toEqual([]);
      // A table that scrolls sideways at 1366 px hides its last columns (the lot actions) behind the scroll.
      const scrolled = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('main .table-wrap'))
        .filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => `${w.scrollWidth}>${w.clientWidth}: ${w.querySelector('th:last-child')?.textContent ?? ''}`));
      expect(scrolled, `tables cut at 1366 px on ${path()}`).toEqual([]);
      if (name === 'auction details') {
        // The offers report names the vehicle, the award status and the winner column in German; its files come in German.
        const report = page.getByTestId('offers-report');
        await expect.poll(() => report.getAttribute('data-rows')).toBe('1');
        expect(await report.locator('thead').textContent()).toContain('Zuschlagsstatus');
        expect(await report.locator('tbody tr').first().textContent()).toMatch(/1\.\s*\S+Fiat Panda.*Offen/);
        expect(await page.getByTestId('download-csv').getAttribute('href')).toContain('lang=de');
        await page.getByTestId('extend-time').click();
        await page.locator('dialog[open]').waitFor({ state: 'visible' });
        await screenshot(page, TEST, 'de-1366-extend-dialog');
        expect(await clippedTexts(page), 'clipped texts in the extend dialog').toEqual([]);
        expect(await squeezedControls(page), 'labels wider than their box in the extend dialog').toEqual([]);
      }
    });
  }
});

describe('purchase filters', () => {
  it('show a dealer no internal id field', async () => {
    const { page } = await e2e.user('dealer1', '/purchase-summary');
    await page.getByTestId('purchase-search').waitFor({ state: 'visible' });
    const labels = await page.locator('.purchase-filters label > span').allTextContents();
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.filter((l) => /\bid\b|\bID\b/i.test(l))).toEqual([]);
    expect(await page.locator('[data-testid="purchase-filter-idUserDealer"], [data-testid="purchase-filter-idVehicle"]').count()).toBe(0);
  });
});

describe('language at the first login', () => {
  // Since 3a8e800 (#21 item 18) the account's preferred language applies after a sign-in; the browser's used to win.
  it("the account's preferred language wins over the browser's at the first login", async () => {
    const { page } = await e2e.user('dealer3', undefined, { locale: 'it-IT' });
    const preferred = await page.evaluate(async () => ((await (await fetch('/api/v1/secure/user')).json()) as { preferredLanguage?: string }).preferredLanguage);
    expect(preferred?.toLowerCase(), 'dealer3 must prefer another language than the browser for this test to mean anything').not.toBe('it');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(preferred!.toLowerCase());
  });

  it('a language the user chose wins over both', async () => {
    const { page } = await e2e.anonymous({ locale: 'it-IT' });
    // The login page that stays (after a failed sign-on), where the header's language switch is at hand.
    await page.goto('/login?ssoError=401010');
    // A visitor's dropdown offers the session market's languages (IT here, from the browser's language): it and en.
    await expect.poll(() => page.getByTestId('language-switch').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['it', 'en']);
    await page.getByTestId('language-switch').selectOption('en');
    await page.getByTestId('login-sso').click();
    await signInAtIssuer(page, 'dealer4', DEMO_PASSWORD);
    await page.getByTestId('current-user').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
