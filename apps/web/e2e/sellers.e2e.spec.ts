/**
 * The sellers back-office in the browser (issue 23 item 3): an administrator opens seller-management, creates a seller
 * with the keyboard only (react-hook-form refuses an empty surname, the areas are checkboxes ticked with Space), edits
 * it, finds it in seller-list (searched, sorted by the server), gives a demo dealer that seller through the seller
 * selector's chips, and the dealer reads it; the list on a 390×844 phone has no sideways scroll. axe on every screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeSuccess, describeViolations, runAxe, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'sellers';
const RUN = Date.now().toString(36);

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

describe('sellers back-office', () => {
  it('keyboard only: create a seller, edit it, find it, and make it a dealer\'s reference through the seller selector', async () => {
    const { page } = await e2e.user('admin', '/seller-management');
    await page.getByTestId('seller-config-form').waitFor({ state: 'visible' });
    await settled(page);
    await expectNoAxeViolations(page, 'seller management');
    await tabTo(page, 'to-create-seller');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/create-seller');
    await page.getByTestId('seller-areas-MI').waitFor({ state: 'visible' });
    await settled(page);
    await expectNoAxeViolations(page, 'create seller');

    await tabTo(page, 'seller-name');
    await page.keyboard.type(`Ada ${RUN}`);
    await tabTo(page, 'seller-save');
    await page.keyboard.press('Enter');
    // The surname is required: the form says so beside it and sends nothing.
    await page.locator('[data-testid=seller-surname][aria-invalid=true]').waitFor({ state: 'visible' });
    expect(page.url()).toContain('/create-seller');
    await tabTo(page, 'seller-surname');
    await page.keyboard.type('Lovelace');
    await tabTo(page, 'seller-areas-MI');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('seller-areas-MI').isChecked()).toBe(true);
    await tabTo(page, 'seller-save');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/seller');
    await closeSuccess(page);
    const idSeller = new URL(page.url()).searchParams.get('idSeller')!;
    await page.getByTestId('seller-surname').waitFor({ state: 'visible' });
    expect(await page.getByTestId('seller-surname').inputValue()).toBe('Lovelace');
    expect(await page.getByTestId('seller-areas-MI').isChecked()).toBe(true);
    await settled(page);
    await expectNoAxeViolations(page, 'seller page');

    await tabTo(page, 'seller-phone');
    await page.keyboard.type('+39 02 1234');
    await tabTo(page, 'seller-save');
    await page.keyboard.press('Enter');
    await closeSuccess(page);
    const api = await e2e.api('admin');
    const saved = await api.expect<{ phone: string; areas: string[] }>(200, 'GET', `/api/v1/admin/seller?idSeller=${idSeller}`);
    expect([saved.phone, saved.areas]).toEqual(['+39 02 1234', ['MI']]);

    await page.goto(`${e2e.product.baseUrl}/seller-list?market=IT&sortField=surname&sortOrder=desc`);
    await page.getByTestId('seller-list').waitFor({ state: 'visible' });
    await settled(page);
    const surnames = await page.getByTestId('seller-list').locator('tbody tr td:first-child').allTextContents();
    expect(surnames.slice(0, 3)).toEqual(['Rossi', 'Lovelace', 'Esposito']);
    await expectNoAxeViolations(page, 'seller list');
    await tabTo(page, 'seller-search');
    await page.keyboard.type(RUN);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === RUN);
    // The server's answer to the search replaces the page: only the new seller is left.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=seller-list] tbody tr').length === 1);
    await page.getByTestId(`seller-list-row-${idSeller}`).waitFor({ state: 'visible' });

    await page.goto(`${e2e.product.baseUrl}/dealer/D-1004`);
    await page.getByTestId('dealer-seller-name').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('[data-testid=dealer-seller-name]')?.textContent !== '…');
    await tabTo(page, 'dealer-seller-change');
    await page.keyboard.press('Enter');
    await page.getByTestId(`seller-chip-${idSeller}`).waitFor({ state: 'visible' });
    await settled(page);
    await expectNoAxeViolations(page, 'seller selector');
    await screenshot(page, TEST, 'selector');
    await tabTo(page, `seller-chip-${idSeller}`);
    expect(await focused(page)).toBe(`seller-chip-${idSeller}`);
    await page.keyboard.press('Enter');
    await closeSuccess(page);
    await page.waitForFunction((name) => document.querySelector('[data-testid=dealer-seller-name]')?.textContent === name, `Ada ${RUN} Lovelace`);
    const reference = await (await e2e.api('dealer4')).expect<{ seller: { idSeller: string } }>(200, 'GET', '/api/v1/secure/reference-seller-dealer');
    expect(reference.seller.idSeller).toBe(idSeller);
  });

  it('on a 390×844 phone the seller list is cards, nothing scrolls sideways', async () => {
    const { page } = await e2e.user('customer', '/seller-list?market=IT');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('seller-list').waitFor({ state: 'visible' });
    await settled(page);
    const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    await screenshot(page, TEST, 'phone-list');
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    await expectNoAxeViolations(page, 'seller list on a phone');
  });
});
