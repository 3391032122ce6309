// @vitest-environment jsdom
/**
 * Attack review of #21 items 10 and 15: back from a lost connection, a dealer's own standing is read again for the lots
 * the page shows. The hook read `auctionFull` without a page, so lots past the first 100 (the live page's second page,
 * the lot page of lot 150, an observed lot 150) kept a stale "not leading" after an offer whose answer was lost.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuctionLotsQuery, AuctionLotsView, AuctionView, LotView } from '@auction/contracts';
import { auctionView, lotView } from '../../../machines/test-fixtures.js';
import type { Services } from '../../../services.js';
import { createStore } from '../../../ui/store.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { useAuctionLive } from './use-auction-live.js';

afterEach(cleanup);

/** 250 lots; the server answers like `auctionFull` (a page of 100 by default, or only `idLot`), each lot led by the caller. */
const ALL = Array.from({ length: 250 }, (_, i) => lotView({ idLot: `l${i + 1}`, lotNumber: i + 1 }));
const led = (l: LotView): LotView => ({ ...l, myBestOffer: 5000, leading: true, bestOfferId: `o-${l.idLot}` });
function serverPage(query: Partial<AuctionLotsQuery>): AuctionLotsView {
  const shown = query.idLot ? ALL.filter((l) => l.idLot === query.idLot) : ALL;
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  return { ...auctionView(shown.slice(offset, offset + limit).map(led)), lotsPage: { total: shown.length, limit, offset }, message: null, fileMessage: null };
}

function mount(auction: AuctionView) {
  const stale = createStore(false);
  const auctionFull = vi.fn(async (_id: string, _options: unknown, lots: Partial<AuctionLotsQuery> = {}) => serverPage(lots));
  const services = {
    api: { auctionFull },
    live: { stale, subscribe: () => () => undefined },
    session: createStore({ idUser: 'dealer1', roles: ['BUYER'] }),
  } as unknown as Services;
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
  const hook = renderHook(() => useAuctionLive(auction, 'dealer'), { wrapper });
  const reconnect = async () => {
    act(() => stale.set(true));
    await act(async () => { stale.set(false); await new Promise((r) => setTimeout(r, 10)); });
  };
  const leading = () => hook.result.current.lotActors.map((a) => [a.getSnapshot().context.lot.idLot, a.getSnapshot().context.leading]);
  return { reconnect, leading, auctionFull };
}

describe('a dealer\'s own standing read again after a reconnect', () => {
  it('on the live page\'s second page of lots (101-200)', async () => {
    const page = serverPage({ limit: 100, offset: 100 });
    const h = mount({ ...page, lots: page.lots.map((l) => ({ ...l, leading: false, myBestOffer: null })) } as AuctionView);
    await h.reconnect();
    expect(h.leading().filter(([, leading]) => !leading)).toEqual([]);
    expect(h.auctionFull).toHaveBeenCalledTimes(1);
  });

  it('on the lot page of lot 150, and on observed lots 5 and 150 of one auction', async () => {
    for (const lots of [[ALL[149]!], [ALL[4]!, ALL[149]!]]) {
      const h = mount(auctionView(lots));
      await h.reconnect();
      expect(h.leading()).toEqual(lots.map((l) => [l.idLot, true]));
    }
  });

  it('lots of the first hundred: one read of the first page, as before', async () => {
    const h = mount(auctionView([ALL[0]!, ALL[41]!]));
    await h.reconnect();
    expect(h.leading()).toEqual([['l1', true], ['l42', true]]);
    expect(h.auctionFull.mock.calls.map((c) => c[2] ?? {})).toEqual([{}]);
  });
});
