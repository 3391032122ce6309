import { describe, expect, it } from 'vitest';
import { auctionScheduled } from '../../testing/auction-fixtures.test-support.js';
import { lotScheduled, lotWithdrawn } from '../../testing/lot-fixtures.test-support.js';
import { foldAuction } from '../auction/auction.evolve.js';
import { evolveLot, initialLotState } from './lot.evolve.js';
import { withAuctionIds } from './lot.shared-ids.js';
import type { LotEvent } from './lot.types.js';

/** The lot's own copy of an event, as parsed from the log (new strings, equal values). */
const parsed = (event: LotEvent): LotEvent => JSON.parse(JSON.stringify(event)) as LotEvent;

describe('withAuctionIds', () => {
  const auction = foldAuction([{ ...auctionScheduled(), data: { ...auctionScheduled().data, idSellerDealer: 'dealer-7' } } as never]);

  it('gives a scheduled or edited lot the same definition, its ids taken from the auction state', () => {
    for (const type of ['LotScheduled', 'LotEdited'] as const) {
      const event = parsed({ type, data: { ...lotScheduled().data, idSellerDealer: 'dealer-7' } } as LotEvent);
      const shared = withAuctionIds(event, () => auction);
      expect(shared).not.toBe(event);
      expect(shared).toEqual(event);
      expect(evolveLot(initialLotState, shared)).toEqual(evolveLot(initialLotState, event));
    }
  });

  it('keeps the lot\'s own owner and seller when they differ from the auction\'s, and a null seller', () => {
    const other = withAuctionIds(lotScheduled({ idOwner: 'owner-2', idSellerDealer: 'dealer-8' }), () => auction);
    expect(other.type === 'LotScheduled' && [other.data.idOwner, other.data.idSellerDealer]).toEqual(['owner-2', 'dealer-8']);
    const none = withAuctionIds(lotScheduled({ idSellerDealer: null }), () => auction);
    expect(none.type === 'LotScheduled' && none.data.idSellerDealer).toBeNull();
  });

  it('returns the event itself for another auction, an unknown auction and other lot events', () => {
    const elsewhere = lotScheduled({ idAuction: 'auction-2' });
    expect(withAuctionIds(elsewhere, () => auction)).toBe(elsewhere);
    const scheduled = lotScheduled();
    expect(withAuctionIds(scheduled, () => undefined)).toBe(scheduled);
    expect(withAuctionIds(scheduled, () => foldAuction([]))).toBe(scheduled);
    expect(withAuctionIds(lotWithdrawn, () => auction)).toBe(lotWithdrawn);
  });
});
