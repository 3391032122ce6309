// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ManagedAuction, MyBid, Page, Partner, PurchaseRow } from '@auction/contracts';
import { createI18n } from '../../../../i18n/i18n.js';
import { DealerHome } from './DealerHome.js';
import { loadDealerHome, summarizeBids, wholeStars, type DealerHomeCalls, type DealerHomeData } from './dealer-home.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const page = <T,>(items: T[], total = items.length): Page<T> => ({ items, total, limit: 100, offset: 0 });
const auction = (idAuction: string, auctionName: string): ManagedAuction => ({
  idAuction, auctionName, idMarket: 'IT', auctionType: 'OTH', status: 'RUN', startDate: '2030-01-15T08:00:00.000Z', endDate: '2030-01-15T10:00:00.000Z',
  regulationRequired: false, extension: { windowSeconds: 60, extendSeconds: 60 }, idOwner: 'auctioneer', idTemplate: null, lotsCount: 3,
});
const partner = (idTemplate: string, auctionName: string, auctioneerRating: number, numFeedback: number, smallLogo: string | null = null): Partner => ({
  idTemplate, auctionName, idMarket: 'IT', largeLogo: null, smallLogo, description: null, commercialInfoPhone: null, commercialInfoEmail: null, vatCode: null,
  auctioneerRating, numFeedback,
});
const bid = (idLot: string, status: MyBid['status'], leading: boolean) => ({ idLot, status, leading, won: false }) as MyBid;
const purchase = (paymentStatus: PurchaseRow['paymentStatus']) => ({ paymentStatus }) as PurchaseRow;

const data = (over: Partial<DealerHomeData> = {}): DealerHomeData => ({
  running: page([auction('A1', 'Fleet returns'), auction('A2', 'Vans')], 5),
  scheduled: page([]),
  bids: { leading: 2, outbid: 1, partial: false },
  purchases: { total: 4, toPay: 1, partial: false },
  showcaseEnabled: true,
  partners: page([partner('T-1', 'Leasys Remarketing', 4.4, 4, 'LOGO32CHARACTERSxxxxxxxxxxxxxxxx'), partner('T-2', 'Rent-it Outlet', 0, 0)]),
  ...over,
});

async function show(d: DealerHomeData) {
  const root = createRootRoute({ component: () => <DealerHome name="dealer1" data={d} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/private'] }) });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
  await screen.findByTestId('dealer-home');
}

describe('the dealer\'s home (/private, #23 item 8)', () => {
  it('greets the dealer and shows the running auctions: the count of all, the first ones linked to their page, all of them at /live', async () => {
    await show(data());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, dealer1');
    expect(screen.getByTestId('home-running-count').textContent).toBe('5 auctions running now');
    const link = screen.getByTestId('home-auction-A1');
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Fleet returns', '/live-auction/A1']);
    expect(within(screen.getByTestId('home-running-list')).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByTestId('home-no-scheduled').textContent).toBe('No auction is scheduled.');
    expect(screen.getByTestId('home-all-auctions').getAttribute('href')).toBe('/live');
    expect(screen.getByTestId('home-time-zone').textContent).toBe('Times in Europe/Rome');
  });

  it('partners: whole stars from the average (4.4 → 4, none → 0) said in words with the votes; the logo or the initial; a link to the partner page', async () => {
    await show(data());
    const rated = screen.getByTestId('partner-rating-T-1');
    expect(rated.getAttribute('data-stars')).toBe('4');
    expect(rated.textContent).toBe('★★★★☆4 of 5 stars, 4 votes');
    expect(screen.getByTestId('partner-rating-T-2').textContent).toBe('☆☆☆☆☆0 of 5 stars, 0 votes');
    expect(screen.getByTestId('partner-logo-T-1').getAttribute('src')).toBe('/api/v1/open/image?path=partner-logo%2FLOGO32CHARACTERSxxxxxxxxxxxxxxxx');
    expect(screen.queryByTestId('partner-logo-T-2')).toBeNull();
    expect(screen.getByTestId('partner-link-T-2').getAttribute('href')).toBe('/partner?idTemplate=T-2');
  });

  it('the showcase card shows only when the showcase is open to the dealer (closed or unknown: hidden)', async () => {
    await show(data());
    expect(screen.getByTestId('home-showcase-link').getAttribute('href')).toBe('/showcase-catalogue');
    cleanup();
    await show(data({ showcaseEnabled: false }));
    expect(screen.queryByTestId('home-showcase')).toBeNull();
    cleanup();
    await show(data({ showcaseEnabled: null }));
    expect(screen.queryByTestId('home-showcase')).toBeNull();
  });

  it('bids and purchases: counts in words, linked to their pages; a failed section says so, the others stay', async () => {
    await show(data({ running: null, partners: null }));
    expect(screen.getByTestId('home-leading').textContent).toBe('2 lots where you lead');
    expect(screen.getByTestId('home-outbid').textContent).toBe('1 lot where you were outbid');
    expect(screen.getByTestId('home-to-pay').textContent).toBe('1 purchase to pay');
    expect(screen.getByTestId('home-bids-link').getAttribute('href')).toBe('/my-bids');
    expect(screen.getByTestId('home-purchases-link').getAttribute('href')).toBe('/purchase-summary');
    expect(screen.getByTestId('home-running-unavailable').textContent).toBe('This could not be loaded now. Try again later.');
    expect(screen.getByTestId('home-partners-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('home-running-count')).toBeNull();
  });
});

describe('the home\'s data', () => {
  it('counts leading and outbid lots of running auctions only; a page shorter than the total is partial', () => {
    const bids = [bid('1', 'RUN', true), bid('2', 'RUN', false), bid('3', 'RUN', false), bid('4', 'CLD', true), bid('5', 'AWA', false)];
    expect(summarizeBids(page(bids))).toEqual({ leading: 1, outbid: 2, partial: false });
    expect(summarizeBids(page(bids, 250)).partial).toBe(true);
  });

  it('whole stars: rounded, 0 to 5', () => {
    expect([0, 0.4, 0.5, 2.5, 4.4, 4.5, 5, 7, -1, Number.NaN].map(wholeStars)).toEqual([0, 0, 1, 3, 4, 5, 5, 5, 0, 0]);
  });

  it('loads every section at once; a refused call empties its section only; purchases to pay are those not PAID', async () => {
    const calls: DealerHomeCalls = {
      running: async () => page([auction('A1', 'Fleet')]),
      scheduled: async () => { throw new Error('500'); },
      myBids: async () => page([bid('1', 'RUN', true)]),
      purchases: async () => page([purchase('PAID'), purchase('UNPAID'), purchase('PENDING'), purchase('FAILED')]),
      showcaseEnabled: async () => ({ enabled: false }),
      partners: async () => page([partner('T-1', 'P', 3, 1)]),
    };
    const loaded = await loadDealerHome(calls);
    expect(loaded.scheduled).toBeNull();
    expect(loaded.running?.total).toBe(1);
    expect(loaded.bids).toEqual({ leading: 1, outbid: 0, partial: false });
    expect(loaded.purchases).toEqual({ total: 4, toPay: 3, partial: false });
    expect(loaded.showcaseEnabled).toBe(false);
    expect(loaded.partners?.items).toHaveLength(1);
  });
});
