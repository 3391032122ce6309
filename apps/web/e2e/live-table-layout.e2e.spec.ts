/**
 * The live lot table in the last minute (issue 21 item 17): an offer in the extension window flashes "extended by"
 * on the lot; the table must not widen past its frame, Observe must stay on screen and the Offer and "+ increment"
 * buttons must not move under the cursor, on a desktop and on a phone (390×844). Durations read "16 min 50 sec".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'live-table-layout';

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of the buttons a dealer aims at on a lot, and whether anything is wider than its frame. */
async function layoutOf(page: Page, idLot: string) {
  const box = async (testId: string): Promise<Box> => {
    const b = await page.getByTestId(testId).boundingBox();
    if (!b) throw new Error(`${testId} has no box`);
    return b;
  };
  return {
    offer: await box(`offer-submit-${idLot}`),
    plus: await box(`offer-plus-1-${idLot}`),
    observe: await box(`observe-${idLot}`),
    ...(await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap')!;
      return {
        tableOverflow: wrap.scrollWidth - wrap.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        viewport: window.innerWidth,
      };
    })),
  };
}

async function extendByOffer(idAuction: string, idLot: string, amount: number): Promise<void> {
  const dealer2 = await e2e.api('dealer2');
  await dealer2.expect(201, 'POST', `/api/v1/secure/auction/${idAuction}/offer/${idLot}`, { offer: amount });
}

describe('live lot table layout', () => {
  it('an extension in the last minute moves no button and widens nothing, on a desktop and on a phone', async () => {
    const auctioneer = await e2e.api('auctioneer');
    const now = (await auctioneer.serverClock()).now();
    const created = await auctioneer.createAuction({
      ...auctionBody(`E2E layout ${new Date(now).toISOString()}`, now - 65_000, now + 50_000, [{}, {}]),
      extension: { windowSeconds: 3_600, extendSeconds: 1_010 },
    });
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;
    const desk = (await e2e.user('dealer1', `/live-auction/${idAuction}`)).page;
    const phone = (await e2e.user('dealer3', `/live-auction/${idAuction}`)).page;
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const page of [desk, phone]) {
      await page.getByTestId(`offer-submit-${idLot}`).waitFor({ state: 'visible' });
      await page.getByTestId(`countdown-${idLot}`).and(page.locator('[data-synced="true"]')).waitFor({ state: 'attached' });
    }
    const before = { desk: await layoutOf(desk, idLot), phone: await layoutOf(phone, idLot) };

    await extendByOffer(idAuction, idLot, 5_000);
    for (const page of [desk, phone]) {
      await page.getByTestId(`lot-extended-${idLot}`).waitFor({ state: 'visible', timeout: 5_000 });
      await expect.poll(() => page.getByTestId(`best-${idLot}`).getAttribute('data-value'), { timeout: 5_000 }).toBe('5000');
    }
    const after = { desk: await layoutOf(desk, idLot), phone: await layoutOf(phone, idLot) };
    await screenshot(desk, TEST, 'desktop-extended');
    await screenshot(phone, TEST, 'phone-extended');
    console.log(`[${TEST}] before ${JSON.stringify(before)}\n[${TEST}] after ${JSON.stringify(after)}`);

    for (const view of ['desk', 'phone'] as const) {
      for (const button of ['offer', 'plus', 'observe'] as const) {
        expect(after[view][button], `${view} ${button} moved`).toEqual(before[view][button]);
      }
      expect(after[view].tableOverflow, `${view}: the table is wider than its frame`).toBeLessThanOrEqual(0);
      expect(after[view].pageOverflow, `${view}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(after[view].observe.x + after[view].observe.width, `${view}: Observe is off-screen`).toBeLessThanOrEqual(after[view].viewport);
    }

    // The extension is told as a duration people read, not a count of seconds.
    const told = await desk.getByTestId(`lot-extended-${idLot}`).textContent();
    expect(told).toMatch(/\d+\smin\s\d+\ssec/);
    expect(told).not.toMatch(/\d{3,}\s?s\b/);
  });
});
