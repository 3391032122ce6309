/**
 * Invitation end to end in the browser (issue 13 item 6, spec 01 §2 "Invite by e-mail", "User sign-up", §4, §6): a
 * demo dealer opens "Invite a colleague" in the header, the send button stays disabled while the e-mail is invalid,
 * the invitation mail arrives at the REAL SMTP server, its link opens the sign-up page (e-mail, dealer id and name
 * read-only), an inconsistent Italian fiscal code keeps the button disabled, a valid one signs up and goes home, and
 * the set-password mail follows. A link without its three parameters is denied. axe on every state shown.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchChromium, loginThroughUi, newUserPage, runAxe, screenshot, startProduct, type Product } from './harness.js';

const TEST = 'invitation';
const SMTP_URL = process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:51025';
const SMTP_API_URL = process.env.E2E_SMTP_API_URL ?? 'http://127.0.0.1:58025';

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
  product = await startProduct({ env: { SMTP_URL, MAIL_FROM: 'invitation-e2e@auction-portal.local' } });
  browser = await launchChromium();
}); // the config's hookTimeout: the product's start time (E2E_START_TIMEOUT_MS) and more

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function waitForMail(to: string, count: number): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${SMTP_API_URL}/messages?to=${encodeURIComponent(to)}&limit=10`);
    const items = ((await response.json()) as { items: { subject: string; text: string }[] }).items;
    if (items.length >= count) return items;
    if (Date.now() > deadline) throw new Error(`mail #${count} to ${to} did not arrive (found ${items.length})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The path and query of the first link to `path` in a mail (its host is the product's public address). */
function linkIn(text: string, path: string): string {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.endsWith(path)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no link to ${path} in:\n${text}`);
}

describe('invitation', () => {
  it('a dealer invites a colleague, who signs up from the e-mailed link', async () => {
    const invitee = `colleague-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@invitation.example`;
    const { page } = await fresh();
    await loginThroughUi(page, 'dealer1');
    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('invite-email');
    expect(await page.getByTestId('invite-send').isDisabled()).toBe(true);
    await page.getByTestId('invite-email').fill('not-an-e-mail');
    expect(await page.getByTestId('invite-send').isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'invite dialog');
    await page.getByTestId('invite-email').fill(invitee);
    expect(await page.getByTestId('invite-send').isDisabled()).toBe(false);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/secure/user/invite'));
    await page.getByTestId('invite-send').click();
    expect((await answer).status()).toBe(204);
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('dialog-ok').click();

    const [invitation] = await waitForMail(invitee, 1);
    const link = linkIn(invitation!.text, '/user-signup');
    const params = new URLSearchParams(link.split('?')[1]);
    expect(params.get('email')).toBe(invitee);
    expect(params.get('tag')).toBeTruthy();

    const { page: signUp } = await fresh({ locale: 'it-IT' });
    await signUp.goto(link);
    await signUp.getByTestId('signup-form').waitFor({ state: 'visible' });
    expect(await signUp.getByTestId('signup-email').inputValue()).toBe(invitee);
    expect(await signUp.getByTestId('signup-email').getAttribute('readonly')).not.toBeNull();
    expect(await signUp.getByTestId('signup-idDealer').inputValue()).toBe(params.get('dealerId'));
    expect(await signUp.getByTestId('signup-dealerName').inputValue()).not.toBe('');
    // The dealer is Italian: fiscal code and birth date starred.
    expect(await signUp.locator('[data-testid="signup-fiscalCode-star"]').count()).toBe(1);
    expect(await signUp.locator('[data-testid="signup-birthDate-star"]').count()).toBe(1);
    expect(await signUp.getByTestId('signup-submit').isDisabled()).toBe(true);
    await expectNoAxeViolations(signUp, 'sign-up page');

    await signUp.getByTestId('signup-surname').fill('Rossi');
    await signUp.getByTestId('signup-name').fill('Luigi'); // not the name the code belongs to
    await signUp.getByTestId('signup-fiscalCode').fill('RSSMRA85T10A562S');
    await signUp.getByTestId('signup-birthDate').fill('10/12/1985');
    await signUp.getByTestId('signup-consent1-yes').check();
    await signUp.getByTestId('signup-consent2-no').check();
    await signUp.getByTestId('signup-consent3-yes').check();
    await signUp.getByTestId('signup-name').focus();
    await signUp.getByTestId('signup-fiscalCode').focus();
    await signUp.getByTestId('signup-birthDate').focus();
    expect(await signUp.getByTestId('signup-submit').isDisabled()).toBe(true);
    expect(await signUp.getByTestId('signup-fiscalCode-error').getAttribute('data-message')).toBe('registrationForm.error.dataErrorFiscalCode');
    await expectNoAxeViolations(signUp, 'sign-up with an inconsistent fiscal code');
    await screenshot(signUp, TEST, 'inconsistent-fiscal-code');

    await signUp.getByTestId('signup-name').fill('Mario');
    expect(await signUp.getByTestId('signup-submit').isDisabled()).toBe(false);
    const created = signUp.waitForResponse((r) => r.url().endsWith('/api/v1/open/user-sign-up'));
    await signUp.getByTestId('signup-submit').click();
    expect((await created).status()).toBe(201);
    const done = signUp.getByTestId('dialog');
    await done.waitFor({ state: 'visible' });
    expect(await done.getAttribute('data-message')).toBe('registration:signUp.success');
    await expectNoAxeViolations(signUp, 'sign-up done');
    await signUp.getByTestId('dialog-ok').click();
    await signUp.waitForURL((url) => url.pathname !== '/user-signup', { waitUntil: 'commit', timeout: 20_000 });

    // The new user sets a password from a second e-mail.
    const mails = await waitForMail(invitee, 2);
    expect(mails.some((m) => /password|passwor/i.test(m.text))).toBe(true);
  });

  it('denies a sign-up link without its three parameters, and a used or unknown tag', async () => {
    const { page } = await fresh();
    await page.goto('/user-signup?email=someone%40example.com&dealerId=D-1001');
    const dialog = page.getByTestId('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getAttribute('data-message')).toBe('registration:signUp.denied');
    await expectNoAxeViolations(page, 'denied sign-up');
    await page.getByTestId('dialog-ok').click();
    await page.waitForURL((url) => url.pathname !== '/user-signup', { waitUntil: 'commit', timeout: 20_000 });

    // A fresh page: the first one is still on its way home (the login redirects of an anonymous visitor).
    const { page: forged } = await fresh();
    const verified = forged.waitForResponse((r) => r.url().includes('/api/v1/open/verify-tag'));
    await forged.goto('/user-signup?email=someone%40example.com&tag=forged&dealerId=D-1001');
    const verifiedAnswer = await verified;
    console.log(`[invitation] verify-tag of a forged tag: ${verifiedAnswer.status()} ${await verifiedAnswer.text()}`);
    await screenshot(forged, TEST, 'forged-tag');
    const refused = forged.getByTestId('dialog');
    await refused.waitFor({ state: 'visible' });
    expect(await refused.getAttribute('data-kind')).toBe('error');
    expect(`${await refused.getAttribute('data-error-code') ?? ''}${await refused.getAttribute('data-message') ?? ''}`).toContain('410010');
    await expectNoAxeViolations(forged, 'refused sign-up link');
    await forged.getByTestId('dialog-ok').click();
    await forged.waitForURL((url) => url.pathname !== '/user-signup', { waitUntil: 'commit', timeout: 20_000 });
  });
});
