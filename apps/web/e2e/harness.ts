/**
 * The browser tests' harness: the real product (API + built web client) in a child process, started once by
 * `global-setup.ts`; per spec file one Debian Chromium; per user a browser context of its own. See harness/*.ts.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { ApiSession } from './harness/api.js';
import { ARTIFACTS, launchChromium, loginThroughUi, newUserPage, openWithSession, type SessionCookie, type UserOptions } from './harness/browser.js';

export * from './harness/a11y.js';
export * from './harness/api.js';
export * from './harness/browser.js';
export * from './harness/server.js';

/** The product started by the global setup. */
export interface ProductInfo {
  readonly baseUrl: string;
  readonly port: number;
  readonly pid: number;
  readonly mode: 'embedded' | 'server';
}

export interface E2E {
  readonly product: ProductInfo;
  readonly browser: Browser;
  /** A new context for `username`, signed in (a kept session of the user, else through the login page), on `target` (or the user's home). */
  user(username: string, target?: string, options?: UserOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** A new context without a login. */
  anonymous(options?: UserOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** An API session of `username` (node fetch). */
  api(username: string): Promise<ApiSession>;
}

/**
 * The sessions of the users logged in through the login page so far, per product: a later `e2e.user` of the same user
 * (in this file or a later one) opens its page with the session's cookies instead of logging in again: a login through
 * the page costs ~2 s (the issuer's round trip and two loads of the client in a new context), 44 of them half of the
 * accessibility and phone-layout files (measured 2026-11-26). A session no longer valid is replaced by a new login;
 * the login page itself is tested by the files about it (login, single sign-on, keyboard), and `freshLogin` asks for one.
 * Kept in a file beside the screenshots, named after the product's process, so the files of one run share it.
 */
function sessionsFile(product: ProductInfo): string {
  return path.join(ARTIFACTS, `.sessions-${product.pid}-${product.port}.json`);
}

function keptSessions(product: ProductInfo): Map<string, SessionCookie[]> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(sessionsFile(product), 'utf8')) as Record<string, SessionCookie[]>));
  } catch {
    return new Map();
  }
}

function keepSession(product: ProductInfo, username: string, cookies: SessionCookie[]): void {
  const all = keptSessions(product);
  all.set(username, cookies);
  mkdirSync(ARTIFACTS, { recursive: true });
  const temporary = `${sessionsFile(product)}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(Object.fromEntries(all)));
  renameSync(temporary, sessionsFile(product));
}

/** Launches Chromium before the file's tests and closes it after them; contexts close after each test. */
export function useE2E(): E2E {
  const product: ProductInfo = inject('e2eProduct');
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions = new Map<string, ApiSession>();
  const inThisTest = new Set<string>();
  /** Users' pages opened this file: with a kept session, and through the login page (printed after the file). */
  const counts = { kept: 0, logins: 0 };

  beforeAll(async () => {
    if (!product) throw new Error('no product: run the browser tests with apps/web/vitest.e2e.config.ts (its globalSetup starts it)');
    browser = await launchChromium();
  }, 60_000);

  afterEach(async () => {
    inThisTest.clear();
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    if (counts.kept + counts.logins > 0) console.log(`[e2e] users' pages: ${counts.kept} opened with a kept session, ${counts.logins} through the login page`);
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    await browser?.close().catch(() => undefined);
  }, 60_000);

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (beforeAll failed?)`);
    return value;
  };
  const anonymous = async (options?: UserOptions & { readonly cookies?: readonly SessionCookie[] }) => {
    const opened = await newUserPage(need(browser, 'Chromium'), product.baseUrl, options);
    contexts.push(opened.context);
    return opened;
  };
  return {
    get product() { return product; },
    get browser() { return need(browser, 'Chromium'); },
    anonymous,
    async user(username, target, options) {
      // A user's second context in the same test gets a session of its own (a test may log one of them out).
      const kept = options?.freshLogin || inThisTest.has(username) ? undefined : keptSessions(product).get(username);
      inThisTest.add(username);
      if (kept) {
        const opened = await anonymous({ ...options, cookies: kept });
        if (await openWithSession(opened.page, username, target)) {
          counts.kept++;
          return opened;
        }
        // Logged out, disabled or expired since: a new login, in a new context.
        await opened.context.close();
        contexts.splice(contexts.indexOf(opened.context), 1);
      }
      const opened = await anonymous(options);
      await loginThroughUi(opened.page, username, target);
      counts.logins++;
      keepSession(product, username, await opened.context.cookies());
      return opened;
    },
    async api(username) {
      let session = sessions.get(username);
      if (!session) {
        session = await ApiSession.login(product.baseUrl, username);
        sessions.set(username, session);
      }
      return session;
    },
  };
}
