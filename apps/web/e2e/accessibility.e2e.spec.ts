/**
 * Accessibility of the main pages: no critical axe violation (serious ones are printed), every control named and
 * reachable with the Tab key; on the live auction page an offer is placed with the keyboard alone, the login works
 * with the keyboard alone, a toggle works with Space and a confirm dialog closes with Escape.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_RULES, auctionBody, describeViolations, runAxe, screenshot, tabTo, tabWalk, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'a11y';

let idAuction = '';
let idLot = '';
let idScheduled = '';

interface PageCase {
  readonly name: string;
  readonly user: string | null;
  readonly path: () => string;
}

const PAGES: PageCase[] = [
  { name: 'login', user: null, path: () => '/login' },
  { name: 'dealer home', user: 'dealer1', path: () => '/private' },
  { name: 'running auctions', user: 'dealer1', path: () => '/live' },
  { name: 'live auction', user: 'dealer1', path: () => `/live-auction/${idAuction}` },
  { name: 'lot detail', user: 'dealer1', path: () => `/lot-detail/${idAuction}/${idLot}` },
  { name: 'observed lots', user: 'dealer1', path: () => '/observed' },
  { name: 'showcase catalogue', user: 'dealer1', path: () => '/showcase-catalogue' },
  { name: 'my lot', user: 'dealer1', path: () => '/my-lot' },
  { name: 'purchases', user: 'dealer1', path: () => '/purchase-summary' },
  { name: 'auction management', user: 'auctioneer', path: () => '/auction-management' },
  { name: 'create auction', user: 'auctioneer', path: () => '/create-auction' },
  { name: 'auction details', user: 'auctioneer', path: () => `/auction-details/${idAuction}` },
  { name: 'edit auction', user: 'auctioneer', path: () => `/auction/${idScheduled}` },
  { name: 'offers of an auction', user: 'auctioneer', path: () => `/offer-management/${idAuction}` },
  { name: 'offers of a lot', user: 'auctioneer', path: () => `/offer-detail/${idAuction}/${idLot}` },
  { name: 'buyer of a lot', user: 'auctioneer', path: () => `/buyer/${idAuction}/${idLot}` },
  { name: 'upload vehicle', user: 'loader', path: () => '/upload-vehicle' },
  { name: 'create showcase', user: 'exhibitor', path: () => '/create-showcase' },
  { name: 'showcase management', user: 'exhibitor', path: () => '/showcase-management' },
  { name: 'user showcase', user: 'customer', path: () => '/showcase-management/user-showcase?idUser=dealer1' },
];

/** Waits until the page's screen is shown: a heading in `main`, no spinner. Fails when the route does not exist. */
async function waitForScreen(page: Page, path: string): Promise<void> {
  const heading = page.locator('main h1');
  try {
    await heading.first().waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    const text = (await page.locator('main').textContent().catch(() => null)) ?? '(no main)';
    throw new Error(`no screen at ${path}: main has no h1 (main says: ${text.trim().slice(0, 200)})`);
  }
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

beforeAll(async () => {
  const api = await e2e.api('auctioneer');
  const clock = await api.serverClock();
  const now = clock.now();
  const created = await api.createAuction(auctionBody(`E2E accessibility ${new Date(now).toISOString()}`, now - 1_000, now + 900_000,
    [{ buyNowPrice: 9000 }, {}]));
  idAuction = created.idAuction;
  idLot = created.lots[0]!.idLot;
  idScheduled = (await api.createAuction(auctionBody(`E2E accessibility edit ${new Date(now).toISOString()}`, now + 3_600_000, now + 7_200_000, [{}, {}]))).idAuction;
});

describe('accessibility of the main pages', () => {
  for (const pageCase of PAGES) {
    it(`${pageCase.name}: no critical axe violation, every control named and reachable by Tab`, async () => {
      const path = pageCase.path();
      const { page } = pageCase.user ? await e2e.user(pageCase.user, path) : await e2e.anonymous();
      if (!pageCase.user) await page.goto(path);
      await waitForScreen(page, path);
      await screenshot(page, TEST, pageCase.name);

      const violations = await runAxe(page);
      const critical = violations.filter((v) => v.impact === 'critical');
      const serious = violations.filter((v) => v.impact === 'serious');
      const unnamed = violations.filter((v) => NAME_RULES.includes(v.id));
      // Serious (and lesser) violations are reported here; only critical ones and unnamed controls fail the test.
      console.log(`[a11y] ${pageCase.name} (${path}): ${violations.length} axe violations (${critical.length} critical, ${serious.length} serious)` +
        (violations.length > 0 ? `\n${describeViolations(violations)}` : ''));
      expect(critical, `critical axe violations on ${path}:\n${describeViolations(critical)}`).toEqual([]);
      expect(unnamed, `controls without an accessible name on ${path}:\n${describeViolations(unnamed)}`).toEqual([]);

      const walk = await tabWalk(page);
      console.log(`[a11y] ${pageCase.name}: Tab reached ${walk.controls.length - walk.unreached.length}/${walk.controls.length} controls in ${walk.presses} presses`);
      expect(walk.controls.length).toBeGreaterThan(0);
      expect(walk.unreached, `controls of ${path} the Tab key never reached`).toEqual([]);
    });
  }
});

describe('keyboard only', () => {
  it('logs in with the keyboard alone', async () => {
    const { page } = await e2e.anonymous();
    await page.goto('/login');
    await waitForScreen(page, '/login');
    await tabTo(page, 'login-username');
    await page.keyboard.type('dealer2');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-password');
    await page.keyboard.type(process.env.DEMO_PASSWORD ?? 'Demo#2026!');
    await page.keyboard.press('Enter');
    await page.getByTestId('current-user').waitFor({ state: 'visible' });
    expect(await page.getByTestId('current-user').textContent()).toBe('dealer2');
    await screenshot(page, TEST, 'keyboard-login');
  });

  it('places an offer on the live auction page with Tab, typing and Enter', async () => {
    const { page } = await e2e.user('dealer2', `/live-auction/${idAuction}`);
    await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    const presses = await tabTo(page, `offer-input-${idLot}`);
    console.log(`[a11y] the offer input is ${presses} Tab presses from the top of the live auction page`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${idLot}`));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('5300');
    await page.keyboard.press('Enter');
    const response = await answer;
    expect(response.status(), await response.text().catch(() => '')).toBe(201);
    expect(((await response.json()) as { offer: number }).offer).toBe(5300);
    await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value')).toBe('5300');
    await expect.poll(() => page.getByTestId(`my-state-${idLot}`).getAttribute('data-state')).toBe('leading');
    await screenshot(page, TEST, 'keyboard-offer');
  });

  it('toggles the observation with Space and closes the buy-now confirmation with Escape', async () => {
    const { page } = await e2e.user('dealer3', `/live-auction/${idAuction}`);
    await page.getByTestId(`observe-${idLot}`).waitFor({ state: 'visible' });
    await tabTo(page, `observe-${idLot}`);
    const pressedBefore = await page.getByTestId(`observe-${idLot}`).getAttribute('aria-pressed');
    const observed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/observe/${idLot}`));
    await page.keyboard.press('Space');
    expect((await observed).status()).toBe(204);
    await expect.poll(() => page.getByTestId(`observe-${idLot}`).getAttribute('aria-pressed')).not.toBe(pressedBefore);

    await tabTo(page, `buy-now-${idLot}`);
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[data-testid=dialog][data-kind=confirm]');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    await screenshot(page, TEST, 'buy-now-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId(`lot-${idLot}`).getAttribute('data-status')).toBe('RUN');
  });
});
