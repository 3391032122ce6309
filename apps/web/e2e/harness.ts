/**
 * The browser tests' harness: the real product (API + built web client) in a child process, started once by
 * `global-setup.ts`; per spec file one Debian Chromium; per user a browser context of its own. See harness/*.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { ApiSession } from './harness/api.js';
import { launchChromium, loginThroughUi, newUserPage, type UserOptions } from './harness/browser.js';

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
  /** A new context for `username`, logged in through the login page, on `target` (or the user's home). */
  user(username: string, target?: string, options?: UserOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** A new context without a login. */
  anonymous(options?: UserOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** An API session of `username` (node fetch). */
  api(username: string): Promise<ApiSession>;
}

/** Launches Chromium before the file's tests and closes it after them; contexts close after each test. */
export function useE2E(): E2E {
  const product: ProductInfo = inject('e2eProduct');
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions = new Map<string, ApiSession>();

  beforeAll(async () => {
    if (!product) throw new Error('no product: run the browser tests with apps/web/vitest.e2e.config.ts (its globalSetup starts it)');
    browser = await launchChromium();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    await browser?.close().catch(() => undefined);
  }, 60_000);

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (beforeAll failed?)`);
    return value;
  };
  const anonymous = async (options?: UserOptions) => {
    const opened = await newUserPage(need(browser, 'Chromium'), product.baseUrl, options);
    contexts.push(opened.context);
    return opened;
  };
  return {
    get product() { return product; },
    get browser() { return need(browser, 'Chromium'); },
    anonymous,
    async user(username, target, options) {
      const opened = await anonymous(options);
      await loginThroughUi(opened.page, username, target);
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
