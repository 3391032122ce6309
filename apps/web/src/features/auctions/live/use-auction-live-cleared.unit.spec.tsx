// @vitest-environment jsdom
/**
 * Attack review of the retained clear (wip/retained): a page whose connection was lost while a lot closed and was
 * awarded, and back after the server cleared the lot's retained message, got nothing on reconnect (no retained state
 * any more) and kept showing the lot running with its old best offer. Back from a lost connection, a page with a lot
 * that may have ended meanwhile reads the auction again and takes the final state it is given.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuctionView, LotView } from '@auction/contracts';
import { auctionView, lotView } from '../../../machines/test-fixtures.js';
import type { Services } from '../../../services.js';
import { createStore } from '../../../ui/store.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { useAuctionLive } from './use-auction-live.js';

afterEach(cleanup);

const PAST = '2020-01-01T10:00:00.000Z';

function mount(shown: AuctionView, server: AuctionView, viewer: 'auctioneer' | 'dealer') {
  const stale = createStore(false);
  const auctionFull = vi.fn(async () => ({ ...server, lotsPage: { total: server.lots.length, limit: 100, offset: 0 }, message: null, fileMessage: null }));
  const services = {
    api: { auctionFull },
    // The broker has nothing retained for the lot any more: no live message on reconnect.
    live: { stale, subscribe: () => () => undefined },
    session: createStore(viewer === 'dealer' ? { idUser: 'dealer1', roles: ['BUYER'] } : { idUser: 'auct1', roles: ['AUCTIONEER'] }),
  } as unknown as Services;
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
  const hook = renderHook(() => useAuctionLive(shown, viewer), { wrapper });
  const reconnect = async () => {
    act(() => stale.set(true));
    await act(async () => { stale.set(false); await new Promise((r) => setTimeout(r, 10)); });
  };
  const lots = () => hook.result.current.lotActors.map((a) => {
    const { lot } = a.getSnapshot().context;
    return [lot.idLot, lot.status, lot.awardStatus, lot.bestOffer];
  });
  return { reconnect, lots, auctionFull };
}

describe('back after the retained final state was cleared', () => {
  for (const viewer of ['auctioneer', 'dealer'] as const) {
    it(`${viewer}: a lot that ended and was awarded meanwhile shows as awarded with its last best offer`, async () => {
      const running: LotView = lotView({ idLot: 'l1', status: 'RUN', endDate: PAST, bestOffer: 5000, bestOfferId: 'o1' });
      const awarded: LotView = { ...running, status: 'AWA', awardStatus: 'AWA', bestOffer: 6000, bestOfferId: 'o2', idOfferAwarded: 'o2' };
      const other: LotView = lotView({ idLot: 'l2', lotNumber: 2, status: 'RUN', endDate: '2099-01-01T10:00:00.000Z' });
      const h = mount(auctionView([running, other]), auctionView([awarded, other]), viewer);
      await h.reconnect();
      expect(h.lots()).toEqual([['l1', 'AWA', 'AWA', 6000], ['l2', 'RUN', 'TBA', null]]);
    });
  }

  it('auctioneer: no read when no shown lot can have ended meanwhile', async () => {
    const other: LotView = lotView({ idLot: 'l2', lotNumber: 2, status: 'RUN', endDate: '2099-01-01T10:00:00.000Z' });
    const h = mount(auctionView([other]), auctionView([other]), 'auctioneer');
    await h.reconnect();
    expect(h.auctionFull).not.toHaveBeenCalled();
  });
});
