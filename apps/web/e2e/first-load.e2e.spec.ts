/**
 * The first load on a phone: slow 4G and a slow CPU (Chrome DevTools' "Slow 4G" preset and 4× CPU throttling, set
 * through the DevTools Protocol). The page paints (its header bar) before its scripts run (about 2 s) and loads under 460 KB (the login form's
 * time is printed); the JavaScript is split (no single file over
 * 250 KB compressed), sent compressed, loads one language only, and no source map is served. Figures are printed.
 */
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, describeViolations, runAxe, useE2E } from './harness.js';

const e2e = useE2E();

/** DevTools' "Slow 4G" (1.6 Mbps down and 750 kbps up at 90 %, 150 ms RTT × 3.75) and its 4× "mid-tier mobile" CPU. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 / 8) * 0.9, uploadThroughput: (750 * 1024 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;
// The header bar is in the HTML and paints without the JavaScript: 1.9-2.1 s on a quiet machine, 2.44 s measured with
// three other test runs on the two cores. A page that waited for its scripts would paint after DOMContentLoaded
// (5.5-6 s): 4 s tells the two apart without failing on the machine's load.
const FIRST_PAINT_BOUND_MS = 4_000;
const BIGGEST_SCRIPT_BYTES = 250_000;
// Everything the login page loads, headers included: 389 KB on 2026-11-23 (one language, split). The single bundle with
// every language that took 8.8 s on this emulation would pass it. The login form's time is printed, not bounded: it
// is 6.2-6.8 s on a quiet machine and 7.9 s was measured beside CI's other lane (the emulated 4× CPU multiplies
// whatever else the two cores do), so a time bound failed on the machine's load, not on the client.
const LOGIN_PAGE_BYTES_BUDGET = 460_000;

// The live page of an auction of 500 lots (issue 22, speed): the server writes the page's first screen (the first lots
// with their thumbnails) and the client's first two answers (session, page of lots) into the HTML, so the thumbnails
// paint after two round trips (the page, the photos), before any script has run, and the client starts without asking
// again. Measured 2026-11-24 before that, on a 390 px phone: 10.8 s with a cold cache and 4.1 s with the scripts cached
// (the scripts, then the session, then the lots, then the photos). The time to the painted thumbnails is printed and
// bounded at twice the issue's 2 s (the emulated 4× CPU multiplies whatever else the machine's two cores do): a first
// screen that waited for the scripts again would take 5 s or more even with them cached.
const LIVE_LOTS = 500;
const LIVE_PAGE_ROWS = 100;
const LIVE_PAGE_BYTES = 60_000;
const FIRST_SCREEN_BOUND_MS = 4_000;
/** Rows the server draws (apps/api/src/auctions/http/live-first-screen.ts FIRST_SCREEN_LOTS). */
const FIRST_SCREEN_ROWS = 8;

interface Loaded { url: string; encoding: string; bytes: number; type: string; length: number | null }

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

describe('first load', () => {
  it('paints the login page before its scripts run on slow 4G with a 4× slower CPU, from split and compressed files', async () => {
    const { context, page } = await e2e.anonymous();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const loaded = new Map<string, Loaded>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string; headers: Record<string, string> } }) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const length = headers['content-length'] === undefined ? null : Number(headers['content-length']);
      loaded.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'] ?? 'none', bytes: 0, type: e.type, length });
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const entry = loaded.get(e.requestId);
      if (entry) entry.bytes = e.encodedDataLength;
    });

    const started = Date.now();
    // The portal's own login page (the one that stays: after a failed single sign-on); `/login` itself goes on to
    // the issuer's page at once.
    await page.goto('/login?ssoError=401010', { waitUntil: 'commit' });
    await page.getByTestId('login-sso').waitFor({ state: 'visible', timeout: 30_000 });
    const formMs = Date.now() - started;
    const paint = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: fcp ? fcp.startTime : null, domContentLoaded: nav?.domContentLoadedEventEnd ?? null };
    });
    await page.waitForTimeout(500);

    const scripts = [...loaded.values()].filter((r) => r.type === 'Script');
    const total = [...loaded.values()].reduce((sum, r) => sum + r.bytes, 0);
    console.log(`[first-load] slow 4G (${SLOW_4G.latency} ms, ${Math.round(SLOW_4G.downloadThroughput / 1024)} KiB/s down) + ${CPU_SLOWDOWN}× CPU: ` +
      `first contentful paint ${Math.round(paint.fcp ?? -1)} ms, DOMContentLoaded ${Math.round(paint.domContentLoaded ?? -1)} ms, ` +
      `login form visible ${formMs} ms after navigation; ${loaded.size} responses, ${total} bytes on the wire`);
    for (const r of scripts) console.log(`[first-load]   ${r.url.replace(e2e.product.baseUrl, '')}: ${r.bytes} bytes (${r.encoding})`);

    expect(paint.fcp, 'first contentful paint').not.toBeNull();
    expect(paint.fcp!).toBeLessThan(FIRST_PAINT_BOUND_MS);
    // The login form itself follows the session check, the texts and the route's chunk (three more round trips of
    // 562 ms); what keeps it from going back to the single bundle is what it loads.
    expect(total, 'bytes loaded by the login page').toBeLessThan(LOGIN_PAGE_BYTES_BUDGET);
    expect(scripts.length).toBeGreaterThan(1);
    for (const r of scripts) {
      // Files under 256 bytes are not precompressed (vite.config.ts MIN_BYTES): compression would not shrink them.
      // (The bytes on the wire count the headers too: the body's own length decides.)
      if (r.encoding !== 'none' || r.length === null || r.length >= 256) expect(r.encoding, r.url).toMatch(/^(br|gzip)$/);
      expect(r.bytes, r.url).toBeLessThan(BIGGEST_SCRIPT_BYTES);
    }
    // One language: English (the fallback) when the browser speaks English.
    const languageChunks = scripts.filter((r) => /\/assets\/(it|de|fr|es|nl|pl|pt)-[\w-]+\.js$/.test(r.url));
    expect(languageChunks.map((r) => r.url)).toEqual([]);
  });

  it('paints the first screen of thumbnails of an auction of 500 lots from the HTML, before the scripts, and asks for no lot twice', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    // The first lots sell loaded vehicles with photos (the demo stock), the rest are typed lots.
    const stock = await api.expect<{ items: { idVehicle: string; photos: string[]; licensePlate: string; brand: string; model: string }[] }>(
      200, 'GET', '/api/v1/secure/vehicle-for-auction?limit=100&offset=0');
    const photographed = stock.items.filter((v) => v.photos.length > 0);
    const withPhotos = photographed.slice(0, 3);
    expect(withPhotos.length, 'vehicles with photos in the demo stock').toBeGreaterThanOrEqual(2);
    // One more, when the stock has it, far down the page (lot 60): its photo must not be asked for.
    const far = photographed[3];
    const FAR_LOT = 60;
    const asLot = (v: { licensePlate: string; brand: string; model: string; idVehicle: string }) =>
      ({ licensePlate: v.licensePlate, brand: v.brand, model: v.model, idVehicle: v.idVehicle });
    const lots = Array.from({ length: LIVE_LOTS }, (_, i) => {
      const v = i === FAR_LOT - 1 ? far : withPhotos[i];
      return v ? asLot(v) : {};
    });
    console.log(`[first-load] ${withPhotos.length} lots with photos first${far ? `, and lot ${FAR_LOT}` : ` (no fourth vehicle with photos for lot ${FAR_LOT})`}`);
    const created = await api.createAuction(auctionBody(`E2E 500 lots ${new Date(now).toISOString()}`, now - 1_000, now + 900_000, lots));
    const { idAuction } = created;
    const { context, page } = await e2e.user('dealer1', '/live');
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    const sizes = new Map<string, { url: string; type: string; bytes: number }>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => sizes.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }));
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => { const r = sizes.get(e.requestId); if (r) r.bytes = e.encodedDataLength; });
    const firstScreen = async (label: string) => {
      sizes.clear();
      const started = Date.now();
      await page.goto(`/live-auction/${idAuction}`, { waitUntil: 'commit' });
      // The client's own page: its offer form (it replaces the server's first screen in the same frame).
      await page.locator('[data-testid^="offer-input-"]').first().waitFor({ state: 'visible', timeout: 60_000 });
      const usableMs = Date.now() - started;
      expect(await page.locator('#first-screen').count(), 'the first screen is gone once the page is drawn').toBe(0);
      // When the photos of the first screen were painted (Element Timing, from the navigation's start).
      const painted = await page.evaluate(() => new Promise<number[]>((resolve) => {
        const times: number[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
            if (entry.identifier === 'first-thumb') times.push(entry.renderTime || entry.startTime);
          }
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve(times), 200);
      }));
      const inView = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="thumb-"]')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; })
        .map((el) => el.getAttribute('data-photo')));
      const documentBytes = [...sizes.values()].find((r) => r.type === 'Document')?.bytes ?? -1;
      const askedLots = [...sizes.values()].filter((r) => r.url.includes('/auctionFull'));
      const images = new Set([...sizes.values()].filter((r) => r.type === 'Image' && r.url.includes('/secure/image')).map((r) => new URL(r.url).searchParams.get('idImage')));
      const thumbsMs = painted.length > 0 ? Math.round(Math.max(...painted.slice(0, 2))) : -1;
      console.log(`[first-load] live auction of ${LIVE_LOTS} lots, ${label}, slow 4G + ${CPU_SLOWDOWN}× CPU on a 390 px phone: first screen ` +
        `of thumbnails painted ${thumbsMs} ms after navigation start (${painted.length} painted), page usable (offer form) ${usableMs} ms; ` +
        `page ${documentBytes} bytes with its first answers, ${askedLots.length} auctionFull asked, ${images.size} photos asked`);
      return { painted, thumbsMs, inView, documentBytes, askedLots, images };
    };
    await throttle(cdp);
    const cold = await firstScreen('cold cache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await page.goto('/live');
    await page.waitForLoadState('load');
    const warm = await firstScreen('scripts cached (a dealer already in the portal)');
    // The server's first screen holds the first eight lots (lazy below the first two), the client's page those in view.
    const firstPhotos = new Set(withPhotos.map((v) => v.photos[0]));
    for (const run of [cold, warm]) {
      // The two photos of a phone's first screen were painted from the server's HTML, in time.
      expect(run.painted.length).toBeGreaterThanOrEqual(2);
      expect(run.thumbsMs).toBeGreaterThan(0);
      expect(run.thumbsMs).toBeLessThan(FIRST_SCREEN_BOUND_MS);
      // The page of lots came with the HTML: the client did not ask for it again.
      expect(run.askedLots).toEqual([]);
      expect(run.documentBytes).toBeGreaterThan(0);
      expect(run.documentBytes).toBeLessThan(LIVE_PAGE_BYTES);
      // Lazy images: none beyond the first screen's rows and the client's rows in view.
      for (const id of run.images) expect(firstPhotos.has(id!) || run.inView.includes(id), `photo ${id} asked`).toBe(true);
      if (far) expect(run.images.has(far.photos[0]!), 'the photo of lot 60').toBe(false);
    }
    expect(await page.locator('[data-testid^="thumb-"]').count()).toBe(LIVE_PAGE_ROWS);

    // Without any script at all, the first screen is there: the lots and their photos, in the page's language.
    const cookies = await context.cookies();
    const bare = await e2e.browser.newContext({ baseURL: e2e.product.baseUrl, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    try {
      await bare.addCookies(cookies);
      const plain = await bare.newPage();
      await plain.goto(`/live-auction/${idAuction}`);
      const screen = plain.locator('#first-screen');
      expect(await screen.locator('tbody tr').count()).toBe(FIRST_SCREEN_ROWS);
      expect(await screen.locator('h1').textContent()).toBe(created.auctionName);
      const firstThumb = screen.locator('img[data-first-thumb]').first();
      await expect.poll(() => firstThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      expect(await firstThumb.getAttribute('src')).toContain(encodeURIComponent(withPhotos[0]!.photos[0]!));
    } finally {
      await bare.close();
    }
    // What a screen reader finds while the scripts are still on their way (held back here; axe needs JavaScript): the
    // first screen is the page's main landmark with its heading (it was aria-hidden: an empty page, axe's
    // landmark-one-main and page-has-heading-one, for the seconds a slow phone takes to run the scripts).
    const waiting = await e2e.browser.newContext({ baseURL: e2e.product.baseUrl, viewport: { width: 390, height: 844 } });
    try {
      await waiting.addCookies(cookies);
      const held = await waiting.newPage();
      await held.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await held.goto(`/live-auction/${idAuction}`);
      expect(await held.locator('#first-screen tbody tr').count()).toBe(FIRST_SCREEN_ROWS);
      const violations = await runAxe(held);
      expect(violations, describeViolations(violations)).toEqual([]);
    } finally {
      await waiting.close();
    }
  });

  it('serves no source map and answers gzip to a client without Brotli', async () => {
    const html = await (await fetch(`${e2e.product.baseUrl}/login`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const js = await fetch(`${e2e.product.baseUrl}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    const text = await js.text();
    expect(text).not.toMatch(/sourceMappingURL/);
    const map = await fetch(`${e2e.product.baseUrl}${entry}.map`);
    // A missing build file is a 404 with the API's error body (#21 item 15), never a map nor the app page.
    expect(map.status).toBe(404);
    expect(await map.text()).not.toMatch(/"mappings"/);
  });
});
