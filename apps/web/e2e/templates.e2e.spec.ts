/**
 * The templates' screens in the browser (issue 23 item 1): the auctioneer opens `template` from its menu and creates a
 * template with the keyboard (the form refuses it without a name and with a bad e-mail); an administrator enables
 * dealer1's dealer for it on `user-template` (from the user's card); the auctioneer creates an auction sold through it
 * with the template selector, and only the enabled dealer sees that auction; editing it back to the default channel, every
 * dealer does. axe on every screen and on the dialog; on a
 * 390×844 phone nothing scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeSuccess, describeViolations, plate, runAxe, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'templates';
const NAME = `Canale ${Date.now().toString(36)}`;

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(layout.scrollWidth, what).toBeLessThanOrEqual(layout.innerWidth);
}

describe('templates', () => {
  it('auctioneer creates a template, the admin enables dealer1 for it, an auction sold through it is seen by dealer1 only', async () => {
    // 1. The auctioneer: its menu's Templates, a new template with the keyboard.
    const auctioneer = (await e2e.user('auctioneer', '/auction-management')).page;
    await auctioneer.getByTestId('nav-templates').click();
    await auctioneer.getByTestId('template-list').waitFor({ state: 'visible', timeout: 30_000 });
    await settled(auctioneer);
    await expectNoAxeViolations(auctioneer, 'template list');
    await tabTo(auctioneer, 'template-new');
    await auctioneer.keyboard.press('Enter');
    await auctioneer.getByTestId('template-form').waitFor({ state: 'visible' });
    await tabTo(auctioneer, 'template-commercialInfoEmail');
    await auctioneer.keyboard.type('not-an-address');
    await tabTo(auctioneer, 'template-save');
    await auctioneer.keyboard.press('Enter');
    // Refused by the contract's schema on the form: no name, a bad e-mail; nothing sent.
    await auctioneer.locator('[data-testid=template-templateName][aria-invalid=true]').waitFor({ state: 'visible' });
    expect(await auctioneer.getByTestId('template-commercialInfoEmail').getAttribute('aria-invalid')).toBe('true');
    await tabTo(auctioneer, 'template-templateName');
    await auctioneer.keyboard.type(NAME);
    await tabTo(auctioneer, 'template-commercialInfoEmail');
    await auctioneer.keyboard.press('ControlOrMeta+A');
    await auctioneer.keyboard.type('vendite@canale.example');
    await tabTo(auctioneer, 'template-vatCode');
    await auctioneer.keyboard.type('IT12345678901');
    await tabTo(auctioneer, 'template-provenance');
    await auctioneer.keyboard.type('CANALE-IT');
    await settled(auctioneer);
    await expectNoAxeViolations(auctioneer, 'template form');
    await screenshot(auctioneer, TEST, 'form');
    await tabTo(auctioneer, 'template-save');
    await auctioneer.keyboard.press('Enter');
    await closeSuccess(auctioneer);
    const api = await e2e.api('auctioneer');
    const found = await api.expect<{ items: { idTemplate: string; idDealer: string; idMarket: string; flgEnabled: boolean; vatCode: string }[] }>(
      200, 'GET', `/api/v1/secure/template?templateName=${encodeURIComponent(NAME)}`);
    expect(found.items.map((t) => [t.idDealer, t.idMarket, t.flgEnabled, t.vatCode])).toEqual([['D-AUCT', 'IT', true, 'IT12345678901']]);
    const idTemplate = found.items[0]!.idTemplate;
    await auctioneer.getByTestId(`template-row-${idTemplate}`).waitFor({ state: 'visible' });
    // The server's search by name; kept in the session (templateSearch): back from the template, the list is as it was.
    await auctioneer.getByTestId('template-filter-name').fill(NAME.toUpperCase());
    await auctioneer.getByTestId('template-filter-name').press('Enter');
    await expect.poll(() => auctioneer.locator('[data-testid^="template-row-"]').count(), { timeout: 10_000 }).toBe(1);
    await auctioneer.getByTestId(`template-edit-${idTemplate}`).click();
    await auctioneer.getByTestId('template-cancel').click();
    await auctioneer.getByTestId(`template-row-${idTemplate}`).waitFor({ state: 'visible' });
    expect([await auctioneer.getByTestId('template-filter-name').inputValue(), await auctioneer.locator('[data-testid^="template-row-"]').count()]).toEqual([NAME.toUpperCase(), 1]);

    // 2. The administrator: dealer1's card, its dealer's templates, the new one switched on with the space bar.
    const admin = (await e2e.user('admin', '/user-edit/dealer1')).page;
    await admin.getByTestId('user-template-of-user').click();
    await admin.getByTestId(`user-template-${idTemplate}`).waitFor({ state: 'visible', timeout: 30_000 });
    await settled(admin);
    expect(await admin.getByTestId(`user-template-${idTemplate}`).isChecked()).toBe(false);
    await expectNoAxeViolations(admin, 'user-template');
    await tabTo(admin, `user-template-${idTemplate}`);
    await admin.keyboard.press('Space');
    await closeSuccess(admin);
    expect(await admin.getByTestId(`user-template-${idTemplate}`).isChecked()).toBe(true);
    const adminApi = await e2e.api('admin');
    const enabled = await adminApi.expect<{ templates: { idTemplate: string; flgEnabled: boolean }[] }>(200, 'GET', '/api/v1/admin/user-buyer-template?idUser=dealer1');
    expect(enabled.templates.find((t) => t.idTemplate === idTemplate)?.flgEnabled).toBe(true);

    // 3. The auctioneer: a new auction sold through the template, picked in the selector.
    await auctioneer.goto(`${e2e.product.baseUrl}/create-auction`);
    await auctioneer.getByTestId('create-auction-form').waitFor({ state: 'visible', timeout: 30_000 });
    expect(await auctioneer.getByTestId('template-choice-value').textContent()).toMatch(/Default channel/);
    await auctioneer.getByTestId('auction-name').fill(`Asta ${NAME}`);
    for (const [field, value] of [['plate', plate()], ['brand', 'Fiat'], ['model', 'Panda'], ['base-price', '5000'], ['min-increment', '100']]) {
      await auctioneer.getByTestId(`lot-${field}-0`).fill(value!);
    }
    await tabTo(auctioneer, 'template-choice-pick');
    await auctioneer.keyboard.press('Enter');
    const selector = auctioneer.getByTestId('template-selector');
    await selector.getByTestId('template-selector-select').waitFor({ state: 'visible' });
    // The dialog's dropdown is required: "use" without a choice says so.
    await selector.getByTestId('template-selector-use').click();
    expect(await selector.getByTestId('template-selector-select').getAttribute('aria-invalid')).toBe('true');
    // Its own dealer's enabled templates of the market (the demo ones too), by name.
    const options = await selector.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining([NAME, 'Leasys Remarketing', 'Rent-it Outlet']));
    await expectNoAxeViolations(auctioneer, 'template selector');
    await selector.getByTestId('template-selector-select').focus();
    await selector.getByTestId('template-selector-select').selectOption(idTemplate);
    await tabTo(auctioneer, 'template-selector-use');
    await auctioneer.keyboard.press('Enter');
    await selector.waitFor({ state: 'detached' });
    expect(await auctioneer.getByTestId('template-choice-value').textContent()).toContain(NAME);
    const posted = auctioneer.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/secure/auction'));
    await auctioneer.getByTestId('create-auction-submit').click();
    const answer = await posted;
    expect([answer.status(), (answer.request().postDataJSON() as { idTemplate?: string }).idTemplate]).toEqual([201, idTemplate]);
    const { idAuction } = await answer.json() as { idAuction: string };
    await auctioneer.waitForURL(`**/auction-details/${idAuction}`);

    // Only the dealers enabled for the template see the auction: dealer1 yes, dealer2 as if it did not exist. Another
    // user's write: the API promises read-your-own-writes only, so dealer1's view may lag a moment (server mode: the
    // read models and each instance's live model follow Kafka); dealer2's refusal holds whatever the lag.
    const dealer1Api = await e2e.api('dealer1');
    await expect.poll(async () => (await dealer1Api.request('GET', `/api/v1/secure/auctionFull?idAuction=${idAuction}`)).status, { timeout: 10_000 }).toBe(200);
    const hidden = await (await e2e.api('dealer2')).request<{ errorCode: number }>('GET', `/api/v1/secure/auctionFull?idAuction=${idAuction}`);
    expect([hidden.status, hidden.body.errorCode]).toEqual([404, 404020]);

    // 4. Editing it, the form names its channel; "default channel (every dealer)" with the keyboard moves it back: dealer2 sees it.
    await auctioneer.goto(`${e2e.product.baseUrl}/auction/${idAuction}`);
    await auctioneer.getByTestId('template-choice-current').waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => auctioneer.getByTestId('template-choice-current').textContent(), { timeout: 10_000 }).toContain(NAME);
    await tabTo(auctioneer, 'template-choice-clear');
    await auctioneer.keyboard.press('Enter');
    await auctioneer.getByTestId('template-choice-moves').waitFor({ state: 'visible' });
    expect(await auctioneer.getByTestId('template-choice-value').textContent()).toMatch(/Default channel/);
    await settled(auctioneer);
    await expectNoAxeViolations(auctioneer, 'auction form, channel moved back to the default');
    const put = auctioneer.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/secure/auction'));
    await auctioneer.getByTestId('create-auction-submit').click();
    const edited = await put;
    expect([edited.status(), (edited.request().postDataJSON() as { idTemplate?: string | null }).idTemplate, (await edited.json() as { idTemplate: string | null }).idTemplate])
      .toEqual([200, null, null]);
    await auctioneer.waitForURL(`**/auction-details/${idAuction}`);
    // As above, dealer2's view of the auctioneer's edit may lag a moment (a fresh-clone run of 2026-11-26 read 404 at once).
    const dealer2Api = await e2e.api('dealer2');
    await expect.poll(async () => (await dealer2Api.request('GET', `/api/v1/secure/auctionFull?idAuction=${idAuction}`)).status, { timeout: 10_000 }).toBe(200);
  }, 180_000);

  it('on a 390×844 phone the list, the form and the selector fit: nothing scrolls sideways', async () => {
    const { page } = await e2e.user('auctioneer', '/template');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('template-list').waitFor({ state: 'visible', timeout: 30_000 });
    await settled(page);
    await noSidewaysScroll(page, 'template list');
    await screenshot(page, TEST, 'phone-list');
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-form').waitFor({ state: 'visible' });
    await noSidewaysScroll(page, 'template form');
    await page.goto(`${e2e.product.baseUrl}/create-auction`);
    await page.getByTestId('template-choice-pick').click();
    await page.getByTestId('template-selector-select').waitFor({ state: 'visible' });
    await noSidewaysScroll(page, 'template selector');
    await screenshot(page, TEST, 'phone-selector');
    await expectNoAxeViolations(page, 'template selector on a phone');
  }, 90_000);
});
