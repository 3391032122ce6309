/**
 * The server's Content-Security-Policy does not get in the client's way: a dealer logs in, opens a live auction, sees
 * another dealer's offer arrive over the live channel (MQTT over WebSocket, same origin), and the Swagger UI page
 * renders, all without one `securitypolicyviolation` event or CSP console message.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, auctionBody, useE2E } from './harness.js';

const e2e = useE2E();

/** Starts recording CSP violations of `page` (the DOM event and the console's "Content Security Policy" lines). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`);
  });
  return violations;
}

describe('Content-Security-Policy', () => {
  it('lets the client log in, follow a live auction and show the API docs without a violation', async () => {
    const auctioneer = await e2e.api('auctioneer');
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction(auctionBody(`E2E CSP ${new Date(now).toISOString()}`, now - 1_000, now + 120_000));
    const idLot = created.lots[0]!.idLot;

    const { page } = await e2e.anonymous();
    const violations = await recordViolations(page);
    const csp = (await page.goto('/login'))?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByTestId('login-username').fill('dealer1');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('current-user').waitFor({ state: 'visible' });

    await page.goto(`/live-auction/${created.idAuction}`);
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    const dealer2 = await e2e.api('dealer2');
    await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${created.idAuction}/offer/${idLot}`, { offer: 5000 });
    await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 10_000 }).toBe('5000');

    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('.opblock').first().waitFor({ state: 'visible' });

    // zod runs jitless in the client (apps/web/src/zod-config.ts), so not even its eval probe is refused.
    console.log(`[e2e] CSP: ${violations.length} violation(s)` + (violations.length ? `:\n  ${violations.join('\n  ')}` : ''));
    expect(violations).toEqual([]);
  });
});
