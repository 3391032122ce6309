/**
 * The first load on a phone: slow 4G and a slow CPU (Chrome DevTools' "Slow 4G" preset and 4× CPU throttling, set
 * through the DevTools Protocol). The page paints (its header bar) before its scripts run (about 2 s) and loads under 460 KB (the login form's
 * time is printed); the JavaScript is split (no single file over
 * 250 KB compressed), sent compressed, loads one language only, and no source map is served. Figures are printed.
 */
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, useE2E } from './harness.js';

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

// The live page of an auction of 500 lots reads one page of 100 lots, and images only as they come into view. Measured
// 2026-11-24 on a 390 px phone (2 lots in view): first screen of thumbnails 10.8 s with a cold cache and 4.1 s with the
// scripts cached, auctionFull 42,885 bytes (the API does not compress JSON; every lot would be about 215 KB). Times are
// printed, not bounded (see above); the page of lots and the images asked for are.
const LIVE_LOTS = 500;
const LIVE_PAGE_ROWS = 100;
const LIVE_AUCTION_ANSWER_BYTES = 60_000;

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

  it('shows the first screen of thumbnails of an auction of 500 lots: one page of lots, only the images in view', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    const lots = Array.from({ length: LIVE_LOTS }, () => ({}));
    const { idAuction } = await api.createAuction(auctionBody(`E2E 500 lots ${new Date(now).toISOString()}`, now - 1_000, now + 900_000, lots));
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
      await page.locator('[data-testid^="thumb-"]').first().waitFor({ state: 'visible', timeout: 60_000 });
      const ms = Date.now() - started;
      const inView = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="thumb-"]')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; }).length);
      const answer = [...sizes.values()].find((r) => r.url.includes('/auctionFull'));
      const images = [...sizes.values()].filter((r) => r.type === 'Image' && r.url.includes('/secure/image'));
      console.log(`[first-load] live auction of ${LIVE_LOTS} lots, ${label}, slow 4G + ${CPU_SLOWDOWN}× CPU on a 390 px phone: first screen of ` +
        `thumbnails (${inView} in view) ${ms} ms after navigation; auctionFull ${answer?.bytes ?? -1} bytes, ${images.length} images asked`);
      return { answer, images, inView };
    };
    await throttle(cdp);
    const cold = await firstScreen('cold cache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await page.goto('/live');
    await page.waitForLoadState('load');
    const warm = await firstScreen('scripts cached (a dealer already in the portal)');
    for (const run of [cold, warm]) {
      expect(run.answer, 'the auctionFull answer').toBeDefined();
      expect(run.answer!.bytes).toBeLessThan(LIVE_AUCTION_ANSWER_BYTES);
      // Lazy images: none beyond the first screen's thumbnails (lots without a vehicle ask for none).
      expect(run.images.length).toBeLessThanOrEqual(run.inView);
    }
    expect(await page.locator('[data-testid^="thumb-"]').count()).toBe(LIVE_PAGE_ROWS);
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
