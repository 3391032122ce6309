/**
 * The client on a phone (390×844, issue 11 item 25): on every page of the dealer and of the auctioneer, nothing
 * scrolls sideways (document.scrollWidth <= innerWidth), every button, link, input and select of the main content
 * is a touch target of at least 44×44 px (a checkbox or radio counts with its label) and no two targets overlap,
 * and the live connection state stays on screen when the page is scrolled to its end.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctionBody, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'phone';
const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 44;

let idAuction = '';
let idScheduled = '';
let idLot = '';

interface PageCase {
  readonly name: string;
  readonly user: string;
  readonly path: () => string;
  /** The page may show no control in its main content (nothing bought yet). */
  readonly mayBeEmpty?: boolean;
  /** The page follows the live channel: its connection state must be shown. */
  readonly live?: boolean;
}

const PAGES: PageCase[] = [
  { name: 'dealer home', user: 'dealer1', path: () => '/private' },
  { name: 'running auctions', user: 'dealer1', path: () => '/live' },
  { name: 'live auction', user: 'dealer1', path: () => `/live-auction/${idAuction}`, live: true },
  { name: 'lot detail', user: 'dealer1', path: () => `/lot-detail/${idAuction}/${idLot}`, live: true },
  { name: 'observed lots', user: 'dealer1', path: () => '/observed' },
  { name: 'my bids', user: 'dealer1', path: () => '/my-bids' },
  { name: 'purchases', user: 'dealer1', path: () => '/purchase-summary' },
  { name: 'showcase catalogue', user: 'dealer1', path: () => '/showcase-catalogue' },
  { name: 'my lot', user: 'dealer1', path: () => '/my-lot' },
  { name: 'showcase purchases', user: 'dealer1', path: () => '/showcase-sold', mayBeEmpty: true },
  { name: 'auction management', user: 'auctioneer', path: () => '/auction-management' },
  { name: 'create auction', user: 'auctioneer', path: () => '/create-auction' },
  { name: 'auction details', user: 'auctioneer', path: () => `/auction-details/${idAuction}`, live: true },
  { name: 'edit auction', user: 'auctioneer', path: () => `/auction/${idScheduled}` },
  { name: 'offers of an auction', user: 'auctioneer', path: () => `/offer-management/${idAuction}` },
  { name: 'offers of a lot', user: 'auctioneer', path: () => `/offer-detail/${idAuction}/${idLot}` },
  { name: 'buyer of a lot', user: 'auctioneer', path: () => `/buyer/${idAuction}/${idLot}` },
  { name: 'upload vehicle', user: 'loader', path: () => '/upload-vehicle' },
  { name: 'create showcase', user: 'exhibitor', path: () => '/create-showcase' },
  { name: 'showcase management', user: 'exhibitor', path: () => '/showcase-management' },
  { name: 'user showcase', user: 'customer', path: () => '/showcase-management/user-showcase?idUser=dealer1' },
];

interface Audit {
  readonly scrollWidth: number;
  readonly innerWidth: number;
  /** Elements wider than the viewport or reaching past its right edge. */
  readonly overflowing: string[];
  readonly targets: number;
  /** Targets smaller than MIN_TARGET in either direction, with their size. */
  readonly small: string[];
  /** Pairs of targets whose boxes overlap. */
  readonly overlapping: string[];
}

/** Measures the page in the browser: sideways scroll, and the size and overlap of the main content's targets. */
function audit(page: Page): Promise<Audit> {
  return page.evaluate((min) => {
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 30);
      return `<${el.tagName.toLowerCase()}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> ${id}`;
    };
    const width = window.innerWidth;
    const overflowing = Array.from(document.querySelectorAll('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && !el.closest('.table-wrap, [inert]') && getComputedStyle(el).position !== 'fixed';
      })
      .slice(0, 8).map((el) => `${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea';
    const boxes: { el: Element; r: DOMRect }[] = [];
    for (const el of Array.from(document.querySelectorAll('main').values()).flatMap((m) => Array.from(m.querySelectorAll(selector)))) {
      if (el.closest('.visually-hidden, [hidden], dialog:not([open])') || el.getClientRects().length === 0) continue;
      // A control's target is its box joined with its label's (a checkbox, a radio behind a styled label).
      let r = el.getBoundingClientRect();
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
      const input = el as HTMLInputElement;
      if (label && (input.type === 'checkbox' || input.type === 'radio')) {
        const l = label.getBoundingClientRect();
        const left = Math.min(r.left, l.left); const top = Math.min(r.top, l.top);
        r = new DOMRect(left, top, Math.max(r.right, l.right) - left, Math.max(r.bottom, l.bottom) - top);
      }
      boxes.push({ el, r });
    }
    const small = boxes.filter(({ r }) => r.width < min - 0.5 || r.height < min - 0.5)
      .map(({ el, r }) => `${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    const overlapping: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!; const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el) || a.el.closest('label') === b.el.closest('label') && a.el.closest('label')) continue;
        const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (dx > 1 && dy > 1) overlapping.push(`${describe(a.el)} / ${describe(b.el)}`);
      }
    }
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), innerWidth: width,
      overflowing, targets: boxes.length, small, overlapping: overlapping.slice(0, 10),
    };
  }, MIN_TARGET);
}

async function waitForScreen(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.getByTestId('spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

beforeAll(async () => {
  const api = await e2e.api('auctioneer');
  const now = (await api.serverClock()).now();
  const lots = Array.from({ length: 8 }, (_, i) => (i === 0 ? { buyNowPrice: 9000, reservePrice: 7000 } : {}));
  const created = await api.createAuction(auctionBody(`E2E phone ${new Date(now).toISOString()}`, now - 1_000, now + 900_000, lots));
  idAuction = created.idAuction;
  idLot = created.lots[0]!.idLot;
  idScheduled = (await api.createAuction(auctionBody(`E2E phone edit ${new Date(now).toISOString()}`, now + 3_600_000, now + 7_200_000, lots))).idAuction;
  const dealer1 = await e2e.api('dealer1');
  await dealer1.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5000, clickAndBuy: false });
  await dealer1.expect(204, 'POST', `/api/v1/secure/auction/${idAuction}/observe/${idLot}?endObservation=false`);
  const dealer2 = await e2e.api('dealer2');
  await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: 5100, clickAndBuy: false });
});

describe('the client on a 390×844 phone', () => {
  for (const pageCase of PAGES) {
    it(`${pageCase.name}: no sideways scroll, touch targets of 44 px, the live state on screen`, async () => {
      const path = pageCase.path();
      const { page } = await e2e.user(pageCase.user, path);
      await page.setViewportSize(PHONE);
      await waitForScreen(page);
      const result = await audit(page);
      await screenshot(page, TEST, pageCase.name);
      console.log(`[phone] ${pageCase.name} (${path}): scrollWidth ${result.scrollWidth}/${result.innerWidth}, ${result.targets} targets, ` +
        `${result.small.length} small, ${result.overlapping.length} overlapping`);
      expect(result.scrollWidth, `${path} scrolls sideways; past the right edge: ${result.overflowing.join(', ')}`).toBeLessThanOrEqual(result.innerWidth);
      if (!pageCase.mayBeEmpty) expect(result.targets).toBeGreaterThan(0);
      expect(result.small, `targets under ${MIN_TARGET} px on ${path}`).toEqual([]);
      expect(result.overlapping, `overlapping targets on ${path}`).toEqual([]);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      // Pages without a live channel show no connection state; every other page keeps it on screen.
      const badge = (await page.getByTestId('connection').count()) > 0 ? await page.getByTestId('connection').boundingBox() : null;
      if (pageCase.live) expect(badge, 'the connection state is shown').not.toBeNull();
      if (!badge) return;
      expect(badge.y, `the connection state scrolled away on ${path}`).toBeGreaterThanOrEqual(0);
      expect(badge.y + badge.height).toBeLessThanOrEqual(PHONE.height);
    });
  }
});

describe('the single sign-on page on a 390×844 phone', () => {
  it('sign-in page, also after a wrong password: no sideways scroll, touch targets of 44 px', async () => {
    const { page } = await e2e.anonymous();
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await page.getByTestId('login-username').waitFor({ state: 'visible' });
    for (const step of ['sign-in', 'wrong password']) {
      if (step === 'wrong password') {
        await page.getByTestId('login-username').fill('dealer1');
        await page.getByTestId('login-password').fill('not the password');
        await page.getByTestId('login-submit').click();
        await page.getByTestId('login-error').waitFor({ state: 'visible' });
      }
      const result = await audit(page);
      await screenshot(page, TEST, `sso ${step}`);
      console.log(`[phone] sso ${step}: scrollWidth ${result.scrollWidth}/${result.innerWidth}, ${result.targets} targets, ${result.small.length} small`);
      expect(result.scrollWidth, `past the right edge: ${result.overflowing.join(', ')}`).toBeLessThanOrEqual(result.innerWidth);
      expect(result.targets).toBeGreaterThan(10);
      expect(result.small, `targets under ${MIN_TARGET} px on the sign-in page`).toEqual([]);
      expect(result.overlapping).toEqual([]);
    }
  });
});

describe('room on a 390×844 phone (#21 item 20)', () => {
  it('the admin header leaves the screen to the page; the offer inputs are wide enough to read an amount', async () => {
    const admin = await e2e.user('admin', '/admin');
    await admin.page.setViewportSize(PHONE);
    await waitForScreen(admin.page);
    const header = await admin.page.locator('.app-header').boundingBox();
    await screenshot(admin.page, TEST, 'admin-header');
    // It took 470 px (every menu link wrapped onto rows of its own); the menus now scroll sideways, a row each.
    expect(header!.height, 'admin header height').toBeLessThanOrEqual(220);
    expect(await admin.page.getByTestId('back-office-menu').getByRole('link').count()).toBeGreaterThan(3);

    const dealer = await e2e.user('dealer1', `/live-auction/${idAuction}`);
    await dealer.page.setViewportSize(PHONE);
    await waitForScreen(dealer.page);
    const input = await dealer.page.getByTestId(`offer-input-${idLot}`).boundingBox();
    await screenshot(dealer.page, TEST, 'offer-input');
    // It was 45 px wide: "5'200,00 €" did not fit.
    expect(input!.width, 'offer input width').toBeGreaterThanOrEqual(120);
  });
});
