/**
 * Issue 23 item 5, the `report` screen in the browser on a 390 px phone: an administrator opens it from the back-office
 * menu, a period that ends before it starts is refused on the form (axe clean, before any call), the logins report is
 * chosen and downloaded by keyboard as CSV (its own login is in it, recorded from the log), then as XLSX.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeViolations, loginThroughUi, runAxe, useE2E } from './harness.js';

const PHONE = { width: 390, height: 844 };

// Nothing of its own in the product: the one the global setup started for every spec.
const e2e = useE2E();

describe('the report screen', () => {
  it('an administrator downloads the logins report on a phone, by keyboard, after a refused period', async () => {
    const { page } = await e2e.anonymous();
    await page.setViewportSize(PHONE);
    await loginThroughUi(page, 'admin', '/admin');
    await page.getByTestId('card-bo-report').click();
    await page.getByTestId('report-screen').waitFor();

    // Logins: the login type is a filter of this report only.
    await page.getByTestId('report-type').selectOption('LOGINS');
    await page.getByTestId('report-loginType').waitFor();
    expect(await page.getByTestId('report-auctionName').count()).toBe(0);

    // A period ending before it starts: refused on the form, named on the 'from' field.
    await page.getByTestId('report-from').fill('2026-11-02');
    await page.getByTestId('report-to').fill('2026-11-01');
    await page.getByTestId('report-csv').click();
    await page.getByTestId('report-from-error').waitFor();
    expect(await page.getByTestId('report-from').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await runAxe(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Cleared, then downloaded with Enter on the focused button.
    await page.getByTestId('report-from').fill('');
    await page.getByTestId('report-to').fill('');
    await page.getByTestId('report-csv').focus();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(csv.suggestedFilename()).toMatch(/^report-logins-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('loginAt,loginType,username,idUser,idDealer,businessName,vatCode,idMarket');
    // The web client signs in through the single sign-on issuer: the admin's login is an SSO one.
    expect(rows.some((r) => r.split(',')[1] === 'SSO' && r.split(',')[2] === 'admin')).toBe(true);
    await page.getByTestId('report-started').waitFor();

    await page.getByTestId('report-xlsx').focus();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(xlsx.suggestedFilename()).toMatch(/^report-logins-[\d-]+\.xlsx$/);
    expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  }, 180_000);
});
