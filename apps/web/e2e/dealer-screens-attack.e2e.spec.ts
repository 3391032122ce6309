/**
 * The dealer back-office screens attacked as a careless or hostile user (issue 14 attack review; spec 02 §2, §4, §9):
 * hand-edited list URLs (negative, huge, unknown or off-boundary paging and sort values, a `..` id), hostile dealer
 * names (markup, i18n placeholders, 50 letters without a space on a 390×844 phone), impatient second presses while
 * a change is under way, the paginator with the keyboard only, the languages whose i18next code differs from the
 * portal's (pt-PT, nl-BE, fr-LU), and what a customer-centre user may do. axe where a screen is shown.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe, useE2E } from './harness.js';

const e2e = useE2E();
const RUN = Date.now().toString(36);
/** A valid Italian VAT code shared by the dealers created here (the DAC dialog gets several pages). */
const VAT = '00743110157';
const HOSTILE = '<img src=x onerror=alert(1)><b>Bold</b>';
const LONG = 'W'.repeat(50);
const ids: Record<string, string> = {};

async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

beforeAll(async () => {
  const admin = await e2e.api('admin');
  const names: [string, string][] = [['hostile', HOSTILE], ['long', LONG], ['braces', '{{name}} $t(dealers:status.ENABLED) &amp;']];
  for (let i = 0; i < 8; i++) names.push([`group${i}`, `Attack ${RUN} ${i}`]);
  for (const [key, businessName] of names) {
    const created = await admin.expect<{ idDealer: string }>(201, 'POST', '/api/v1/admin/dealer', {
      businessName, vatCode: VAT, address: `Via Attacco ${key}`, city: 'Lecco', region: 'LC', postalCode: '23900', country: 'IT',
      email: `atk-${key}-${RUN}@demo.example`, referenceName: 'Att', referenceSurname: key, referenceEmail: `atk-ref-${key}-${RUN}@demo.example`,
    });
    ids[key] = created.idDealer;
  }
}, 90_000);

describe('dealer screens under attack', () => {
  it('hand-edited list URLs: refused values are dropped (not sent), an off-boundary offset moves to its page, a bad id goes back to the list', async () => {
    const { page } = await e2e.user('admin', '/dealer-management');
    const sent: string[] = [];
    page.on('request', (r: Request) => { if (r.url().includes('/api/v1/admin/')) sent.push(r.url()); });
    await page.goto('/dealer-list?limit=-1&offset=-5&sortField=x&sortOrder=sideways&idDealer=%2e%2e&idMarket=OTHER');
    await page.getByTestId('dealer-list').waitFor({ state: 'visible' });
    await settled(page);
    const search = sent.filter((u) => u.includes('/dealers-info/search')).map((u) => new URL(u).searchParams);
    expect(search.length).toBeGreaterThan(0);
    for (const q of search) {
      expect(q.get('limit')).toBe('20');
      expect(q.get('offset')).toBe('0');
      expect(q.get('sortField')).toBe('createdAt');
      expect(q.get('sortOrder')).toBe('desc');
      expect(q.has('idDealer')).toBe(false);
      expect(q.has('idMarket')).toBe(false);
    }
    expect(await page.getByTestId('dialog').count()).toBe(0);
    // limit=7 is no size the selector offers; offset=3 is inside page 1: the table asks for the page's start.
    await page.goto('/dealer-list?limit=7&offset=3');
    await page.waitForURL((url) => url.searchParams.get('offset') === '0');
    await page.getByTestId('dealer-list').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dealer-list-size').inputValue()).toBe('20');
    expect(await page.getByTestId('dealer-list-info').textContent()).toMatch(/^1–/);
    // A huge offset the server still accepts: the table clamps to the last page.
    await page.goto(`/dealer-list?vatCode=${VAT}&limit=10&offset=990000`);
    await page.waitForURL((url) => url.searchParams.get('offset') === '10');
    await page.getByTestId('dealer-list-page-2').and(page.locator('[aria-current="page"]')).waitFor({ state: 'visible' });
    expect(await page.getByTestId('dialog').count()).toBe(0);
    sent.length = 0;
    await page.goto('/auctioneer?idDealer=%2e%2e');
    await page.waitForURL((url) => url.pathname === '/auctioneer-management');
    await page.goto('/edit-auctioneer');
    await page.waitForURL((url) => url.pathname === '/auctioneer-management');
    expect(sent.filter((u) => u.includes('idDealer=..'))).toEqual([]);
  });

  it('hostile names are text: no markup, no placeholder resolved, and a 50-letter name does not widen a phone page', async () => {
    const { page } = await e2e.user('admin', `/dealer/${ids.hostile}`);
    let scriptDialogs = 0;
    page.on('dialog', (d) => { scriptDialogs++; void d.dismiss(); });
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    expect(await page.locator('#dealer-title').textContent()).toBe(HOSTILE);
    expect(await page.locator('#dealer-title img, #dealer-title b').count()).toBe(0);
    await page.getByTestId('dealer-toggle').click();
    expect(await page.locator('#dialog-message').textContent()).toContain(HOSTILE);
    await page.getByTestId('dialog-cancel').click();
    await page.goto(`/dealer/${ids.braces}`);
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    await page.getByTestId('dealer-toggle').click();
    expect(await page.locator('#dialog-message').textContent()).toContain('{{name}} $t(dealers:status.ENABLED) &amp;?');
    await page.getByTestId('dialog-cancel').click();
    expect(scriptDialogs).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [`/dealer/${ids.long}`, `/auctioneer?idDealer=${ids.long}`, `/dealer-list?vatCode=${VAT}&sortField=businessName&sortOrder=desc`]) {
      await page.goto(path);
      await page.getByTestId('dealer-page').or(page.getByTestId('auctioneer-page')).or(page.getByTestId('dealer-list')).waitFor({ state: 'visible' });
      await settled(page);
      const layout = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
        wider: [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).length,
      }));
      expect(layout.scroll, path).toBeLessThanOrEqual(layout.width);
      expect(layout.wider, path).toBe(0);
    }
    await expectNoAxeViolations(page, 'long names on a phone');
  });

  it('an impatient second press while a change is under way asks nothing and sends nothing', async () => {
    const admin = await e2e.api('admin');
    const { idDealer } = await admin.expect<{ idDealer: string }>(201, 'POST', '/api/v1/admin/dealer', {
      businessName: `Impatient ${RUN}`, vatCode: VAT, address: 'Via Fretta 1', city: 'Lecco', region: 'LC', postalCode: '23900', country: 'IT',
      email: `atk-imp-${RUN}@demo.example`, referenceName: 'Imp', referenceSurname: 'Atient', referenceEmail: `atk-imp-ref-${RUN}@demo.example`,
    });
    const { page } = await e2e.user('admin', `/dealer/${idDealer}`);
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    await settled(page);
    const changes: string[] = [];
    page.on('request', (r: Request) => { if (r.method() !== 'GET' && r.url().includes('/api/v1/admin/')) changes.push(`${r.method()} ${new URL(r.url()).pathname}`); });
    // Every change waits 1.5 s on its way: the user has time to press again.
    await page.route(/\/api\/v1\/admin\/(enable-dealer|dealer\?)/, async (route) => {
      if (route.request().method() !== 'GET') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    for (const [button, call] of [['dealer-toggle', 'PUT /api/v1/admin/enable-dealer'], ['dealer-delete', 'DELETE /api/v1/admin/dealer']] as const) {
      changes.length = 0;
      await page.getByTestId(button).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('dialog-confirm').click();
      await expect.poll(() => changes.length).toBe(1);
      expect(await focused(page)).toBe(button); // the focus came back to the button: Enter again
      expect(await page.getByTestId(button).getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Enter');
      // A double click that reaches the button (whatever covers it while the call runs).
      await page.getByTestId(button).dispatchEvent('click');
      await page.getByTestId(button).dispatchEvent('click');
      await page.waitForTimeout(200);
      expect(await page.getByTestId('dialog-confirm').count()).toBe(0); // no second "Disable …?" with the old state
      await page.getByTestId('dialog-ok').click(); // the one success
      expect(changes).toEqual([call]);
    }
    await page.waitForURL((url) => url.pathname === '/dealer-list');
    expect(await page.getByTestId('dialog').count()).toBe(0); // no error after the success
    const gone = await admin.request('GET', `/api/v1/admin/dealer?idDealer=${idDealer}`);
    expect([404, 410, 200]).toContain(gone.status);
  });

  it('keyboard only: the DAC paginator keeps the focus on first and last', async () => {
    const { page } = await e2e.user('admin', `/dealer/${ids.group0}`);
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    await page.getByTestId('dealer-dac').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('dac-table').waitFor({ state: 'visible' });
    await page.getByTestId('dac-table-last').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('dac-table-last').getAttribute('aria-disabled')).toBe('true');
    expect(await focused(page)).toBe('dac-table-last');
    await page.keyboard.press('Enter'); // nothing happens, the focus stays
    expect(await focused(page)).toBe('dac-table-last');
    await page.getByTestId('dac-table-first').focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('dac-table-first');
    expect(await page.getByTestId('dac-table-page-1').getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page, 'DAC dialog on its first page');
  });

  it('Portuguese, Belgian and Luxembourgish administrators get the regions and the country names in their language', async () => {
    for (const [language, italy] of [['pt', 'Itália'], ['be', 'Italië'], ['lu', 'Italie']] as const) {
      const { page } = await e2e.user('admin', '/create-auctioneer');
      const refused: string[] = [];
      page.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`); });
      // The regions asked again in the new language (before the fix: lang=pt-PT, refused with 400, no regions).
      const regions = page.waitForResponse((r) => r.url().includes('/ct-elements-map') && r.url().includes('lang='), { timeout: 15_000 });
      await page.getByTestId('language-switch').selectOption(language);
      const answer = await regions;
      expect(answer.status(), answer.url()).toBe(200);
      await page.getByTestId('auctioneer-region').locator('option[value="RM"]').waitFor({ state: 'attached' });
      await expect.poll(() => page.getByTestId('auctioneer-country').locator('option[value="IT"]').textContent()).toBe(italy);
      expect(refused, language).toEqual([]);
      await page.context().close();
    }
  });

  it('a customer-centre user changes dealers but not partner roles, deletions or auctioneer creation', async () => {
    const { page } = await e2e.user('customer', `/dealer/${ids.group1}`);
    await page.getByTestId('dealer-page').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dealer-toggle').isEnabled()).toBe(true);
    expect(await page.getByTestId('dealer-delete').count()).toBe(0);
    expect(await page.getByTestId('dealer-capability-auctioneer').count()).toBe(0);
    await page.goto('/exhibitors');
    await page.getByTestId('exhibitor-toggle-D-EXHB').waitFor({ state: 'visible' });
    expect(await page.getByTestId('exhibitor-toggle-D-EXHB').isDisabled()).toBe(true);
    await page.goto('/create-auctioneer');
    await page.getByTestId('create-auctioneer-form').waitFor({ state: 'visible' });
    expect(await page.getByTestId('auctioneer-submit').isDisabled()).toBe(true);
    const customer = await e2e.api('customer');
    expect((await customer.request('PUT', '/api/v1/admin/enable-exhibitor', { idDealer: 'D-EXHB', flgEnabled: false })).status).toBe(403);
    await settled(page);
    await expectNoAxeViolations(page, 'create auctioneer as customer centre');
  });
});
