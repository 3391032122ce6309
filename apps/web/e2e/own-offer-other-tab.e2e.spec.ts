/**
 * One dealer, two tabs: an offer placed in the second tab is told to the first by the dealer's own-offer notice
 * (`user/{id}/offer`) before the lot's own message (published after it in the same batch, and delayed here by
 * 1.5 s on the first tab's live connection, as a loaded machine or a lost message would): the first tab shows the
 * offer as the best and the dealer leading at once, never "outbid".
 */
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auctionBody, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'own-offer-other-tab';
// Long enough for the own-offer notice on a loaded machine: a fresh-clone run with a 1.5 s delay and a 1 s window missed it.
const DELAY_MS = 5_000;

/**
 * Forwards a page's MQTT-over-WebSocket connection, holding back by `DELAY_MS` the PUBLISH packets whose topic starts
 * with `prefix` (in their order). The server may write one packet in several WebSocket messages: the bytes are split
 * into whole packets first.
 */
function delayTopics(ws: WebSocketRoute, prefix: string): void {
  const server = ws.connectToServer();
  ws.onMessage((message) => server.send(message));
  let pending = Buffer.alloc(0);
  server.onMessage((message) => {
    pending = Buffer.concat([pending, typeof message === 'string' ? Buffer.from(message) : message]);
    for (;;) {
      let length = 0;
      let multiplier = 1;
      let offset = 1;
      let complete = false;
      while (offset < pending.length && offset <= 4) {
        const byte = pending[offset++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) { complete = true; break; }
      }
      if (!complete || pending.length < offset + length) return;
      const packet = pending.subarray(0, offset + length);
      pending = pending.subarray(offset + length);
      const isPublish = (packet[0]! >> 4) === 3;
      const topic = isPublish ? packet.subarray(offset + 2, offset + 2 + packet.readUInt16BE(offset)).toString('utf8') : '';
      if (isPublish && topic.startsWith(prefix)) setTimeout(() => ws.send(Buffer.from(packet)), DELAY_MS);
      else ws.send(Buffer.from(packet));
    }
  });
}

describe('one dealer in two tabs', () => {
  it('an offer from the other tab shows as mine and leading before the lot message comes', { timeout: 180_000 }, async () => {
    const auctioneerApi = await e2e.api('auctioneer');
    const now = (await auctioneerApi.serverClock()).now();
    const created = await auctioneerApi.createAuction(auctionBody(`E2E own offer other tab ${new Date(now).toISOString()}`, now - 1_000, now + 120_000));
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;
    const livePath = `/live-auction/${idAuction}`;

    const first = await e2e.user('dealer3', livePath);
    const second = await e2e.user('dealer3', livePath);
    for (const { page } of [first, second]) {
      await expect.poll(() => page.getByTestId(`lot-${idLot}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('RUN');
      await page.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    }
    // From now on the first tab's new live connections get the lot's messages late; reconnect it so that it does.
    await first.page.routeWebSocket(/.*/, (ws) => delayTopics(ws, `auction/${idAuction}/lot/`));
    await first.page.reload();
    await expect.poll(() => first.page.getByTestId(`lot-${idLot}`).getAttribute('data-status'), { timeout: 10_000 }).toBe('RUN');
    await expect.poll(() => first.page.getByTestId('connection').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected');
    await first.page.evaluate((testId) => {
      const seen: string[] = [];
      (window as unknown as { __states: string[] }).__states = seen;
      const record = () => {
        const state = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      record();
    }, `my-state-${idLot}`);

    const answer = second.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${idLot}`));
    await second.page.getByTestId(`offer-submit-${idLot}`).click();
    expect((await answer).status()).toBe(201);
    // Within the delay: the own-offer notice alone tells the first tab.
    await expect.poll(() => first.page.getByTestId(`my-state-${idLot}`).getAttribute('data-state'), { timeout: DELAY_MS - 1_000, interval: 50 }).toBe('leading');
    expect(await first.page.getByTestId(`best-${idLot}`).getAttribute('data-value')).toBe('5000');
    await screenshot(first.page, TEST, '01-first-tab-leading');
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
    const states = await first.page.evaluate(() => (window as unknown as { __states: string[] }).__states);
    expect(states).toEqual(['noOffer', 'leading']);
    expect(await first.page.getByTestId(`my-state-${idLot}`).getAttribute('data-state')).toBe('leading');
  });
});
