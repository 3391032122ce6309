import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toIso } from '../../../shared/time.js';
import {
  BEFORE, ID_AUCTION, auctionScheduled, auctionSpec, scheduleAuction, started,
} from '../../../testing/auction-fixtures.test-support.js';
import {
  BUY_NOW_AT, END, ID_LOT, START, boughtNow, lotScheduled, lotSpec, minutes, offerA, seconds,
} from '../../../testing/lot-fixtures.test-support.js';
import { MIN_AUCTION_DURATION_MS, shownAuctionEndMs } from '../auction.evolve.js';
import { foldLot } from '../../lot/lot.evolve.js';
import type { AuctionCommand } from '../auction.types.js';
import type { LotEvent } from '../../lot/lot.types.js';

describe('minimum duration (issue 11 item A11)', () => {
  it('refuses a zero-length auction and one shorter than the minimum, at creation and in an edit', () => {
    expect(MIN_AUCTION_DURATION_MS).toBe(minutes(1));
    auctionSpec.given([]).when(scheduleAuction({ endDate: toIso(START) })).thenThrows('AUCTION_TOO_SHORT');
    auctionSpec.given([]).when(scheduleAuction({ endDate: toIso(START + MIN_AUCTION_DURATION_MS - 1) })).thenThrows('AUCTION_TOO_SHORT');
    auctionSpec.given([]).when(scheduleAuction({ endDate: toIso(START + MIN_AUCTION_DURATION_MS) })).then([
      auctionScheduled({ endDate: toIso(START + MIN_AUCTION_DURATION_MS) }),
    ]);
    const edit: AuctionCommand = { type: 'EditAuction', definition: { ...auctionDefinitionOf(START), endDate: toIso(START) }, now: BEFORE };
    auctionSpec.given([auctionScheduled()]).when(edit).thenThrows('AUCTION_TOO_SHORT');
  });

  it('takes the minimum the shell configures', () => {
    const short = { ...scheduleAuction({ endDate: toIso(START + seconds(5)) }), minDurationMs: seconds(5) } as AuctionCommand;
    auctionSpec.given([]).when(short).then([auctionScheduled({ endDate: toIso(START + seconds(5)) })]);
    const zero = { ...scheduleAuction({ endDate: toIso(START) }), minDurationMs: seconds(5) } as AuctionCommand;
    auctionSpec.given([]).when(zero).thenThrows('AUCTION_TOO_SHORT');
  });

  it('a scheduled auction cannot be resized below the minimum either', () => {
    auctionSpec.given([auctionScheduled()]).when({ type: 'RescheduleAuctionEnd', endDate: toIso(START + seconds(10)), now: BEFORE })
      .thenThrows('AUCTION_TOO_SHORT');
  });
});

describe('backdating does not shorten an auction (issue 21 item 12)', () => {
  const now = START + minutes(60);

  it('counts the minimum from now when the start is past: start an hour ago, end in 0.4 s is refused', () => {
    auctionSpec.given([]).when(scheduleAuction({ startDate: toIso(now - minutes(60)), endDate: toIso(now + 400) }, now)).thenThrows('AUCTION_TOO_SHORT');
    auctionSpec.given([]).when(scheduleAuction({ startDate: toIso(now - minutes(60)), endDate: toIso(now + MIN_AUCTION_DURATION_MS - 1) }, now))
      .thenThrows('AUCTION_TOO_SHORT');
  });

  it('records a start in the past as the real start: now', () => {
    const endDate = toIso(now + MIN_AUCTION_DURATION_MS);
    auctionSpec.given([]).when(scheduleAuction({ startDate: toIso(now - minutes(60)), endDate }, now)).then([
      auctionScheduled({ startDate: toIso(now), endDate }), started(now),
    ]);
  });

  it('an edit of a scheduled auction to a start in 2001 is judged and recorded the same way', () => {
    const edit = (endMs: number): AuctionCommand => ({
      type: 'EditAuction', definition: { ...auctionDefinitionOf(START), startDate: '2001-01-01T00:00:00.000Z', endDate: toIso(endMs) }, now,
    });
    auctionSpec.given([auctionScheduled()]).when(edit(now + 400)).thenThrows('AUCTION_TOO_SHORT');
    auctionSpec.given([auctionScheduled()]).when(edit(now + minutes(5))).then([
      { type: 'AuctionEdited', data: { ...auctionDefinitionOf(START), startDate: toIso(now), endDate: toIso(now + minutes(5)), idAuction: ID_AUCTION } },
      started(now),
    ]);
  });

  it('resize-time of a scheduled auction whose start has passed counts from now too', () => {
    auctionSpec.given([auctionScheduled()]).when({ type: 'RescheduleAuctionEnd', endDate: toIso(START + minutes(10) + 400), now: START + minutes(10) })
      .thenThrows('AUCTION_TOO_SHORT');
  });
});

function auctionDefinitionOf(_start: number) {
  const e = auctionScheduled();
  if (e.type !== 'AuctionScheduled') throw new Error('fixture');
  const { idAuction: _id, idOwner: _owner, ...def } = e.data;
  return def;
}

describe('resize-time never shortens (issue 11 item A3)', () => {
  const resize = (endMs: number, now: number) => ({ type: 'RescheduleAuctionEnd' as const, endDate: toIso(endMs), now });

  it('refuses moving a running auction\'s end earlier than its current end, even to a time still ahead', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(resize(END - minutes(1), START + minutes(10))).thenThrows('AUCTION_END_EARLIER');
    auctionSpec.given([auctionScheduled(), started()]).when(resize(START + minutes(10) + seconds(5), START + minutes(10)))
      .thenThrows('AUCTION_END_EARLIER');
  });

  it('a scheduled auction may still be shortened (no lot has run yet)', () => {
    const earlier = END - minutes(30);
    auctionSpec.given([auctionScheduled()]).when(resize(earlier, BEFORE))
      .then([{ type: 'AuctionEndRescheduled', data: { idAuction: ID_AUCTION, endDate: toIso(earlier) } }]);
  });

  it('keeps an anti-sniping extension that reaches beyond the new end', () => {
    const extendedTo = END + seconds(63);
    const extended: LotEvent = { type: 'LotEndExtended', data: { idLot: ID_LOT, endDate: toIso(extendedTo), idOffer: 'offer-a' } };
    lotSpec.given([lotScheduled(), offerA, extended]).when({ type: 'RescheduleLotEnd', endDate: toIso(END + seconds(43)), now: END })
      .thenNothing();
  });

  it('property: whatever resize-time asks, a running lot\'s end never moves before its current end', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: minutes(50) }), fc.integer({ min: 0, max: minutes(30) }), fc.integer({ min: -minutes(60), max: minutes(60) }),
      (elapsed, extension, shift) => {
        const now = START + elapsed;
        const current = END + extension;
        const given: LotEvent[] = [lotScheduled(), offerA];
        if (extension > 0) given.push({ type: 'LotEndExtended', data: { idLot: ID_LOT, endDate: toIso(current), idOffer: 'offer-a' } });
        const state = foldLot(given);
        let events: LotEvent[] = [];
        try {
          events = lotSpec.given(given).when({ type: 'RescheduleLotEnd', endDate: toIso(END + shift), now }).run().events as LotEvent[];
        } catch {
          return;
        }
        const after = foldLot(events, state);
        expect(after.status === 'OPEN' && after.data.endMs).toBeGreaterThanOrEqual(current);
      }));
  });

  it('before its start a lot follows its auction\'s new end, earlier or later', () => {
    const earlier = END - minutes(30);
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: toIso(earlier), now: START - 1 })
      .then([{ type: 'LotEndRescheduled', data: { idLot: ID_LOT, endDate: toIso(earlier) } }]);
  });
});

describe('shown ends (issue 11 item A8)', () => {
  it('a lot bought with buy-now ends at the purchase instant', () => {
    const lot = foldLot([lotScheduled(), ...boughtNow]);
    expect(lot.status).toBe('CLOSED');
    expect(lot.status !== 'NONE' && lot.data.endMs).toBe(BUY_NOW_AT);
  });

  it('the auction\'s shown end is its last lot\'s end: an extension moves it, a withdrawn lot does not count', () => {
    const auction = auctionSpec.given([auctionScheduled(), started()]).when({ type: 'StartAuction', now: START }).run().state;
    const extended = foldLot([lotScheduled(), offerA, { type: 'LotEndExtended', data: { idLot: ID_LOT, endDate: toIso(END + seconds(30)), idOffer: 'offer-a' } }]);
    const plain = foldLot([lotScheduled({ idLot: 'lot-2' })]);
    const withdrawn = foldLot([lotScheduled({ idLot: 'lot-3', endDate: toIso(END + minutes(90)) }), { type: 'LotWithdrawn', data: { idLot: 'lot-3' } }]);
    expect(shownAuctionEndMs(auction, [plain, extended, withdrawn])).toBe(END + seconds(30));
    expect(shownAuctionEndMs(auction, [])).toBe(END);
    const bought = foldLot([lotScheduled(), ...boughtNow]);
    expect(shownAuctionEndMs(auction, [bought])).toBe(BUY_NOW_AT);
  });
});
