import { describe, expect, it } from 'vitest';
import type { LotEvent } from '@auction/domain';
import type { LotRow } from '../rows.js';
import { fold, stored } from '../testing/stored.test-support.js';
import { projectDealerBest, projectLot, projectObservation, projectOffer } from './lot.projection.js';

const SID = 'lot-l1';
const def = {
  idLot: 'l1', idAuction: 'a1', idOwner: 'o1', lotNumber: 1, licensePlate: 'GA123BC', frame: null, brand: 'Fiat', model: '500',
  basePrice: 5000, minIncrement: 100, reservePrice: 6500, buyNowPrice: 9000,
  startDate: '2026-11-21T09:00:00Z', endDate: '2026-11-21T10:00:00Z', windowSeconds: 60, extendSeconds: 60,
};
const ev = (e: LotEvent) => stored(SID, e);
const scheduled = () => ev({ type: 'LotScheduled', data: def });
const offer = (idOffer: string, idUser: string, amount: number, clickAndBuy = false) => ev({
  type: 'OfferPlaced',
  data: { idLot: 'l1', idOffer, idUser, amount, clickAndBuy, placedAt: '2026-11-21T09:10:00.000Z', idempotencyKey: null },
});
const closed = (reason: 'END' | 'BUY_NOW' = 'END') => ev({ type: 'LotClosed', data: { idLot: 'l1', closedAt: '2026-11-21T10:00:00.000Z', reason } });
const awarded = (idOffer: string, idUser: string, amount: number) =>
  ev({ type: 'LotAwarded', data: { idLot: 'l1', idOffer, idUser, amount, mode: 'OWNER' } });
const lotOf = (...events: ReturnType<typeof ev>[]) => fold<LotRow>(projectLot, events);

describe('projectLot', () => {
  it('creates an open lot with normalized instants and no offer', () => {
    const first = scheduled();
    expect(projectLot(undefined, first)).toMatchObject({
      idLot: 'l1', idAuction: 'a1', state: 'OPEN', startAt: '2026-11-21T09:00:00.000Z', endAt: '2026-11-21T10:00:00.000Z',
      bestAmount: null, offersCount: 0, awardStatus: 'TBA', createdPosition: first.position,
    });
  });

  it('counts offers and keeps the highest as best; of two equal amounts the first stays', () => {
    const row = lotOf(scheduled(), offer('o1', 'd1', 5000), offer('o2', 'd2', 5100), offer('o3', 'd3', 5100), offer('o4', 'd1', 5000.004));
    expect(row).toMatchObject({ offersCount: 4, bestAmount: 5100, bestOfferId: 'o2', bestUserId: 'd2' });
  });

  it('ignores events of a lot it never saw', () => {
    expect(projectLot(undefined, offer('o1', 'd1', 5000))).toBeUndefined();
    expect(projectLot(undefined, closed())).toBeUndefined();
  });

  it('moves the end on extension and reschedule', () => {
    const row = lotOf(scheduled(), ev({ type: 'LotEndExtended', data: { idLot: 'l1', endDate: '2026-11-21T10:00:30Z', idOffer: 'o1' } }));
    expect(row?.endAt).toBe('2026-11-21T10:00:30.000Z');
  });

  it('closes an open lot to be awarded, then awards, not-awards and reverts it', () => {
    const base = lotOf(scheduled(), offer('o1', 'd1', 7000), closed());
    expect(base).toMatchObject({ state: 'CLOSED', closedAt: '2026-11-21T10:00:00.000Z', awardStatus: 'TBA' });
    const won = projectLot(base, awarded('o1', 'd1', 7000));
    expect(won).toMatchObject({ awardStatus: 'AWA', awardedOfferId: 'o1', awardedUserId: 'd1', awardedAmount: 7000 });
    const reverted = projectLot(won, ev({ type: 'LotAwardReverted', data: { idLot: 'l1', previous: 'AWA' } }));
    expect(reverted).toMatchObject({ awardStatus: 'TBA', awardedOfferId: null, awardedUserId: null, awardedAmount: null });
    expect(projectLot(reverted, ev({ type: 'LotNotAwarded', data: { idLot: 'l1' } }))).toMatchObject({ awardStatus: 'NAW', awardedUserId: null });
  });

  it('records a buy-now as offer, close and award to that dealer', () => {
    const row = lotOf(scheduled(), offer('o1', 'd1', 6000), offer('o2', 'd2', 9000, true), closed('BUY_NOW'), awarded('o2', 'd2', 9000));
    expect(row).toMatchObject({ state: 'CLOSED', bestAmount: 9000, bestUserId: 'd2', offersCount: 2, awardStatus: 'AWA', awardedUserId: 'd2' });
  });

  it('awards only a closed lot and closes only an open one', () => {
    const open = lotOf(scheduled(), offer('o1', 'd1', 7000));
    expect(projectLot(open, awarded('o1', 'd1', 7000))).toBe(open);
    const withdrawn = projectLot(lotOf(scheduled()), ev({ type: 'LotWithdrawn', data: { idLot: 'l1' } }));
    expect(withdrawn?.state).toBe('WITHDRAWN');
    expect(projectLot(withdrawn, closed())).toBe(withdrawn);
  });

  it('edits only an open lot, keeping its offers', () => {
    const row = lotOf(scheduled(), ev({ type: 'LotEdited', data: { ...def, basePrice: 4000, brand: 'Lancia' } }));
    expect(row).toMatchObject({ basePrice: 4000, brand: 'Lancia', state: 'OPEN' });
    const closedRow = lotOf(scheduled(), closed());
    expect(projectLot(closedRow, ev({ type: 'LotEdited', data: { ...def, brand: 'Lancia' } }))).toBe(closedRow);
  });

  it('ignores event types it does not know', () => {
    const row = lotOf(scheduled());
    expect(projectLot(row, stored(SID, { type: 'LotPolished', data: {} }))).toBe(row);
  });
});

describe('projectDealerBest', () => {
  const lot = lotOf(scheduled());
  it('keeps each dealer\'s highest offer; an equal or lower one changes nothing', () => {
    const first = projectDealerBest(undefined, offer('o1', 'd1', 5000), lot);
    expect(first).toEqual({ idLot: 'l1', idUser: 'd1', idAuction: 'a1', bestAmount: 5000, bestOfferId: 'o1' });
    expect(projectDealerBest(first, offer('o2', 'd1', 5000), lot)).toBe(first);
    expect(projectDealerBest(first, offer('o3', 'd1', 4999.999), lot)).toBe(first);
    expect(projectDealerBest(first, offer('o4', 'd1', 5200), lot)).toMatchObject({ bestAmount: 5200, bestOfferId: 'o4' });
  });
  it('needs the lot and ignores other events', () => {
    expect(projectDealerBest(undefined, offer('o1', 'd1', 5000), undefined)).toBeUndefined();
    expect(projectDealerBest(undefined, closed(), lot)).toBeUndefined();
  });
});

describe('projectObservation and projectOffer', () => {
  const lot = lotOf(scheduled());
  it('observes and stops observing', () => {
    const observed = projectObservation(undefined, ev({ type: 'LotObserved', data: { idLot: 'l1', idUser: 'd1' } }), lot);
    expect(observed).toEqual({ idLot: 'l1', idUser: 'd1', idAuction: 'a1' });
    expect(projectObservation(observed, ev({ type: 'LotObservationEnded', data: { idLot: 'l1', idUser: 'd1' } }), lot)).toBeUndefined();
  });
  it('records an offer with its auction and global position', () => {
    const e = offer('o1', 'd1', 5000.5, false);
    expect(projectOffer(undefined, e, lot)).toEqual({
      idOffer: 'o1', idLot: 'l1', idAuction: 'a1', idUser: 'd1', amount: 5000.5, clickAndBuy: false,
      placedAt: '2026-11-21T09:10:00.000Z', position: e.position,
    });
    expect(projectOffer(undefined, e, undefined)).toBeUndefined();
  });
  it('keeps no username of the bidder, also from an offer written by an earlier release that carried one', () => {
    const e = offer('o1', 'd1', 5000.5, false);
    const legacy = { ...e, data: { ...e.data, username: 'someone@example.com' } };
    const row = projectOffer(undefined, legacy, lot);
    expect(row).toMatchObject({ idOffer: 'o1', idUser: 'd1' });
    expect(JSON.stringify(row)).not.toContain('someone@example.com');
  });
});
