/**
 * Single sign-on against a real Keycloak (issue 13 item 1, server mode): the product is pointed at the Keycloak
 * that `tools/infra` starts (`npm test` starts it and names it in E2E_OIDC_ISSUER_URL, E2E_OIDC_CLIENT_ID,
 * E2E_OIDC_CLIENT_SECRET; the realm's users are the demo users). A visitor opens the portal, lands on Keycloak's
 * sign-in page, signs in as a demo dealer and reaches the private area; logout ends the portal's session and
 * Keycloak's, so the next login asks for the password again. Its own product instance: every other browser test
 * keeps the embedded issuer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchChromium, newUserPage, screenshot, signInAtIssuer, startProduct, type Product } from './harness.js';

const TEST = 'single-sign-on-keycloak';
let product: Product | undefined;
let browser: Browser | undefined;

/**
 * `npm test` starts Keycloak beside the first browser tests rather than before them (its start is ~2 minutes of a CI
 * run): it names a file in E2E_KEYCLOAK_ENV_FILE, written once Keycloak answers, holding one `E2E_OIDC_…=value` line per
 * variable (or the line `failed`). This test waits for that file (at most E2E_KEYCLOAK_WAIT_MS, default 660 s: run-all.sh gives
 * Keycloak's start 600 s) and takes its values.
 */
async function keycloakStarted(): Promise<void> {
  const file = process.env.E2E_KEYCLOAK_ENV_FILE;
  if (!file || process.env.E2E_OIDC_ISSUER_URL) return;
  const deadline = Date.now() + (Number(process.env.E2E_KEYCLOAK_WAIT_MS) || 660_000);
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`Keycloak was not started within the wait (no ${file})`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const text = readFileSync(file, 'utf8');
  if (/^failed$/m.test(text)) throw new Error(`Keycloak could not be started (tools/infra): see its log; ${file} says failed`);
  for (const match of text.matchAll(/^(E2E_OIDC_[A-Z_]+)=(.*)$/gm)) process.env[match[1]!] = match[2]!;
}

function keycloakEnv(): Record<string, string> {
  const { E2E_OIDC_ISSUER_URL: issuer, E2E_OIDC_CLIENT_ID: clientId, E2E_OIDC_CLIENT_SECRET: secret } = process.env;
  if (!issuer || !clientId || !secret) {
    throw new Error('E2E_OIDC_ISSUER_URL, E2E_OIDC_CLIENT_ID and E2E_OIDC_CLIENT_SECRET are not set: start Keycloak with '
      + '`bash tools/infra/infra.sh start keycloak` and export `bash tools/infra/infra.sh env keycloak` with the E2E_ prefix, or run `npm test`');
  }
  return { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret };
}

beforeAll(async () => {
  await keycloakStarted();
  product = await startProduct({ env: keycloakEnv() });
  browser = await launchChromium();
}, 840_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await product?.stop();
}, 60_000);

describe('single sign-on with Keycloak', () => {
  it('signs a dealer in through Keycloak, and logout ends both sessions', async () => {
    const issuer = new URL(process.env.E2E_OIDC_ISSUER_URL!);
    const { context, page } = await newUserPage(browser!, product!.baseUrl);
    try {
      await page.goto('/login');
      await page.waitForURL((url) => url.origin === issuer.origin, { timeout: 20_000 });
      await page.locator('#kc-form-login').waitFor({ state: 'visible' });
      await signInAtIssuer(page, 'dealer1', DEMO_PASSWORD);
      await page.getByTestId('current-user').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.getByTestId('current-user').textContent()).toBe('dealer1');
      // A dealer lands on its home, /private (spec 01 §2, §4).
      await page.waitForURL((url) => url.pathname === '/private', { timeout: 20_000 });
      expect((await context.cookies()).find((c) => c.name === 'SESSION')?.httpOnly).toBe(true);
      await screenshot(page, TEST, 'signed-in');

      await page.getByRole('button', { name: /log out/i }).click();
      // Keycloak ends its session and sends the browser back to the portal's public home; its login button leads to
      // Keycloak's sign-in again.
      await page.waitForURL((url) => url.origin !== issuer.origin && /^\/(it|be|es|en|de|nl|fr|pl|pt|lu)$/.test(url.pathname), { timeout: 20_000 });
      await page.getByTestId('login').click();
      await page.waitForURL((url) => url.origin === issuer.origin && url.pathname.includes('/protocol/openid-connect/auth'), { timeout: 20_000 });
      await page.locator('#kc-form-login').waitFor({ state: 'visible' });
      expect((await context.cookies()).find((c) => c.name === 'SESSION')).toBeUndefined();
      expect(await page.evaluate(async (portal) => (await fetch(`${portal}/api/v1/secure/user`, { credentials: 'include' })).status, product!.baseUrl)
        .catch(() => null)).not.toBe(200);
      await screenshot(page, TEST, 'after-logout');
    } finally {
      await context.close();
    }
  });

  it('refuses a Keycloak user who is not a user of the portal, with the reason on the login page', async () => {
    const { context, page } = await newUserPage(browser!, product!.baseUrl);
    try {
      // The realm's dealer20 is not a portal user in this run (the product seeds dealer1..dealer4).
      await page.goto('/login');
      await signInAtIssuer(page, 'dealer20', DEMO_PASSWORD);
      await page.getByTestId('login-error').waitFor({ state: 'visible', timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get('ssoError')).toBe('403010');
    } finally {
      await context.close();
    }
  });
});
