/**
 * Dealer registration in the browser (issue 13 item 3, spec 01 §2, §4, §5): an Italian dealer with a visura PDF and a
 * legal document is refused on a wrong VAT, a wrong fiscal code and a missing visura (the 600002 dialog), then
 * registers, and the confirmation e-mail arrives at the REAL SMTP server; a German dealer sees "Bundesland/region",
 * no second document and no reference e-mail; the form on a 390×844 phone. axe on every state shown.
 *
 * It starts a product of its own with `SMTP_URL` = the real SMTP server (`E2E_SMTP_URL`; its HTTP API at
 * `E2E_SMTP_API_URL`), stopped by its pid after the file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchChromium, newUserPage, runAxe, screenshot, startProduct, type Product } from './harness.js';

const TEST = 'registration';
const SMTP_URL = process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:51025';
const SMTP_API_URL = process.env.E2E_SMTP_API_URL ?? 'http://127.0.0.1:58025';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const MARIO = { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562S', birthDate: '10/12/1985' };

let product: Product;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A fresh browser context (own cookies) on the product of this file; closed after the test. */
async function fresh(options?: { locale?: string }): Promise<{ page: Page }> {
  const opened = await newUserPage(browser, product.baseUrl, options);
  contexts.push(opened.context);
  return opened;
}

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});

beforeAll(async () => {
  product = await startProduct({ env: { SMTP_URL, MAIL_FROM: 'registration-e2e@auction-portal.local' } });
  browser = await launchChromium();
}); // the config's hookTimeout: the product's start time (E2E_START_TIMEOUT_MS) and more

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

async function open(locale: string): Promise<Page> {
  const { page } = await fresh({ locale });
  await page.goto('/registration');
  await page.getByTestId('registration-form').waitFor({ state: 'visible' });
  return page;
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** The id of the focused element. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Waits for the code tables to fill the dropdowns, then picks `value`. */
async function choose(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`[data-testid="reg-${field}"] option[value="${value}"]`).waitFor({ state: 'attached' });
  await page.getByTestId(`reg-${field}`).selectOption(value);
}

/** Fills in a valid Italian dealer (the VAT as given). */
async function fillItalianDealer(page: Page, email: string, vatCode: string): Promise<void> {
  await page.getByTestId('reg-businessName').fill('Autosalone Prova S.r.l.');
  await page.getByTestId('reg-address').fill('Via Roma 1');
  await page.getByTestId('reg-city').fill('Milano');
  await choose(page, 'region', 'MI');
  await page.getByTestId('reg-postalCode').fill('20121');
  await page.getByTestId('reg-email').fill(email);
  await page.getByTestId('reg-confEmail').fill(email);
  await page.getByTestId('reg-vatCode').fill(vatCode);
  await page.getByTestId('reg-mobile').fill('+39 333 1234567');
  await choose(page, 'typeDealerActivity', 'USED');
  await choose(page, 'carSold', 'UP_TO_50');
  await choose(page, 'buyingInterest', 'CARS');
  await page.getByTestId('reg-referenceName').fill(MARIO.name);
  await page.getByTestId('reg-referenceSurname').fill(MARIO.surname);
  await page.getByTestId('reg-referenceFiscalCode').fill(MARIO.cf);
  await page.getByTestId('reg-referenceBirthDate').fill(MARIO.birthDate);
  await page.getByTestId('reg-referenceEmail').fill(`ref-${email}`);
  for (const check of ['checkCCA', 'checkDati', 'checkTec']) await page.getByTestId(`reg-${check}`).check();
  await page.getByTestId('reg-checkConsents1-yes').check();
  await page.getByTestId('reg-checkConsents2-yes').check();
  await page.getByTestId('reg-checkConsents3-no').check();
  await page.getByTestId('reg-visura').setInputFiles({ name: 'visura-camerale.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('reg-doc').setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('reg-visura-name').waitFor({ state: 'visible' });
  await page.getByTestId('reg-doc-name').waitFor({ state: 'visible' });
}

/** Drops a file on an upload's zone, as a drag from the desktop does. */
async function dropFile(page: Page, kind: string, name: string, bytes: Buffer, type: string): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, b64, type }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
    return dt;
  }, { name, b64: bytes.toString('base64'), type });
  await page.getByTestId(`reg-${kind}-zone`).dispatchEvent('drop', { dataTransfer: transfer });
}

async function closeErrorDialog(page: Page, code: string): Promise<void> {
  const dialog = page.getByTestId('dialog');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getAttribute('data-kind')).toBe('error');
  expect(`${await dialog.getAttribute('data-error-code') ?? ''}${await dialog.getAttribute('data-message') ?? ''}`).toContain(code);
  await expectNoAxeViolations(page, `error dialog ${code}`);
  await page.getByTestId('dialog-ok').click();
  await dialog.waitFor({ state: 'detached' });
}

async function mailTo(to: string): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${SMTP_API_URL}/messages?to=${encodeURIComponent(to)}&limit=10`);
    const items = ((await response.json()) as { items: { subject: string; text: string }[] }).items;
    if (items.length > 0 || Date.now() > deadline) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('dealer registration', () => {
  it('refuses an Italian dealer on a wrong VAT, a wrong fiscal code and a missing visura, then registers it and mails it', async () => {
    const page = await open('it-IT');
    const email = `dealer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@registration.example`;
    expect(await page.getByTestId('reg-country').inputValue()).toBe('IT');
    expect(await page.locator('label[for="reg-region"]').textContent()).toContain('Provincia');
    await expectNoAxeViolations(page, 'empty form');

    // A submit attempt on the empty form: the 'not valid' flag, every message, the first section focused.
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-not-valid').waitFor({ state: 'visible' });
    await expect.poll(() => focused(page)).toBe('reg-businessName');
    expect(await page.getByTestId('reg-businessName').getAttribute('aria-describedby')).toContain('reg-businessName-error');
    await expectNoAxeViolations(page, 'form after an empty submit');

    // E-mail and confirmation are compared on every keystroke.
    await page.getByTestId('reg-email').fill('a@example.com');
    await page.getByTestId('reg-confEmail').pressSequentially('a@example.co');
    expect(await page.getByTestId('reg-confEmail-error').getAttribute('data-message')).toBe('registrationForm.error.confirmEmail');
    await page.getByTestId('reg-confEmail').pressSequentially('m');
    await page.getByTestId('reg-confEmail-error').waitFor({ state: 'detached' });

    // A wrong VAT (checksum): refused, the business data section gets the focus.
    await fillItalianDealer(page, email, '00743110158');
    await page.getByTestId('registration-submit').click();
    expect(await page.getByTestId('reg-vatCode-error').getAttribute('data-message')).toBe('registrationForm.error.wrongFormat');
    await expect.poll(() => focused(page)).toBe('reg-vatCode');
    await screenshot(page, TEST, 'wrong-vat');
    await expectNoAxeViolations(page, 'wrong VAT');

    // A wrong fiscal code (check character): refused at the internal reference.
    await page.getByTestId('reg-vatCode').fill('00743110157');
    await page.getByTestId('reg-referenceFiscalCode').fill('RSSMRA85T10A562X');
    await page.getByTestId('registration-submit').click();
    expect(await page.getByTestId('reg-referenceFiscalCode-error').getAttribute('data-message')).toBe('registrationForm.error.dataErrorFiscalCode');
    await expect.poll(() => focused(page)).toBe('reg-referenceFiscalCode');
    await expectNoAxeViolations(page, 'wrong fiscal code');
    await page.getByTestId('reg-referenceFiscalCode').fill(MARIO.cf);

    // A visura that is not a PDF is refused on choosing (600002); removing the chosen one sets the missing flag again.
    await page.getByTestId('reg-visura').setInputFiles({ name: 'visura.png', mimeType: 'image/png', buffer: PNG });
    await closeErrorDialog(page, '600002');
    expect(await page.getByTestId('reg-visura-name').textContent()).toContain('visura-camerale.pdf');
    await page.getByTestId('reg-visura-remove').click();
    await page.getByTestId('reg-visura-missing').waitFor({ state: 'visible' });
    expect(await page.getByTestId('reg-visura-error').getAttribute('data-message')).toBe('registrationForm.error.document');
    await page.getByTestId('registration-submit').click();
    await closeErrorDialog(page, '600002');
    await expect.poll(() => focused(page)).toBe('reg-visura');
    await screenshot(page, TEST, 'missing-visura');

    // The visura dropped on its zone: the registration goes through, a success dialog, then home.
    await dropFile(page, 'visura', 'visura-camerale.pdf', PDF, 'application/pdf');
    await page.getByTestId('reg-visura-name').waitFor({ state: 'visible' });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/open/sign-up') && r.request().method() === 'POST');
    await page.getByTestId('registration-submit').click();
    expect((await answer).status()).toBe(201);
    const dialog = page.getByTestId('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getAttribute('data-kind')).toBe('success');
    await expectNoAxeViolations(page, 'success dialog');
    await screenshot(page, TEST, 'registered');
    await page.getByTestId('dialog-ok').click();
    await page.waitForURL((url) => url.pathname !== '/registration', { waitUntil: 'commit', timeout: 20_000 });

    const mail = await mailTo(email);
    expect(mail.length, `no confirmation e-mail to ${email} at ${SMTP_API_URL}`).toBeGreaterThan(0);
    expect(mail[0]!.text).toContain('Autosalone Prova');
  });

  it('shows a German dealer the Bundesland/region, no second document and no reference name or e-mail', async () => {
    const page = await open('en-GB');
    await choose(page, 'country', 'DE');
    await page.locator('[data-testid="reg-region"] option[value="BY"]').waitFor({ state: 'attached' });
    expect(await page.locator('label[for="reg-region"]').textContent()).toContain('Bundesland/region');
    expect(await page.getByTestId('reg-region-star').count()).toBe(1);
    expect(await page.getByTestId('reg-doc2').count()).toBe(0);
    expect(await page.getByTestId('reg-referenceEmail').count()).toBe(0);
    expect(await page.getByTestId('reg-referenceName').count()).toBe(0);
    expect(await page.getByTestId('reg-referenceFCA').count()).toBe(1);
    expect(await page.getByTestId('reg-checkDati').count()).toBe(0);
    expect(await page.locator('#reg-mobile-hint').count()).toBe(0);
    // The region placeholder is disabled: it cannot be chosen back.
    expect(await page.locator('[data-testid="reg-region"] option[value=""]').getAttribute('disabled')).not.toBeNull();
    await screenshot(page, TEST, 'german-dealer');
    await expectNoAxeViolations(page, 'German dealer');
  });

  it('fits a 390×844 phone: no sideways scroll, touch targets of 44 px', async () => {
    const page = await open('it-IT');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-not-valid').waitFor({ state: 'visible' });
    const result = await page.evaluate(() => {
      const width = window.innerWidth;
      const small: string[] = [];
      for (const el of Array.from(document.querySelectorAll('main :is(a[href], button, input, select, textarea)'))) {
        if (el.closest('.visually-hidden') || el.getClientRects().length === 0) continue;
        let r = el.getBoundingClientRect();
        const input = el as HTMLInputElement;
        const label = el.closest('label');
        if (label && (input.type === 'checkbox' || input.type === 'radio')) r = label.getBoundingClientRect();
        if (r.width < 43.5 || r.height < 43.5) small.push(`${el.getAttribute('data-testid') ?? el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      for (const label of Array.from(document.querySelectorAll('main .upload-choose'))) {
        const r = label.getBoundingClientRect();
        if (r.width < 43.5 || r.height < 43.5) small.push(`${label.getAttribute('data-testid')} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return { scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), width, small };
    });
    await screenshot(page, TEST, 'phone');
    expect(result.scrollWidth).toBeLessThanOrEqual(result.width);
    expect(result.small).toEqual([]);
    await expectNoAxeViolations(page, 'phone');
  });
});
