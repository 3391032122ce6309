/**
 * Issue 23 item 4, the `push-notification` screen in the browser on a 390 px phone, against the embedded default: no
 * FCM_SERVICE_ACCOUNT, so the API delivers to its local FCM-protocol test double, and the demo's dealer1..dealer3 have a
 * demo device registered. An administrator opens the screen from the back-office menu, sees the form's errors (axe
 * clean), writes a notification by keyboard, sends it to two users, and follows each device's delivery to Delivered.
 */
import { describe, expect, it } from 'vitest';
import { describeViolations, loginThroughUi, runAxe, useE2E } from './harness.js';

const PHONE = { width: 390, height: 844 };

// Nothing of its own in the product: the one the global setup started for every spec.
const e2e = useE2E();

describe('the push-notification screen', () => {
  it('an administrator sends a push on a phone, by keyboard, and sees it delivered to each device', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const { page } = await e2e.anonymous();
    await page.setViewportSize(PHONE);
    await loginThroughUi(page, 'admin', '/admin');
    await page.getByTestId('card-bo-push').click();
    await page.getByTestId('push-screen').waitFor();

    // An empty form: each missing field says so, before any call.
    await page.getByTestId('push-send').click();
    for (const field of ['title', 'body', 'ids']) await page.getByTestId(`push-${field}-error`).waitFor();
    expect(await page.getByTestId('push-title-input').getAttribute('aria-invalid')).toBe('true');
    const formViolations = await runAxe(page);
    expect(formViolations, describeViolations(formViolations)).toEqual([]);

    // Written by keyboard: title, text, type (test: opens the app's home), the users; sent with Enter.
    await page.getByTestId('push-title-input').focus();
    await page.keyboard.type(`Auction tonight ${tag}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Forty vehicles from 20:00');
    await page.getByTestId('push-type').selectOption('test');
    expect(await page.locator('[data-testid=push-type] + .muted').textContent()).toBe("Opens the app's home page.");
    await page.getByTestId('push-target-users').focus();
    await page.getByTestId('push-ids').fill('dealer1, dealer2');
    await page.getByTestId('push-send').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('push-sent').waitFor();
    expect(await page.getByTestId('push-title-input').inputValue()).toBe('');

    // The deliveries of the new notification: each demo device reaches the test double.
    await page.getByTestId('push-deliveries').waitFor();
    for (const user of ['dealer1', 'dealer2']) {
      await page.waitForFunction((u) => document.querySelector(`[data-testid=push-state-${u}]`)?.textContent === 'Delivered', user, { timeout: 30_000 });
    }
    const row = page.locator('[data-testid^=push-push-]', { hasText: `Auction tonight ${tag}` });
    await row.waitFor();
    await page.waitForFunction((t) => [...document.querySelectorAll('[data-testid^=push-counts-]')].some((e) => e.textContent?.startsWith('2 delivered') && e.closest('tr, [role=row], li, div')?.textContent?.includes(t)), tag, { timeout: 30_000 });
    expect(await row.textContent()).toContain('test → /');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await runAxe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
