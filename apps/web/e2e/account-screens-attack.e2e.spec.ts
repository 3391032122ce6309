/**
 * Attack review of the issue-13 account screens (spec 01 §2, §4, §8), in Chromium on the product of the global setup:
 * - the maintenance page's "try again" must never leave the portal, whatever `from` says (`/<TAB>/host` is
 *   `//host` to a browser);
 * - after a successful recovery link or invitation sign-up, Back must not bring the link (its tag) and its form back;
 * - the private header with its menu is usable on a 390×844 phone: no sideways scroll, targets of 44×44 px; the
 *   invite dialog takes an e-mail with an internationalised domain;
 * - a registration whose connection drops mid-submit says so, keeps every entry and file, and a second submit
 *   registers (one registration).
 * The API answers of the link flows are stubbed (page.route): what is tested is the client's handling of them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'account-attack';
const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 44;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

const EVIL_HOST = 'evil.example';

/** Requests to the attacker's host are answered by a stub page, so a navigation off the portal is seen, not attempted. */
async function trapEvilHost(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname === EVIL_HOST,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1 id="evil">evil</h1>' }),
  );
}

describe('maintenance page: "try again" stays on the portal', () => {
  it.each([
    ['a tab the browser drops', '/\t/evil.example/steal'],
    ['a line break the browser drops', '/\n/evil.example/steal'],
    ['a backslash', '/\\evil.example/steal'],
  ])('from with %s goes to the portal', async (_what, from) => {
    const { page } = await e2e.anonymous();
    await trapEvilHost(page);
    await page.goto(`/maintenance?from=${encodeURIComponent(from)}`);
    await page.getByTestId('maintenance-retry').click();
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    // The portal's root (the sign-in, at the embedded issuer's address) or the page itself: never the other host.
    expect(new URL(page.url()).hostname).not.toBe(EVIL_HOST);
    expect(await page.locator('#evil').count()).toBe(0);
  });

  it('a path of the portal is where it returns', async () => {
    const { page } = await e2e.anonymous();
    await page.goto(`/maintenance?from=${encodeURIComponent('/password-recovery')}`);
    await page.getByTestId('maintenance-retry').click();
    await page.getByTestId('recovery-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/password-recovery');
  });
});

describe('link pages: Back after success does not reopen the spent link', () => {
  it('recovery link: one request for two Enters, and Back does not show the link form again', async () => {
    const { page } = await e2e.anonymous();
    let calls = 0;
    // The answer is held until both Enters are pressed: with a fixed delay, a loaded machine pressed the second Enter
    // after the success dialog had opened, where it pressed the dialog's OK (CI: the dialog was gone, home loaded).
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    await page.route((url) => url.pathname === '/api/v1/open/verify-pwd-recovery', async (route) => {
      calls += 1;
      await released;
      await route.fulfill({ status: 204, body: '' });
    });
    await page.goto('/forbidden'); // a page of the portal before the link, like a visitor's previous page
    await page.goto('/password-recovery?tag=spent-tag-0123456789&username=dealer3');
    await page.getByTestId('recovery-password').fill('Newpass#2027a');
    await page.getByTestId('recovery-confPassword').fill('Newpass#2027a');
    await page.getByTestId('recovery-confPassword').press('Enter');
    await page.getByTestId('recovery-confPassword').press('Enter').catch(() => undefined);
    release();
    await page.getByTestId('dialog-ok').click();
    await page.waitForURL((url) => url.pathname !== '/password-recovery', { waitUntil: 'commit', timeout: 20_000 });
    expect(calls).toBe(1);
    // Home is the sign-in (a full navigation to the issuer): Back may abort the page's own load; its URL is what counts.
    await page.goBack().catch(() => undefined);
    await page.waitForLoadState('load').catch(() => undefined);
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('spent-tag-0123456789');
    expect(await page.getByTestId('recovery-link-page').count()).toBe(0);
  });

  it('invitation sign-up: a hostile dealer name is text, one sign-up for a double click, Back does not reopen it', async () => {
    const { page } = await e2e.anonymous();
    const email = 'first.last+bids@demo.example';
    await page.route((url) => url.pathname === '/api/v1/open/verify-tag', (route) => route.fulfill({
      status: 200, contentType: 'application/json',
      body: JSON.stringify({ email, idDealer: '7', dealerName: '<img src=x onerror="window.__xss=1">', idMarket: 'FR' }),
    }));
    let signUps = 0;
    await page.route((url) => url.pathname === '/api/v1/open/user-sign-up', async (route) => {
      signUps += 1;
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ username: email }) });
    });
    await page.goto('/forbidden');
    await page.goto(`/user-signup?email=${encodeURIComponent(email)}&tag=spent-invite-tag&dealerId=7`);
    await expect.poll(() => page.getByTestId('signup-dealerName').inputValue()).toBe('<img src=x onerror="window.__xss=1">');
    expect(await page.getByTestId('signup-email').inputValue()).toBe(email);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.getByTestId('signup-surname').fill('Last');
    await page.getByTestId('signup-name').fill('First');
    for (const c of ['consent1', 'consent2', 'consent3']) await page.getByTestId(`signup-${c}-yes`).check();
    await page.getByTestId('signup-submit').dblclick();
    await page.getByTestId('dialog-ok').click();
    await page.waitForURL((url) => url.pathname !== '/user-signup', { waitUntil: 'commit', timeout: 20_000 });
    expect(signUps).toBe(1);
    // Home is the sign-in (a full navigation to the issuer): Back may abort the page's own load; its URL is what counts.
    await page.goBack().catch(() => undefined);
    await page.waitForLoadState('load').catch(() => undefined);
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('spent-invite-tag');
  });
});

describe('private header on a phone', () => {
  it('dealer1 at 390×844: no sideways scroll, every header target (menu, invite, language, logout) is 44×44 px', async () => {
    const { page } = await e2e.user('dealer1', '/live');
    await page.setViewportSize(PHONE);
    await page.getByTestId('invite-open').waitFor();
    const audit = await page.evaluate((min) => {
      const header = document.querySelector('.app-header')!;
      const small = [...header.querySelectorAll<HTMLElement>('a[href], button, select')]
        .filter((el) => !el.classList.contains('skip-link')) // off screen until focused
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < min - 0.5 || box.height < min - 0.5))
        .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim().slice(0, 24)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, small };
    }, MIN_TARGET);
    await screenshot(page, TEST, 'header-phone');
    expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
    expect(audit.small).toEqual([]);
    // The invite dialog opens from the header on the phone and Escape gives the focus back to its entry.
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-email').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('invite-open');
    // An internationalised domain is accepted and sent in its ASCII form (stubbed: no invitation is created).
    const sent: unknown[] = [];
    await page.route((url) => url.pathname === '/api/v1/secure/user/invite', async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fulfill({ status: 204, body: '' });
    });
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-email').fill('anna+bids@bücher.example');
    await page.getByTestId('invite-send').click();
    await page.getByTestId('invite-dialog').waitFor({ state: 'detached' });
    expect(sent).toEqual([{ email: 'anna+bids@xn--bcher-kva.example', dealerId: 'D-1001' }]);
  });
});

describe('dealer registration: the connection drops mid-submit', () => {
  async function choose(page: Page, field: string, value: string): Promise<void> {
    await page.locator(`[data-testid="reg-${field}"] option[value="${value}"]`).waitFor({ state: 'attached' });
    await page.getByTestId(`reg-${field}`).selectOption(value);
  }

  it('says the server was not reached, keeps the entries and files, and the next submit registers once', async () => {
    const { page } = await e2e.anonymous({ locale: 'it-IT' });
    await page.goto('/registration');
    await page.getByTestId('registration-form').waitFor();
    const email = `drop-${Date.now()}+bids@registration.example`;
    await page.getByTestId('reg-businessName').fill('Autosalone Caduta S.r.l.');
    await page.getByTestId('reg-address').fill('Via Roma 1');
    await page.getByTestId('reg-city').fill('Milano');
    await choose(page, 'region', 'MI');
    await page.getByTestId('reg-postalCode').fill('20121');
    await page.getByTestId('reg-email').fill(email);
    await page.getByTestId('reg-confEmail').fill(email);
    await page.getByTestId('reg-vatCode').fill('00743110157');
    await page.getByTestId('reg-mobile').fill('+39 333 1234567');
    await choose(page, 'typeDealerActivity', 'USED');
    await choose(page, 'carSold', 'UP_TO_50');
    await choose(page, 'buyingInterest', 'CARS');
    await page.getByTestId('reg-referenceName').fill('Mario');
    await page.getByTestId('reg-referenceSurname').fill('Rossi');
    await page.getByTestId('reg-referenceFiscalCode').fill('RSSMRA85T10A562S');
    await page.getByTestId('reg-referenceBirthDate').fill('10/12/1985');
    await page.getByTestId('reg-referenceEmail').fill(`ref-${email}`);
    for (const check of ['checkCCA', 'checkDati', 'checkTec']) await page.getByTestId(`reg-${check}`).check();
    for (const n of [1, 2, 3]) await page.getByTestId(`reg-checkConsents${n}-yes`).check();
    await page.getByTestId('reg-visura').setInputFiles({ name: 'visura-camerale.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('reg-doc').setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('reg-doc-name').waitFor();

    const isSignUp = (url: URL) => url.pathname === '/api/v1/open/sign-up';
    await page.route(isSignUp, (route) => route.abort('connectionreset'));
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-unreachable').waitFor();
    expect(new URL(page.url()).pathname).toBe('/registration');
    expect(await page.getByTestId('reg-businessName').inputValue()).toBe('Autosalone Caduta S.r.l.');
    expect(await page.getByTestId('reg-visura-name').textContent()).toContain('visura-camerale.pdf');
    expect(await page.getByTestId('registration-submit').isEnabled()).toBe(true);

    await page.unroute(isSignUp);
    let posts = 0;
    page.on('request', (r) => { if (r.method() === 'POST' && isSignUp(new URL(r.url()))) posts += 1; });
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('dialog').waitFor();
    expect(await page.getByTestId('dialog').getAttribute('data-kind')).toBe('success');
    expect(await page.getByTestId('registration-unreachable').count()).toBe(0);
    expect(posts).toBe(1);
  });
});

describe('the issue-13 screens on a 390×844 phone, with axe', () => {
  /** Sideways scroll, main-content targets under 44 px (a radio or checkbox counts with its label), axe violations. */
  async function audit(page: Page): Promise<{ sideways: boolean; small: string[]; axe: string }> {
    const layout = await page.evaluate((min) => {
      const small = [...document.querySelectorAll<HTMLElement>('.app-main :is(a[href], button, select, input, textarea)')]
        .map((el) => ({ el, box: (el.matches('[type="radio"], [type="checkbox"]') ? el.closest('label') ?? el : el).getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < min - 0.5 || box.height < min - 0.5))
        .map(({ el, box }) => `${el.tagName}#${el.id || el.getAttribute('data-testid') || ''} ${Math.round(box.width)}×${Math.round(box.height)}`);
      return { sideways: document.documentElement.scrollWidth > window.innerWidth, small };
    }, MIN_TARGET);
    return { ...layout, axe: describeViolations(await runAxe(page)) };
  }

  it('public screens: no sideways scroll, 44 px targets, no axe violation', async () => {
    const { page } = await e2e.anonymous();
    await page.setViewportSize(PHONE);
    const screens: [string, string][] = [
      ['/password-recovery', 'recovery-request-form'],
      ['/password-recovery?tag=some-tag&username=dealer1', 'recovery-form'],
      ['/login-mobile', 'mobile-login-form'],
      ['/maintenance', 'maintenance-page'],
      ['/forbidden', 'forbidden-page'],
      ['/registration', 'registration-form'],
    ];
    const found: Record<string, unknown> = {};
    for (const [path, testId] of screens) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      const result = await audit(page);
      if (result.sideways || result.small.length || result.axe) found[path] = result;
    }
    expect(found).toEqual({});
  });

  it('the privacy page and the invite dialog of a logged-in dealer', async () => {
    const { page } = await e2e.user('dealer1', '/live');
    await page.setViewportSize(PHONE);
    await page.goto('/private/privacy');
    await page.getByTestId('privacy-form').waitFor();
    const privacy = await audit(page);
    await page.goto('/live');
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-email').waitFor();
    const dialog = { axe: describeViolations(await runAxe(page)) };
    expect({ privacy, dialog }).toEqual({ privacy: { sideways: false, small: [], axe: '' }, dialog: { axe: '' } });
  });
});
