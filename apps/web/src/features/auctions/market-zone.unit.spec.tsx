// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createI18n } from '../../i18n/i18n.js';
import { auctionView, lotView } from '../../machines/test-fixtures.js';
import type { Services } from '../../services.js';
import { ServicesContext } from '../../ui/services-context.js';
import { createStore } from '../../ui/store.js';
import { ExtendTimeDialog } from './auctioneer/ExtendTimeDialog.js';
import { BidHistory } from './live/BidHistory.js';
import { LiveAuction } from './live/LiveAuction.js';
import { MarketZoneProvider } from '../../ui/market-zone.js';
import { PurchasesTable } from './purchases/PurchasesTable.js';
import { DealerTable } from '../dealers/dealers/DealerTable.js';
import type { AdminDealerPage } from '@auction/contracts';

// The page outside a router: links as plain anchors.
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="#">{children}</a> }));

// The browser's clock is not the market's: New York (UTC-5 in winter) while the auctions are Italian (UTC+1).
process.env.TZ = 'America/New_York';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

/** Services enough for these screens: a live hub that never delivers, a server clock, the calls each test gives. */
function services(api: Record<string, unknown>, now = Date.parse('2030-01-15T08:00:00Z')): Services {
  return {
    api, i18n, clock: { isSynced: true, now: () => now },
    dialogs: { success: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
    live: { subscribe: () => () => undefined, stale: createStore(false), status: createStore('connected') },
    session: createStore({ idUser: 'u1', idMarket: 'IT', roles: ['BUYER'], username: 'dealer1' }),
  } as unknown as Services;
}

function renderWith(value: Services, children: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>
    </I18nextProvider>,
  );
}

describe('one zone, named, everywhere: the market\'s clock in a browser elsewhere (#21 item 19)', () => {
  it('the extend-time dialog shows and reads the new end on the market\'s clock, and names the zone', async () => {
    const resizeTime = vi.fn(async (_id: string, endDate: string) => ({ endDate }));
    const onClose = vi.fn();
    renderWith(services({ resizeTime }), (
      <ExtendTimeDialog idAuction="a1" idMarket="IT" startDate="2030-01-15T08:00:00.000Z" endDate="2030-01-15T17:45:00.000Z" onClose={onClose} />
    ));
    expect(screen.getByTestId('extend-zone').textContent).toBe('Times in Europe/Rome');
    expect((screen.getByTestId('extend-start-date') as HTMLInputElement).value).toBe('15/01/2030');
    expect((screen.getByTestId('extend-start-time') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByTestId('extend-end-hour') as HTMLSelectElement).value).toBe('18');
    expect((screen.getByTestId('extend-end-minute') as HTMLSelectElement).value).toBe('45');
    // 22:30 in Rome, picked in a browser where it is 16:30.
    fireEvent.change(screen.getByTestId('extend-end-hour'), { target: { value: '22' } });
    fireEvent.change(screen.getByTestId('extend-end-minute'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('extend-submit'));
    await waitFor(() => expect(resizeTime).toHaveBeenCalledWith('a1', '2030-01-15T21:30:00.000Z'));
    expect(onClose).toHaveBeenCalledWith('2030-01-15T21:30:00.000Z');
  });

  it('a summer end across the daylight-saving change is read on the market\'s summer time', async () => {
    const resizeTime = vi.fn(async (_id: string, endDate: string) => ({ endDate }));
    renderWith(services({ resizeTime }, Date.parse('2030-03-30T08:00:00Z')), (
      <ExtendTimeDialog idAuction="a1" idMarket="IT" startDate="2030-03-30T08:00:00.000Z" endDate="2030-03-30T17:00:00.000Z" onClose={() => undefined} />
    ));
    // Rome changes to summer time on 31/03/2030 at 02:00: 10:00 that day is 08:00Z.
    fireEvent.change(screen.getByTestId('extend-end-date'), { target: { value: '31/03/2030' } });
    fireEvent.change(screen.getByTestId('extend-end-hour'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('extend-end-minute'), { target: { value: '00' } });
    fireEvent.click(screen.getByTestId('extend-submit'));
    await waitFor(() => expect(resizeTime).toHaveBeenCalledWith('a1', '2030-03-31T08:00:00.000Z'));
  });

  it('the dealer\'s live auction page shows its start and end on the market\'s clock, the zone named once', () => {
    const auction = auctionView([lotView({ idLot: 'l1', endDate: '2030-01-15T17:45:00.000Z' })], {
      idMarket: 'IT', status: 'SCH', startDate: '2030-01-15T09:00:00.000Z', endDate: '2030-01-15T17:45:00.000Z',
    });
    renderWith(services({}), <LiveAuction auction={auction} />);
    expect(screen.getByTestId('auction-start').textContent).toContain('15/01/2030 10:00:00');
    expect(screen.getByTestId('auction-end').textContent).toContain('15/01/2030 18:45:00');
    expect(screen.getAllByTestId('time-zone').map((e) => e.textContent)).toEqual(['Times in Europe/Rome']);
  });

  it('a lot\'s bid history shows its bids on the market\'s clock', async () => {
    const bidHistory = vi.fn(async () => ({ hasReserve: false, reserveMet: false, bids: [{ amount: 5000, placedAt: '2030-01-15T23:30:05.000Z', mine: true, bidder: 1, clickAndBuy: false }] }));
    renderWith(services({ bidHistory }), (
      <MarketZoneProvider value="Europe/Rome"><BidHistory lot={lotView({ idLot: 'l1', idAuction: 'a1' })} /></MarketZoneProvider>
    ));
    await waitFor(() => expect(screen.getByTestId('bid-history-l1').textContent).toContain('16/01/2030 00:30:05'));
  });

  it('purchases and the back-office\'s dealers show their dates on the market\'s clock, the zone named (not the browser\'s)', () => {
    // 23:30 UTC on 15 January: the 16th in Rome, still the 15th in New York.
    const late = '2030-01-15T23:30:00.000Z';
    renderWith(services({}), <PurchasesTable rows={[{
      idAuction: 'a1', idLot: 'l1', idVehicle: null, licensePlate: 'AB123CD', brand: 'Fiat', model: 'Panda', price: 1000, channel: 'AUCTION', date: late, auctionName: 'A', frame: null,
    }]} />);
    expect(screen.getByTestId('purchase-l1').textContent).toContain('16/01/2030');
    expect(screen.getByTestId('time-zone').textContent).toBe('Times in Europe/Rome');
    cleanup();
    const row = { idDealer: 'D-1', sincom: 'S1', status: 'ENABLED', flgEnabled: true, idMarket: 'IT', country: 'IT', region: null, businessName: 'B', vatCode: null, city: null, createdAt: late };
    const page = { items: [row, { ...row, idDealer: 'D-2', idMarket: 'PL' }], total: 2, limit: 20, offset: 0 } as unknown as AdminDealerPage;
    renderWith(services({}), <DealerTable page={page} request={{ limit: 20, offset: 0, sortOrder: 'asc' }} onRequest={() => undefined} caption="dealers" testId="dealers" />);
    // Two markets, two zones: each time names its own.
    expect(screen.getByTestId('dealers-row-D-1').textContent).toContain('16/01/2030 00:30:00 (Europe/Rome)');
    expect(screen.getByTestId('dealers-row-D-2').textContent).toContain('16/01/2030 00:30:00 (Europe/Warsaw)');
  });
});
