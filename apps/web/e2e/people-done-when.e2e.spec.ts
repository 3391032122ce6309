/**
 * Issue 14's two "Done when" scenarios in real Chromium, against the real product and the real SMTP server:
 *
 * 1. A dealer registers through /registration (Italian, valid VAT and fiscal code, a visura PDF); an administrator
 *    goes dealer-management → dealer-search (business name) → dealer-list → the dealer's page, opens its visura (the
 *    answer is the PDF, `application/pdf`) and enables it; the dealer is mailed "account enabled", its reference person
 *    a first-password link, which they follow to set a password; they sign in through the embedded issuer's page and
 *    bid in the demo auction (regulation accepted, the offer accepted and shown).
 * 2. The customer centre (demo `customer`) disables dealer2 from the user-edit screen while dealer2 has the demo
 *    auction open with its live badge connected: within one second of the disable's answer the page's WebSocket
 *    closes and the badge leaves "connected"; offers can no longer be sent (the buttons are disabled, then the page
 *    goes to the issuer's sign-in page), dealer2's session answers 401 to an offer, and signing in again is refused.
 *
 * Both: axe on every back-office page shown, no console error of the app. The file starts a product of its own with
 * `SMTP_URL` = the real SMTP server (`E2E_SMTP_URL`, read at `E2E_SMTP_API_URL`), stopped by its pid after the file.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS, closeSuccess, launchChromium, loginThroughUi, newUserPage, screenshot, signInAtIssuer, startProduct, type Product,
} from './harness.js';
import {
  ANONYMOUS_PROFILE_PROBE, SMTP_URL, callWithCookies, demoAuction, expectNoAxeViolations, expectNoConsoleErrors, linkIn, recordConsole, uniqueEmail, waitForMail,
  watchLive, type ConsoleLog,
} from './harness/people.js';

const TEST = 'people-done-when';
const RUN = Date.now().toString(36);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
/** A valid Italian VAT number (checksum) and the fiscal code of "Mario Rossi", born 10/12/1985 in Bologna. */
const VAT = '00743110157';
const MARIO = { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562S', birthDate: '10/12/1985' };
const NEW_PASSWORD = 'Primo#Accesso2027';

let product: Product;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A fresh browser context (own cookies) on this file's product, with its console recorded; closed after the test. */
async function fresh(label: string, logs: ConsoleLog[], options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newUserPage(browser, product.baseUrl, options);
  contexts.push(opened.context);
  logs.push(recordConsole(opened.page, label));
  return opened;
}

beforeAll(async () => {
  product = await startProduct({
    env: { SMTP_URL, MAIL_FROM: 'people-e2e@auction-portal.local' },
    logFile: path.join(ARTIFACTS, 'product-people-done-when.log'),
  });
  browser = await launchChromium();
}); // the config's hookTimeout: the product's start time (E2E_START_TIMEOUT_MS) and more

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

/** Waits for the code tables to fill a registration dropdown, then picks `value`. */
async function choose(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`[data-testid="reg-${field}"] option[value="${value}"]`).waitFor({ state: 'attached' });
  await page.getByTestId(`reg-${field}`).selectOption(value);
}

/** Fills /registration with a valid Italian dealer: its business data, the reference person, consents, visura and ID. */
async function fillItalianDealer(page: Page, dealer: { businessName: string; email: string; referenceEmail: string }): Promise<void> {
  await page.getByTestId('reg-businessName').fill(dealer.businessName);
  await page.getByTestId('reg-address').fill('Via Roma 1');
  await page.getByTestId('reg-city').fill('Milano');
  await choose(page, 'region', 'MI');
  await page.getByTestId('reg-postalCode').fill('20121');
  await page.getByTestId('reg-email').fill(dealer.email);
  await page.getByTestId('reg-confEmail').fill(dealer.email);
  await page.getByTestId('reg-vatCode').fill(VAT);
  await page.getByTestId('reg-mobile').fill('+39 333 1234567');
  await choose(page, 'typeDealerActivity', 'USED');
  await choose(page, 'carSold', 'UP_TO_50');
  await choose(page, 'buyingInterest', 'CARS');
  await page.getByTestId('reg-referenceName').fill(MARIO.name);
  await page.getByTestId('reg-referenceSurname').fill(MARIO.surname);
  await page.getByTestId('reg-referenceFiscalCode').fill(MARIO.cf);
  await page.getByTestId('reg-referenceBirthDate').fill(MARIO.birthDate);
  await page.getByTestId('reg-referenceEmail').fill(dealer.referenceEmail);
  for (const check of ['checkCCA', 'checkDati', 'checkTec']) await page.getByTestId(`reg-${check}`).check();
  await page.getByTestId('reg-checkConsents1-yes').check();
  await page.getByTestId('reg-checkConsents2-yes').check();
  // All three consents: a user without them is sent to the privacy page first (spec 01 §4), not to the auction.
  await page.getByTestId('reg-checkConsents3-yes').check();
  await page.getByTestId('reg-visura').setInputFiles({ name: 'visura-camerale.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('reg-doc').setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('reg-visura-name').waitFor({ state: 'visible' });
  await page.getByTestId('reg-doc-name').waitFor({ state: 'visible' });
}

/** Waits until no spinner covers the page (a back-office list or card loading). */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

/** When a response reached the page (epoch ms: the request's start plus the first byte's offset). */
function answeredAt(response: Response): number {
  const timing = response.request().timing();
  return timing.startTime + timing.responseStart;
}

describe('people back-office: issue 14 "Done when"', () => {
  it('an administrator finds and enables a dealer registered through /registration; the dealer sets its password, signs in and bids', async () => {
    const logs: ConsoleLog[] = [];
    const businessName = `Autosalone Done ${RUN}`;
    const dealerEmail = uniqueEmail('dealer');
    const referenceEmail = uniqueEmail('reference');
    const demo = await demoAuction(product.baseUrl);

    // The dealer registers in the browser.
    const { page: registration } = await fresh('registration', logs, { locale: 'it-IT' });
    await registration.goto('/registration');
    await registration.getByTestId('registration-form').waitFor({ state: 'visible' });
    await fillItalianDealer(registration, { businessName, email: dealerEmail, referenceEmail });
    const signUpAnswer = registration.waitForResponse((r) => r.url().endsWith('/api/v1/open/sign-up') && r.request().method() === 'POST');
    await registration.getByTestId('registration-submit').click();
    const signUp = await signUpAnswer;
    expect(signUp.status(), await signUp.text().catch(() => '')).toBe(201);
    const { idDealer } = (await signUp.json()) as { idDealer: string };
    expect(idDealer).toBeTruthy();
    await closeSuccess(registration);
    const [received] = await waitForMail(dealerEmail, 1);
    expect(received!.text).toContain(businessName);

    // The administrator: dealer-management → dealer-search → dealer-list → the dealer's page.
    const { page: admin, context: adminContext } = await fresh('admin', logs);
    await loginThroughUi(admin, 'admin', '/dealer-management');
    await admin.getByTestId('tab-search').waitFor({ state: 'visible' });
    await admin.getByTestId('configure-count').waitFor({ state: 'visible' });
    await settled(admin);
    await expectNoAxeViolations(admin, 'dealer-management');
    await admin.getByTestId('tab-search').click();
    await admin.waitForURL((url) => url.pathname === '/dealer-search');
    await admin.getByTestId('dealer-search-panel').waitFor({ state: 'visible' });
    await expectNoAxeViolations(admin, 'dealer-search');
    await admin.getByTestId('dealer-search-businessName').fill(businessName);
    await admin.getByTestId('dealer-search-submit').click();
    await admin.waitForURL((url) => url.pathname === '/dealer-list');
    const row = admin.getByTestId(`dealer-list-row-${idDealer}`);
    await row.waitFor({ state: 'visible' });
    expect(await admin.getByTestId('dealer-list').locator('tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain(businessName);
    await settled(admin);
    await screenshot(admin, TEST, '1-dealer-list');
    await expectNoAxeViolations(admin, 'dealer-list');
    await admin.getByTestId(`open-dealer-${idDealer}`).click();
    await admin.waitForURL((url) => url.pathname === `/dealer/${idDealer}`);
    const dealerPage = admin.getByTestId('dealer-page');
    await dealerPage.waitFor({ state: 'visible' });
    expect(await dealerPage.getAttribute('data-status')).toBe('PENDING');
    await settled(admin);
    await expectNoAxeViolations(admin, 'dealer page (pending)');

    // Its documents: the visura opens in place (a new tab, `disposition=inline` since today's "documents open in place")
    // and is the PDF the dealer uploaded; its download link asks for the attachment.
    const visura = admin.getByTestId('dealer-document-visura');
    const href = (await visura.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/v1\/admin\/file\/[A-Za-z0-9_-]+\?/);
    const fileUrl = new URL(href, product.baseUrl);
    expect(fileUrl.searchParams.get('disposition')).toBe('inline');
    expect(new URL((await admin.getByTestId('dealer-document-download-visura').getAttribute('href'))!, product.baseUrl).searchParams.get('disposition'))
      .toBe('attachment');
    const fileAnswer = adminContext.waitForEvent('response', {
      predicate: (r) => new URL(r.url()).pathname === fileUrl.pathname && new URL(r.url()).searchParams.get('disposition') === 'inline', timeout: 15_000,
    });
    await visura.click();
    const file = await fileAnswer;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^application\/pdf\b/);
    expect(file.headers()['content-disposition']).toMatch(/^inline; /);
    // Chromium's PDF viewer may keep the tab's body from the test: the same address read with the admin's cookies.
    const bytes = Buffer.from(await (await adminContext.request.get(fileUrl.toString())).body());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(PDF)).toBe(true);

    // Enable: confirm, the answer, the success dialog; the page shows the dealer enabled.
    await admin.bringToFront();
    await admin.getByTestId('dealer-toggle').click();
    await admin.locator('[data-testid=dialog][data-kind=confirm]').waitFor({ state: 'visible' });
    await expectNoAxeViolations(admin, 'enable confirmation');
    const enableAnswer = admin.waitForResponse((r) => r.url().endsWith('/api/v1/admin/enable-dealer') && r.request().method() === 'PUT');
    await admin.getByTestId('dialog-confirm').click();
    const enabled = await enableAnswer;
    expect(enabled.status(), await enabled.text().catch(() => '')).toBe(200);
    await closeSuccess(admin);
    await admin.waitForFunction(() => document.querySelector('[data-testid="dealer-page"]')?.getAttribute('data-status') === 'ENABLED');
    await settled(admin);
    await screenshot(admin, TEST, '1-dealer-enabled');
    await expectNoAxeViolations(admin, 'dealer page (enabled)');

    // The mails: "account enabled" to the dealer, the first-password link to its reference person (the username).
    const dealerMails = await waitForMail(dealerEmail, 2);
    const enabledMail = dealerMails.find((m) => m.subject !== received!.subject);
    expect(enabledMail, `no "account enabled" mail besides "${received!.subject}"`).toBeDefined();
    expect(enabledMail!.text).toContain(referenceEmail.toLowerCase());
    const [setup] = await waitForMail(referenceEmail, 1, (m) => linkIn(m.text, '/password-recovery') !== null);
    const link = linkIn(setup!.text, '/password-recovery')!;
    const linkParams = new URLSearchParams(link.split('?')[1]);
    expect(linkParams.get('username')).toBe(referenceEmail.toLowerCase());
    expect(linkParams.get('tag')).toBeTruthy();

    // The dealer follows the link and sets a first password.
    const { page: dealer } = await fresh('dealer', logs, { locale: 'it-IT' });
    await dealer.goto(link);
    await dealer.getByTestId('recovery-link-page').waitFor({ state: 'visible' });
    await dealer.getByTestId('recovery-password').fill(NEW_PASSWORD);
    await dealer.getByTestId('recovery-confPassword').fill(NEW_PASSWORD);
    await dealer.getByTestId('recovery-submit').click();
    await closeSuccess(dealer);
    await dealer.waitForURL((url) => url.pathname !== '/password-recovery', { timeout: 15_000 });

    // Sign-in through the issuer's page, straight to the demo auction (a new tab: the first one is still on its way home).
    const { page: bidder } = await fresh('dealer-bidding', logs, { locale: 'it-IT' });
    await loginThroughUi(bidder, referenceEmail.toLowerCase(), `/live-auction/${demo.idAuction}`, NEW_PASSWORD);
    expect(await bidder.getByTestId('current-user').textContent()).toBe(referenceEmail.toLowerCase());
    await expect.poll(() => bidder.getByTestId(`lot-${demo.idLot}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('RUN');
    await expect.poll(() => bidder.getByTestId('connection').getAttribute('data-status'), { timeout: 15_000 }).toBe('connected');
    await bidder.getByTestId(`offer-input-${demo.idLot}`).waitFor({ state: 'visible' });

    // The first offer: the regulation is accepted first, then the offer is accepted and shown.
    const offerAnswer = bidder.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${demo.idLot}`));
    await bidder.getByTestId(`offer-submit-${demo.idLot}`).click();
    const regulation = bidder.locator('[data-testid=dialog][data-kind=confirm]');
    await regulation.waitFor({ state: 'visible' });
    await bidder.getByTestId('dialog-confirm').click();
    const offered = await offerAnswer;
    expect(offered.status(), await offered.text().catch(() => '')).toBe(201);
    const { offer } = (await offered.json()) as { offer: number };
    await expect.poll(() => bidder.getByTestId(`best-${demo.idLot}`).getAttribute('data-value'), { timeout: 5_000 }).toBe(String(offer));
    await expect.poll(() => bidder.getByTestId(`my-state-${demo.idLot}`).getAttribute('data-state'), { timeout: 5_000 }).toBe('leading');
    await screenshot(bidder, TEST, '1-dealer-bid');

    expectNoConsoleErrors(logs, [{ ...ANONYMOUS_PROFILE_PROBE, labels: ['registration', 'dealer'] }]);
  });

  it('the customer centre disables a user who has the live auction open: the live connection ends within a second and the session is refused', async () => {
    const logs: ConsoleLog[] = [];
    const demo = await demoAuction(product.baseUrl, 'dealer1');

    // dealer2 on the demo auction, its live badge connected; its live connection recorded.
    const { page: dealer, context: dealerContext } = await fresh('dealer2', logs);
    const live = await watchLive(dealer);
    await loginThroughUi(dealer, 'dealer2', `/live-auction/${demo.idAuction}`);
    await expect.poll(() => dealer.getByTestId(`lot-${demo.idLot}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('RUN');
    await expect.poll(() => dealer.getByTestId('connection').getAttribute('data-status'), { timeout: 15_000 }).toBe('connected');
    expect(await dealer.getByTestId(`offer-submit-${demo.idLot}`).isEnabled()).toBe(true);
    const session = (await dealerContext.cookies(product.baseUrl)).map((c) => ({ name: c.name, value: c.value }));
    expect((await callWithCookies(session, product.baseUrl, 'GET', '/api/v1/secure/user')).status).toBe(200);

    // The customer centre: admin landing → users → dealer2's card.
    const { page: staff } = await fresh('customer', logs);
    await loginThroughUi(staff, 'customer', '/admin');
    await staff.getByTestId('admin-landing').waitFor({ state: 'visible' });
    await expectNoAxeViolations(staff, 'admin landing');
    await staff.getByTestId('card-bo-users').click();
    await staff.waitForURL((url) => url.pathname === '/users');
    await staff.getByTestId('users-table').waitFor({ state: 'visible' });
    await settled(staff);
    await expectNoAxeViolations(staff, 'users');
    await staff.getByTestId('filter-username').fill('dealer2');
    await staff.getByTestId('users-search').click();
    await staff.waitForURL((url) => url.pathname === '/users' && url.searchParams.get('username') === 'dealer2');
    const userRow = staff.getByTestId('user-row-dealer2');
    await userRow.waitFor({ state: 'visible' });
    await settled(staff);
    await expectNoAxeViolations(staff, 'users filtered');
    await userRow.getByRole('link').first().click();
    await staff.waitForURL((url) => url.pathname.startsWith('/user-edit/'));
    const card = staff.getByTestId('user-card');
    await card.waitFor({ state: 'visible' });
    expect(await staff.getByTestId('user-username').textContent()).toBe('dealer2');
    expect(await card.getAttribute('data-state')).toBe('ENABLED');
    await settled(staff);
    await expectNoAxeViolations(staff, 'user-edit');

    // Disable, confirmed; the answer's instant is the start of the one second.
    const sockets = live.open();
    expect(sockets.length, 'dealer2 has no live WebSocket open').toBeGreaterThan(0);
    expect(dealer.url()).toContain(`/live-auction/${demo.idAuction}`);
    await staff.getByTestId('user-toggle-enabled').click();
    await staff.locator('[data-testid=dialog][data-kind=confirm]').waitFor({ state: 'visible' });
    await expectNoAxeViolations(staff, 'disable confirmation');
    const disableAnswer = staff.waitForResponse((r) => r.url().endsWith('/api/v1/admin/user/enable-disable') && r.request().method() === 'PATCH');
    const clickedAt = Date.now();
    await staff.getByTestId('dialog-confirm').click();
    const disabled = await disableAnswer;
    expect(disabled.status(), await disabled.text().catch(() => '')).toBe(200);
    const answerAt = answeredAt(disabled);

    // Within one second of the answer: the page's WebSocket closes and its badge leaves "connected".
    await expect.poll(() => sockets.every((s) => s.closedAt !== null), { timeout: 5_000, interval: 20 }).toBe(true);
    await expect.poll(() => live.first(/^badge:(?!connected$)/, clickedAt) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);
    const socketClosedAt = Math.max(...sockets.map((s) => s.closedAt!));
    const badgeLeftAt = live.first(/^badge:(?!connected$)/, clickedAt)!;
    const socketMs = Math.round(socketClosedAt - answerAt);
    const badgeMs = Math.round(badgeLeftAt.at - answerAt);
    console.log(`[${TEST}] disable answered; dealer2's WebSocket closed ${socketMs} ms after, its badge showed ` +
      `'${badgeLeftAt.what}' ${badgeMs} ms after`);
    expect(socketMs).toBeLessThan(1_000);
    expect(badgeMs).toBeLessThan(1_000);
    await closeSuccess(staff);
    await expect.poll(() => card.getAttribute('data-state')).toBe('DISABLED');
    await expectNoAxeViolations(staff, 'user-edit (disabled)');

    // The next offer cannot go through: the offer buttons are disabled with the connection; the page's reconnection is
    // refused (401), which ends its session and sends dealer2 to sign in. The disable ended the issuer's session too
    // (93a28e9, #21 item 5), so the issuer's page asks for the password, and refuses it: the account is disabled.
    await expect.poll(() => live.first(/^offer:disabled$/, clickedAt) !== undefined, { timeout: 5_000 }).toBe(true);
    expect(live.first(/^offer:disabled$/, clickedAt)!.at, 'the offer buttons were disabled only after the page left the auction')
      .toBeLessThanOrEqual(live.first(/^page:(?!\/live-auction\/)/, clickedAt)?.at ?? Number.POSITIVE_INFINITY);
    // The ended session lands on the portal's /login, which goes on to the issuer by itself; in one full-suite run it
    // stayed on /login for 15 s (not understood yet, see the issue-21 closing note): its sign-in button goes on too.
    await dealer.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/') || url.pathname === '/login', { timeout: 15_000 });
    if (new URL(dealer.url()).pathname === '/login') {
      await dealer.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'), { timeout: 5_000 }).catch(async () => {
        await dealer.getByTestId('login-sso').click();
        await dealer.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'), { timeout: 15_000 });
      });
    }
    expect(await dealer.getByTestId('current-user').count()).toBe(0);
    const signInRefused = dealer.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/oidc/interaction/'));
    await signInAtIssuer(dealer, 'dealer2');
    expect((await signInRefused).status()).toBe(403);
    const refusal = dealer.getByTestId('login-error');
    await refusal.waitFor({ state: 'visible' });
    expect((await refusal.textContent())?.trim()).not.toMatch(/403011|^$/);
    await screenshot(dealer, TEST, '2-dealer2-refused');
    console.log(`[${TEST}] dealer2's page after the disable: ${live.seen.filter((o) => o.at >= clickedAt).map((o) => `${o.what} +${(o.at - answerAt).toFixed(0)}`).join(', ')}; ` +
      `login page says "${(await refusal.textContent())?.trim()}"`);
    // The session itself: an offer and the profile answer 401.
    const refusedOffer = await callWithCookies(session, product.baseUrl, 'POST', `/api/v1/secure/auction/${demo.idAuction}/offer/${demo.idLot}`, { offer: 999_999, clickAndBuy: false });
    expect(refusedOffer.status, JSON.stringify(refusedOffer.body)).toBe(401);
    expect((await callWithCookies(session, product.baseUrl, 'GET', '/api/v1/secure/user')).status).toBe(401);

    expectNoConsoleErrors(logs, [
      { pattern: /status of 401/, since: clickedAt, labels: ['dealer2'], why: "dealer2's reconnection and calls after the disable are refused" },
      { pattern: /status of 403/, since: clickedAt, labels: ['dealer2'], why: "the issuer's page refuses the disabled account's password" },
    ]);
  });
});
