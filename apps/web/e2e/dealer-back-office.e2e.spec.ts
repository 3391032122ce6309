/**
 * The dealers back-office in the browser (issue 14 items 1, 3, 5; spec 02 §2, §9): an administrator searches a demo
 * dealer with the keyboard only (idDealer takes digits only, the search is disabled while the panel is invalid, the
 * panel is kept in session storage), opens a waiting demo registration, sees and downloads its documents (a dealer
 * may not), and enables it; the DAC dialog filters (trimmed, lower-cased), sorts and pages (5/10/20, first, last)
 * and returns the chosen dealer; the read-only auditor sees the dealer with every change control disabled; the list
 * on a 390×844 phone shows cards without sideways scrolling. axe on every screen shown.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'dealer-back-office';
/** A valid Italian VAT code the twelve dealers this file creates share (the DAC dialog's case, over several pages). */
const SHARED_VAT = '02843190162';
/** A valid Italian VAT code for the auctioneer created through the form. */
const AUCTIONEER_VAT = '03917530168';
const RUN = Date.now().toString(36);
/** The dealers created by `beforeAll`, in creation order. */
const shared: string[] = [];

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** The business names shown in a table, in order (the table's second column is the business name). */
async function columnTexts(page: Page, testId: string, column: number): Promise<string[]> {
  return page.getByTestId(testId).locator('tbody tr').evaluateAll((rows, c) => rows.map((r) => (r as HTMLTableRowElement).cells[c]?.textContent ?? ''), column);
}

async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

beforeAll(async () => {
  const admin = await e2e.api('admin');
  for (let i = 0; i < 12; i++) {
    const created = await admin.expect<{ idDealer: string }>(201, 'POST', '/api/v1/admin/dealer', {
      businessName: `E2E Group ${RUN} ${String(i).padStart(2, '0')}`, vatCode: SHARED_VAT, address: `Via Test ${i}`, city: i % 2 ? 'Bergamo' : 'Lecco',
      region: i % 2 ? 'BG' : 'LC', postalCode: '24100', email: `dac-${RUN}-${i}@demo.example`, country: 'IT',
      referenceName: 'Test', referenceSurname: `Group ${i}`, referenceEmail: `dac-ref-${RUN}-${i}@demo.example`,
    });
    shared.push(created.idDealer);
  }
}, 90_000);

describe('dealer back-office', () => {
  it('keyboard only: the search panel refuses what it must, searches, and keeps its state in the session', async () => {
    const { page } = await e2e.user('admin', '/dealer-search');
    await page.getByTestId('dealer-search-panel').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'dealer search');
    await tabTo(page, 'dealer-search-idDealer');
    // The code is kept whole, only white space dropped (3a8e800, #21 item 18: it used to keep the digits only).
    await page.keyboard.type(' D-1001 ');
    expect(await page.getByTestId('dealer-search-idDealer').inputValue()).toBe('D-1001');
    await page.keyboard.press('Tab'); // the hint is text: next control is the business name
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dealer-search-businessName');
    await page.keyboard.type('D');
    expect(await page.getByTestId('dealer-search-submit').isDisabled()).toBe(true);
    await page.keyboard.type('emo Motors');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dealer-search-country');
    const firstOption = await page.getByTestId('dealer-search-country').locator('option').first();
    expect(await firstOption.textContent()).toBe('-');
    expect(await firstOption.getAttribute('value')).toBe('');
    await page.keyboard.press('Tab');
    await page.keyboard.type('IT<1');
    expect(await page.getByTestId('dealer-search-submit').isDisabled()).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await page.getByTestId('dealer-search-submit').isEnabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dealer-list');
    await page.getByTestId('dealer-list-row-D-1001').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dealer-list').locator('tbody tr').count()).toBe(1);
    await settled(page);
    await screenshot(page, TEST, 'search-results');
    await expectNoAxeViolations(page, 'dealer list');
    const kept = await page.evaluate(() => sessionStorage.getItem('dealerSearch'));
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ idDealer: 'D-1001', businessName: 'Demo Motors' });
    // Coming back to the search page finds the panel as it was.
    await page.goto('/dealer-search');
    expect(await page.getByTestId('dealer-search-businessName').inputValue()).toBe('Demo Motors');
    // The results' panel collapses and opens with the keyboard.
    await page.goto('/dealer-list');
    const toggle = page.getByTestId('dealer-search-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await tabTo(page, 'dealer-search-toggle');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('a waiting registration: documents for staff only, enabled from its page, the change in the audit trail', async () => {
    const { page } = await e2e.user('admin', '/dealer-configure');
    await page.getByTestId('configure-list-row-D-PEND-2').waitFor({ state: 'visible' });
    await settled(page);
    await expectNoAxeViolations(page, 'dealer configure');
    const management = await e2e.user('admin', '/dealer-management');
    await management.page.getByTestId('configure-count').waitFor({ state: 'visible' });
    expect(Number(await management.page.getByTestId('configure-count').textContent())).toBeGreaterThanOrEqual(1);
    await page.getByTestId('configure-check-D-PEND-2').click();
    await page.waitForURL((url) => url.pathname === '/dealer/D-PEND-2');
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dealer-status').textContent()).toBe('To check');
    const visura = page.getByTestId('dealer-document-visura');
    const href = await visura.getAttribute('href');
    // Documents open in place, named (2eec091, #21 items 19, 20): ?disposition=inline&name=…
    expect(href).toMatch(/^\/api\/v1\/admin\/file\/[A-Za-z0-9_-]+\?/);
    expect(new URL(href!, 'http://x').searchParams.get('disposition')).toBe('inline');
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const dealer = await e2e.api('dealer1');
    expect((await dealer.request('GET', href!)).status).toBe(403);
    await settled(page);
    await screenshot(page, TEST, 'pending-dealer');
    await expectNoAxeViolations(page, 'pending dealer page');
    await page.getByTestId('dealer-toggle').click();
    await page.getByTestId('dialog-confirm').click();
    await page.getByTestId('dialog-ok').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="dealer-page"]')?.getAttribute('data-status') === 'ENABLED');
    expect(await page.getByTestId('dealer-toggle').textContent()).toBe('Disable');
    await page.getByTestId('dealer-audit').locator('tbody tr').first().waitFor({ state: 'visible' });
    const audit = await columnTexts(page, 'dealer-audit', 2);
    expect(audit).toContain('admin');
    const again = await (await e2e.api('admin')).expect<{ status: string }>(200, 'GET', '/api/v1/admin/dealer?idDealer=D-PEND-2');
    expect(again.status).toBe('ENABLED');
  });

  it('the DAC dialog filters trimmed and lower-cased, sorts, pages 5/10/20 with first and last, and returns the dealer', async () => {
    const { page } = await e2e.user('admin', `/dealer/${shared[0]}`);
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    await page.getByTestId('dealer-dac').click();
    const dialog = page.getByTestId('dac-dialog');
    await dialog.getByTestId('dac-table').waitFor({ state: 'visible' });
    expect(await dialog.getByTestId('dac-table').getAttribute('data-total')).toBe('12');
    expect(await dialog.locator('tbody tr').count()).toBe(5);
    expect(await dialog.getByTestId('dac-table-size').inputValue()).toBe('5');
    await expectNoAxeViolations(page, 'DAC dialog');
    await dialog.getByTestId('dac-table-last').click();
    expect(await dialog.locator('tbody tr').count()).toBe(2);
    expect(await dialog.getByTestId('dac-table-page-3').getAttribute('aria-current')).toBe('page');
    await dialog.getByTestId('dac-table-first').click();
    expect(await dialog.getByTestId('dac-table-page-1').getAttribute('aria-current')).toBe('page');
    // 10 per page from page 2 (rows 6-10): the first row shown stays in view (page 1 of 10 rows).
    await dialog.getByTestId('dac-table-page-2').click();
    const firstOfPage2 = (await columnTexts(page, 'dac-table', 1))[0];
    await dialog.getByTestId('dac-table-size').selectOption('10');
    expect(await columnTexts(page, 'dac-table', 1)).toContain(firstOfPage2);
    await dialog.getByTestId('dac-table-size').selectOption('20');
    expect(await dialog.locator('tbody tr').count()).toBe(12);
    expect(await dialog.getByTestId('dac-table-first').count()).toBe(0); // one page: no paginator
    // Sort by business name: ascending, then the same header again descending.
    await dialog.getByTestId('dac-table-sort-businessName').click();
    const asc = await columnTexts(page, 'dac-table', 1);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
    expect(await dialog.locator('th[aria-sort="ascending"]').count()).toBe(1);
    await dialog.getByTestId('dac-table-sort-businessName').click();
    expect(await columnTexts(page, 'dac-table', 1)).toEqual([...asc].reverse());
    expect(await dialog.locator('th[aria-sort="descending"]').count()).toBe(1);
    // The filter is trimmed and lower-cased.
    const wanted = `E2E Group ${RUN} 07`;
    await dialog.getByTestId('dac-filter').fill(`   ${wanted.toUpperCase()}  `);
    expect(await columnTexts(page, 'dac-table', 1)).toEqual([wanted]);
    await screenshot(page, TEST, 'dac-dialog');
    await dialog.getByTestId(`dac-select-${shared[7]}`).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === `/dealer/${shared[7]}`);
    await page.waitForFunction((name) => document.querySelector('#dealer-title')?.textContent === name, wanted);
  });

  it('an administrator creates an auctioneer; it is listed with the auctioneers; exhibitors are listed with their switch', async () => {
    const { page } = await e2e.user('admin', '/create-auctioneer');
    await page.getByTestId('create-auctioneer-form').waitFor({ state: 'visible' });
    await page.getByTestId('auctioneer-submit').click();
    expect(await page.getByTestId('auctioneer-businessName').getAttribute('aria-invalid')).toBe('true'); // nothing sent
    expect(new URL(page.url()).pathname).toBe('/create-auctioneer');
    const name = `E2E Auctions ${RUN}`;
    const values: Record<string, string> = {
      businessName: name, vatCode: AUCTIONEER_VAT, address: 'Via Aste 3', city: 'Roma', postalCode: '00100', email: `aste-${RUN}@demo.example`,
      referenceName: 'Anna', referenceSurname: 'Verdi', referenceEmail: `aste-ref-${RUN}@demo.example`,
    };
    for (const [field, value] of Object.entries(values)) await page.getByTestId(`auctioneer-${field}`).fill(value);
    await page.getByTestId('auctioneer-region').locator('option[value="RM"]').waitFor({ state: 'attached' });
    await page.getByTestId('auctioneer-region').selectOption('RM');
    await expectNoAxeViolations(page, 'create auctioneer');
    await page.getByTestId('auctioneer-multi').check();
    await page.getByTestId('auctioneer-submit').click();
    await page.getByTestId('dialog-ok').click();
    await page.waitForURL((url) => url.pathname === '/auctioneer');
    await page.getByTestId('auctioneer-capabilities').waitFor({ state: 'visible' });
    expect(await page.getByTestId('auctioneer-capabilities').textContent()).toBe('Auctioneer, Multi-auctioneer');
    const idDealer = new URL(page.url()).searchParams.get('idDealer')!;
    await page.goto('/auctioneer-management');
    await page.getByTestId(`auctioneer-list-row-${idDealer}`).waitFor({ state: 'visible' });
    await settled(page);
    await expectNoAxeViolations(page, 'auctioneer management');
    await page.goto('/exhibitors');
    await page.getByTestId('exhibitor-toggle-D-EXHB').waitFor({ state: 'visible' });
    expect(await page.getByTestId('exhibitor-toggle-D-EXHB').textContent()).toBe('Disable');
    await settled(page);
    await expectNoAxeViolations(page, 'exhibitors');
  });

  it('the read-only auditor sees the dealer and cannot change it', async () => {
    const { page } = await e2e.user('auditor', '/dealer/D-1002');
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    await page.getByTestId('read-only-note').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dealer-toggle').isDisabled()).toBe(true);
    expect(await page.getByTestId('dealer-edit').isDisabled()).toBe(true);
    expect(await page.getByTestId('dealer-delete').count()).toBe(0);
    expect(await page.getByTestId('dealer-capability-auctioneer').isDisabled()).toBe(true);
    await settled(page);
    await expectNoAxeViolations(page, 'read-only dealer page');
  });

  it('on a 390×844 phone the list is cards, nothing scrolls sideways', async () => {
    const { page } = await e2e.user('customer', '/dealer-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('dealer-list').waitFor({ state: 'visible' });
    await settled(page);
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      headHidden: getComputedStyle(document.querySelector('[data-testid="dealer-list"] thead')!).display === 'none',
      rowDisplay: getComputedStyle(document.querySelector('[data-testid="dealer-list"] tbody tr')!).display,
    }));
    await screenshot(page, TEST, 'phone-list');
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.headHidden).toBe(true);
    expect(layout.rowDisplay).toBe('grid');
    await expectNoAxeViolations(page, 'dealer list on a phone');
  });
});
