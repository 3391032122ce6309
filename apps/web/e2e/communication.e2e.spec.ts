/**
 * Issue 23 item 4, the `email` screen in the browser on a 390 px phone: an administrator opens it from the back-office
 * menu, sees the form's errors (axe clean), writes a message by keyboard, previews it (to, cc, subject and the HTML in a
 * sandboxed frame where its script does not run; axe clean), sends it, and the sanitised mail arrives at the real SMTP
 * server once. The `lead` screen: a campaign created as a draft, sent, its progress bar full and its state Sent (axe clean).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchChromium, loginThroughUi, newUserPage, runAxe, startProduct, type Product } from './harness.js';
import { SMTP_API_URL, SMTP_URL, waitForMail } from './harness/people.js';

const PHONE = { width: 390, height: 844 };

let product: Product;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  product = await startProduct({ env: { SMTP_URL, MAIL_FROM: 'communication-e2e@auction-portal.local' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

describe('the e-mail screen', () => {
  it('an administrator previews and sends an e-mail on a phone, by keyboard; it arrives sanitised, once', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const to = `news-${tag}@communication.example`;
    const cc = `copy-${tag}@communication.example`;
    const opened = await newUserPage(browser, product.baseUrl);
    context = opened.context;
    const page = opened.page;
    await page.setViewportSize(PHONE);
    await loginThroughUi(page, 'admin', '/admin');
    await page.getByTestId('card-bo-email').click();
    await page.getByTestId('email-screen').waitFor();

    // An empty form: every required field says what is missing, before any call.
    await page.getByTestId('email-preview-open').click();
    for (const field of ['recipients', 'subject', 'email']) await page.getByTestId(`email-${field}-error`).waitFor();
    expect(await page.getByTestId('email-recipients').getAttribute('aria-invalid')).toBe('true');
    const formViolations = await runAxe(page);
    expect(formViolations, describeViolations(formViolations)).toEqual([]);

    // Written by keyboard, previewed with Enter.
    await page.getByTestId('email-recipients').focus();
    await page.keyboard.type(to);
    await page.keyboard.press('Tab');
    await page.keyboard.type(cc);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`Weekly auctions ${tag}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('<p>Hello <b>dealers</b></p><script>parent.hacked = true</script>');
    await page.getByTestId('email-preview-open').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('email-preview');
    await dialog.waitFor();
    expect(await page.getByTestId('email-preview-to').textContent()).toBe(to);
    expect(await page.getByTestId('email-preview-cc').textContent()).toBe(cc);
    expect(await page.getByTestId('email-preview-subject').textContent()).toBe(`Weekly auctions ${tag}`);
    expect(await page.getByTestId('email-preview-frame').getAttribute('sandbox')).toBe('');
    const frame = page.frameLocator('[data-testid=email-preview-frame]');
    expect(await frame.locator('b').textContent()).toBe('dealers');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('email-send');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const dialogViolations = await runAxe(page);
    expect(dialogViolations, describeViolations(dialogViolations)).toEqual([]);

    // Sent with Enter: queued, the form emptied; the mail arrives once, without the script.
    await page.keyboard.press('Enter');
    await page.getByTestId('email-queued').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('email-recipients').inputValue()).toBe('');
    const [mail] = await waitForMail(to, 1, (m) => m.subject === `Weekly auctions ${tag}`);
    const full = (await (await fetch(`${SMTP_API_URL}/messages?to=${encodeURIComponent(to)}&limit=5`)).json()) as { items: { html: string | null }[] };
    expect(mail!.text).toContain('Hello dealers');
    expect(full.items).toHaveLength(1);
    expect(full.items[0]!.html).toContain('<b>dealers</b>');
    expect(full.items[0]!.html).not.toContain('script');
    await waitForMail(cc, 1, (m) => m.subject === `Weekly auctions ${tag}`);
  });

  it('an administrator creates a mailing campaign and follows its progress to the end', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const recipients = [0, 1, 2].map((i) => `lead-${i}-${tag}@communication.example`);
    const page = (await newUserPage(browser, product.baseUrl)).page;
    await page.setViewportSize(PHONE);
    await loginThroughUi(page, 'admin', '/lead');
    await page.getByTestId('lead-screen').waitFor();
    await page.getByTestId('lead-create').click();
    await page.getByTestId('lead-recipients-error').waitFor();
    await page.getByTestId('lead-name').fill(`Campaign ${tag}`);
    await page.getByTestId('lead-subject').fill(`Stock ${tag}`);
    await page.getByTestId('lead-recipients').fill(recipients.join('\n'));
    await page.getByTestId('lead-body').fill('<p>New <b>stock</b></p>');
    await page.getByTestId('lead-create').focus();
    await page.keyboard.press('Enter');
    const row = page.locator('[data-testid^=lead-lead-]', { hasText: `Campaign ${tag}` });
    await row.waitFor();
    const idLead = (await row.getAttribute('data-testid'))!.replace(/^lead-/, '');
    expect(await page.getByTestId(`lead-status-${idLead}`).textContent()).toBe('Draft');
    await page.getByTestId(`lead-send-${idLead}`).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.querySelector(`[data-testid=lead-status-${id}]`)?.textContent === 'Sent', idLead, { timeout: 30_000 });
    const bar = page.getByTestId(`lead-progress-${idLead}`);
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['3', '3']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await runAxe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    for (const to of recipients) await waitForMail(to, 1, (m) => m.subject === `Stock ${tag}`);
    await page.context().close();
  });
});
