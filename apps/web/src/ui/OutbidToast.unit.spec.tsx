// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.js';
import type { OutbidMessage } from '../machines/live-messages.js';
import type { Services } from '../services.js';
import { OutbidToast } from './OutbidToast.js';
import { ServicesContext } from './services-context.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

/** A live hub stand-in: remembers the handlers so the test can deliver lot messages. */
function fakeLive() {
  const handlers = new Map<string, (topic: string, payload: unknown) => void>();
  return {
    subscribe: (filter: string, handler: (topic: string, payload: unknown) => void) => { handlers.set(filter, handler); return () => handlers.delete(filter); },
    deliver: (topic: string, payload: unknown) => act(() => handlers.get(topic)?.(topic, payload)),
    handlers,
  };
}

const notice: OutbidMessage = {
  idAuction: 'a1', idLot: 'l1', bestOffer: 9400, yourBestOffer: 9300, position: 10, serverTime: '2030-01-01T09:00:00.000Z',
  lotNumber: 3, licensePlate: 'GA123BC', brand: 'Fiat', model: 'Panda', auctionName: 'Asta Roma',
};

async function show(message: OutbidMessage) {
  const live = fakeLive();
  const root = createRootRoute({ component: () => <OutbidToast message={message} onDismiss={() => undefined} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ live } as unknown as Services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  await screen.findByTestId('outbid-alert');
  return live;
}

describe('an outbid notice (#21 item 18)', () => {
  it('names the car, its lot and the auction, and links to the lot', async () => {
    await show(notice);
    expect(screen.getByTestId('outbid-vehicle').textContent).toBe('Lot 3: Fiat Panda (GA123BC) · Asta Roma');
    const link = screen.getByRole('link', { name: 'Open the lot of Fiat Panda (GA123BC)' });
    expect(link.getAttribute('href')).toBe('/lot-detail/a1/l1');
  });
  it('follows the lot\'s best offer after a third dealer raised it, never a stale or older figure', async () => {
    const live = await show(notice);
    expect(screen.getByTestId('outbid-amount').textContent).toContain('9\'400,00');
    live.deliver('auction/a1/lot/l1', { idAuction: 'a1', idLot: 'l1', bestOffer: 9700, position: 12 });
    expect(screen.getByTestId('outbid-amount').textContent).toContain('9\'700,00');
    // A retained message older than the notice does not take the figure back.
    live.deliver('auction/a1/lot/l1', { idAuction: 'a1', idLot: 'l1', bestOffer: 9200, position: 8 });
    expect(screen.getByTestId('outbid-alert').getAttribute('data-best')).toBe('9700');
  });
});
