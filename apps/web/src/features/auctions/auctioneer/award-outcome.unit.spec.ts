import { describe, expect, it } from 'vitest';
import type { LotView } from '@auction/contracts';
import { awardAllOutcome } from './award-outcome.js';

const lot = (idLot: string, licensePlate: string, over: Partial<LotView>): LotView => ({
  idLot, idAuction: 'A1', lotNumber: 1, licensePlate, brand: 'Fiat', model: 'Panda', basePrice: 5000, minIncrement: 100,
  status: 'CLD', awardStatus: 'TBA', bestOffer: null, bestOfferId: null, offersCount: 0, endDate: '2026-01-01T10:00:00.000Z',
  nextMinimumOffer: 5000, ...over,
} as LotView);

describe('awardAllOutcome', () => {
  it('counts nothing awarded and names the lots below reserve ("0 of 2 awarded: FB123XY and FD789AA below reserve")', () => {
    const answer = [
      lot('L1', 'FB123XY', { bestOffer: 6000, reservePrice: 9000 }),
      lot('L2', 'FD789AA', { bestOffer: 7000, reservePrice: 8000 }),
    ];
    expect(awardAllOutcome(['L1', 'L2'], answer, new Map())).toEqual({ total: 2, awarded: [], belowReserve: ['FB123XY', 'FD789AA'], noOffers: [] });
  });

  it('tells the awarded lots from those without offers, and ignores lots decided before the call', () => {
    const answer = [
      lot('L1', 'AA111AA', { awardStatus: 'AWA', status: 'AWA', bestOffer: 9500 }),
      lot('L2', 'BB222BB', {}),
      lot('L3', 'CC333CC', { awardStatus: 'AWA', status: 'AWA', bestOffer: 7000 }),
      lot('L4', 'DD444DD', { bestOffer: 6000 }),
    ];
    const reserves = new Map([['L4', 8000]]);
    expect(awardAllOutcome(['L1', 'L2', 'L4'], answer, reserves)).toEqual({ total: 3, awarded: ['AA111AA'], belowReserve: ['DD444DD'], noOffers: ['BB222BB'] });
  });
});
