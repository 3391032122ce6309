/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser): one browser per spec file, one context
 * per user, logins through the real login page, screenshots under ARTIFACTS (`artifacts/e2e/` or `artifacts/e2e-waits/`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD, REPO_ROOT } from './server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Where the group of journeys that run beside the others (E2E_GROUP=waits, vitest.e2e.config.ts) keeps its files. */
export const WAITS_ARTIFACTS = path.join(REPO_ROOT, 'artifacts/e2e-waits');
/** Screenshots and product logs: `artifacts/e2e/`, or WAITS_ARTIFACTS for E2E_GROUP=waits. */
export const ARTIFACTS = process.env.E2E_GROUP === 'waits' ? WAITS_ARTIFACTS : path.join(REPO_ROOT, 'artifacts/e2e');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface UserOptions {
  /** Shifts the page's `Date` by this many ms (Playwright's clock, running in real time from there). */
  readonly clockOffsetMs?: number;
  readonly locale?: string;
  /** The browser's time zone (IANA name); default UTC. */
  readonly timezoneId?: string;
  /** `e2e.user` only: log in through the login page even when a session of the user is kept (see harness.ts). */
  readonly freshLogin?: boolean;
}

/** A fresh context (own cookies and storage) and page for one user, in English and UTC (unless told), 1280×900. */
export async function newUserPage(
  browser: Browser, baseUrl: string, options: UserOptions & { readonly cookies?: readonly SessionCookie[] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...(options.cookies ? { storageState: { cookies: [...options.cookies], origins: [] } } : {}),
    baseURL: baseUrl, locale: options.locale ?? 'en-GB', timezoneId: options.timezoneId ?? 'UTC', viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  if (options.clockOffsetMs) {
    await context.clock.install({ time: Date.now() + options.clockOffsetMs });
    await context.clock.resume();
  }
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`[page error] ${error.message}`));
  return { context, page };
}

/**
 * Logs `username` in through single sign-on: the login page sends the browser to the issuer's sign-in page (the
 * embedded issuer at /oidc, or Keycloak), whose form is filled in; the issuer returns through the API's callback.
 * Then opens `target` (or waits for the user's home page).
 */
/** Closes the success dialog a change ends with (waits up to 15 s for it: a registration's mail is slower). */
export async function closeSuccess(page: Page): Promise<void> {
  const success = page.locator('[data-testid=dialog][data-kind=success]');
  await success.waitFor({ state: 'visible', timeout: 15_000 });
  await page.getByTestId('dialog-ok').click();
  await success.waitFor({ state: 'detached' });
}

/** A cookie as a context gives and takes it (`context.cookies()`, `storageState`). */
export type SessionCookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/**
 * Opens `target` (or the home page) in a context that carries a kept session of `username` and says whether the page
 * shows that user signed in; false when the session is no longer valid (the page went to the login or the issuer).
 */
export async function openWithSession(page: Page, username: string, target?: string): Promise<boolean> {
  await page.goto(target ?? '/');
  const signedIn = page.getByTestId('current-user');
  const signIn = page.getByTestId('login-username').or(page.locator('#kc-form-login'));
  await signedIn.or(signIn).first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
  if (!(await signedIn.isVisible()) || (await signedIn.textContent())?.trim() !== username) return false;
  return target === undefined || new URL(page.url()).pathname === target.split('?')[0];
}

export async function loginThroughUi(page: Page, username: string, target?: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(target ? `/login?redirect=${encodeURIComponent(target)}` : '/login');
  await signInAtIssuer(page, username, password);
  await page.waitForURL((url) => !/^\/(login|oidc|api|realms)(\/|$)/.test(url.pathname), { timeout: 15_000 });
  if (target) await page.waitForURL((url) => url.pathname === target.split('?')[0], { timeout: 15_000 });
  await page.getByTestId('current-user').waitFor({ state: 'visible' });
}

/** Fills in the issuer's sign-in form, once the browser has reached it (the embedded page, or Keycloak's). */
export async function signInAtIssuer(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const embedded = page.getByTestId('login-username');
  const keycloak = page.locator('#kc-form-login');
  await embedded.or(keycloak).first().waitFor({ state: 'visible', timeout: 15_000 });
  if (await keycloak.isVisible()) {
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.locator('#kc-login').click();
    return;
  }
  await embedded.fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A file name part: letters, digits and dashes. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}

/** Saves a full-page screenshot as `<ARTIFACTS>/<test>-<step>.png`; returns its path. */
export async function screenshot(page: Page, test: string, step: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${slug(test)}-${slug(step)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch((e: unknown) => console.warn(`screenshot ${file} failed: ${String(e)}`));
  return file;
}

/** Waits until the page's countdown `testId` is synced with the server and returns its figure. */
export async function syncedRemainingMs(page: Page, testId: string, timeoutMs = 15_000): Promise<number> {
  const locator = page.getByTestId(testId);
  await locator.and(page.locator('[data-synced="true"]')).waitFor({ state: 'attached', timeout: timeoutMs });
  return Number(await locator.getAttribute('data-remaining-ms'));
}
