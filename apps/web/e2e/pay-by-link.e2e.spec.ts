/**
 * Pay by link in the browser (issue 23 item 7): a dealer opens its purchases, presses Pay (keyboard) on a showcase
 * purchase, the demo payment provider's page shows the exact amount, its Pay button (keyboard) notifies the portal and
 * brings the browser back to paymentSuccess (esito and messaggio shown as text), whose link leads back to the purchases,
 * where the purchase now shows Paid and no Pay button. axe on the purchases and result pages; on a 390×844 phone the
 * purchases page does not scroll sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe, screenshot, tabTo, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'pay-by-link';
const DEALER = 'dealer4';

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** A showcase vehicle the dealer bought (through the API), at 7000.50 euros. */
async function boughtVehicle(): Promise<string> {
  const exhibitor = await e2e.api('exhibitor');
  const plate = `PB${Date.now().toString(36).toUpperCase()}`;
  const created = await exhibitor.expect<{ vehicles: { idVehicle: string }[] }>(201, 'POST', '/api/v1/secure/showcase', {
    idMarket: 'IT', vehicles: [{ licensePlate: plate, brand: 'Fiat', model: 'Tipo', price: 7000.5 }],
  });
  const idVehicle = created.vehicles[0]!.idVehicle;
  const dealer = await e2e.api(DEALER);
  await dealer.expect(204, 'PATCH', '/api/v1/secure/showcase/accept-regulation');
  await dealer.expect(200, 'PUT', '/api/v1/secure/showcase/buy', { idVehicles: [idVehicle] });
  return idVehicle;
}

describe('pay by link', () => {
  it('keyboard: Pay on the purchases page, pay on the demo provider\'s page, back on paymentSuccess, the purchase Paid', async () => {
    const idVehicle = await boughtVehicle();
    const { page } = await e2e.user(DEALER, '/purchase-summary');
    await page.getByTestId(`pay-${idVehicle}`).waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByTestId(`payment-status-${idVehicle}`).textContent()).toBe('Not paid');
    await expectNoAxeViolations(page, 'purchases page');
    await tabTo(page, `pay-${idVehicle}`);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/api\/v1\/open\/demo-payments\//, { timeout: 30_000 });
    expect(await page.getByTestId('demo-amount').textContent()).toBe('7000.50 EUR');
    await screenshot(page, TEST, 'demo-page');
    await tabTo(page, 'demo-pay');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/paymentSuccess\?/, { timeout: 30_000 });
    await page.getByTestId('payment-success').waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByTestId('payment-esito').textContent()).toBe('OK');
    expect(await page.getByTestId('payment-messaggio').textContent()).toBe('Demo payment of 7000.50 EUR accepted.');
    await expectNoAxeViolations(page, 'paymentSuccess');
    await screenshot(page, TEST, 'success');
    await tabTo(page, 'payment-back');
    await page.keyboard.press('Enter');

    await page.getByTestId(`payment-status-${idVehicle}`).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction((id) => document.querySelector(`[data-testid=payment-status-${id}]`)?.textContent === 'Paid', idVehicle, { timeout: 15_000 });
    expect(await page.getByTestId(`pay-${idVehicle}`).count()).toBe(0);
  }, 120_000);

  it('paymentError shows a hostile messaggio as text; on a 390×844 phone the purchases page fits', async () => {
    const { page } = await e2e.anonymous();
    await page.goto(`${e2e.product.baseUrl}/paymentError?esito=KO&messaggio=${encodeURIComponent('<img src=x onerror=alert(1)>declined')}`);
    await page.getByTestId('payment-error').waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByTestId('payment-messaggio').textContent()).toBe('<img src=x onerror=alert(1)>declined');
    expect(await page.locator('[data-testid=payment-error] img').count()).toBe(0);
    await expectNoAxeViolations(page, 'paymentError');

    const phone = (await e2e.user(DEALER, '/purchase-summary')).page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.getByTestId('purchases-table').waitFor({ state: 'visible', timeout: 30_000 });
    const layout = await phone.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    await screenshot(phone, TEST, 'phone');
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
  }, 90_000);
});
