/**
 * A browser whose clock is 30 s wrong (ahead, and behind) still shows a countdown that matches the server's end to
 * within half a second: the page measures its offset against `GET /api/v1/secure/time`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, screenshot, useE2E, type ApiSession } from './harness.js';

const e2e = useE2E();
const TEST = 'clock-skew';
const SKEW_MS = 30_000;
const SAMPLES = 6;

/**
 * One reading of the countdown: its `data-remaining-ms`, between two `GET /api/v1/secure/time` from node (their
 * midpoint is the server's "now" of the reading, within half their span). Also how old the figure read was: the
 * countdown re-renders every 250 ms.
 */
async function sample(page: Page, idLot: string, api: ApiSession, endMs: number) {
  const before = await api.time();
  const shown = await page.evaluate((testId) => {
    const el = document.querySelector(`[data-testid="${testId}"]`);
    const w = window as unknown as { __countdownChangedAt?: number };
    return { remaining: Number(el?.getAttribute('data-remaining-ms')), ageMs: w.__countdownChangedAt === undefined ? null : performance.now() - w.__countdownChangedAt };
  }, `countdown-${idLot}`);
  const after = await api.time();
  const serverNow = (before.body.epochMs + after.body.epochMs) / 2;
  const expected = endMs - serverNow;
  return { shown: shown.remaining, expected, error: shown.remaining - expected, spanMs: after.body.epochMs - before.body.epochMs, ageMs: shown.ageMs };
}

describe('countdown under a wrong browser clock', () => {
  let idAuction = '';
  let idLot = '';
  let endMs = 0;

  it('sets the scene: an auction running for 10 minutes', async () => {
    const api = await e2e.api('auctioneer');
    const clock = await api.serverClock();
    const now = clock.now();
    const created = await api.createAuction(auctionBody(`E2E clock skew ${new Date(now).toISOString()}`, now - 1_000, now + 600_000));
    idAuction = created.idAuction;
    idLot = created.lots[0]!.idLot;
    endMs = Date.parse(created.lots[0]!.endDate);
    expect(endMs).toBeGreaterThan(now);
  });

  for (const skew of [SKEW_MS, -SKEW_MS]) {
    const name = skew > 0 ? '30 s ahead' : '30 s behind';
    it(`a browser ${name} shows the server's remaining time within 500 ms`, async () => {
      expect(idLot, 'the scene was not set').not.toBe('');
      const { page } = await e2e.user('dealer3', `/live-auction/${idAuction}`, { clockOffsetMs: skew });
      // The page's clock really is off, and runs.
      const pageNow = await page.evaluate(() => Date.now());
      const pageOffset = pageNow - Date.now();
      console.log(`[e2e] page clock off by ${(pageOffset / 1000).toFixed(2)} s (wanted ${skew / 1000} s)`);
      expect(Math.abs(pageOffset - skew)).toBeLessThan(2_000);
      const later = await page.evaluate(() => new Promise<number>((resolve) => { const t = Date.now(); setTimeout(() => resolve(Date.now() - t), 300); }));
      expect(later).toBeGreaterThanOrEqual(250);

      const countdown = page.getByTestId(`countdown-${idLot}`);
      await countdown.and(page.locator('[data-synced="true"]')).waitFor({ state: 'attached', timeout: 15_000 });
      // Notes when the figure last changed (it is re-rendered every 250 ms), to report how old a reading was.
      await page.evaluate((testId) => {
        const w = window as unknown as { __countdownChangedAt?: number };
        new MutationObserver((records) => {
          if (records.some((r) => (r.target as Element).getAttribute?.('data-testid') === testId)) w.__countdownChangedAt = performance.now();
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-remaining-ms'] });
      }, `countdown-${idLot}`);
      await screenshot(page, TEST, `${skew > 0 ? 'ahead' : 'behind'}-synced`);

      const api = await e2e.api('dealer3');
      const samples = [];
      for (let i = 0; i < SAMPLES; i++) {
        await page.waitForTimeout(370);
        samples.push(await sample(page, idLot, api, endMs));
      }
      const worst = Math.max(...samples.map((s) => Math.abs(s.error)));
      console.log(`[e2e] clock ${name}: countdown error per sample (ms) ${samples.map((s) => s.error.toFixed(0)).join(', ')}; worst ${worst.toFixed(0)} ms; ` +
        `age of the figure read (re-rendered every 250 ms) ${samples.map((s) => (s.ageMs === null ? '?' : s.ageMs.toFixed(0))).join(', ')}; ` +
        `error less its age ${samples.map((s) => (s.ageMs === null ? '?' : (s.error - s.ageMs).toFixed(0))).join(', ')}; ` +
        `time calls' span ${samples.map((s) => s.spanMs).join(', ')}`);
      for (const s of samples) expect(Math.abs(s.error), JSON.stringify(s)).toBeLessThan(500);
      // What a person reads: the HH:MM:SS text equals the server's remaining time, rounded up to the second (±1 s).
      const text = (await countdown.textContent()) ?? '';
      const [h = 0, m = 0, sec = 0] = text.split(':').map(Number);
      const shownSeconds = h * 3600 + m * 60 + sec;
      const now = (await api.time()).body.epochMs;
      expect(Math.abs(shownSeconds - (endMs - now) / 1000)).toBeLessThanOrEqual(1.5);
      await screenshot(page, TEST, `${skew > 0 ? 'ahead' : 'behind'}-sampled`);
    });
  }
});
