import { describe, expect, it } from 'vitest';
import { toIso } from '../../../shared/time.js';
import {
  BEFORE, ID_AUCTION, auctionDefinition, auctionScheduled, auctionSpec, closed, deleted, scheduleAuction, started,
} from '../../../testing/auction-fixtures.test-support.js';
import { END, START, minutes } from '../../../testing/lot-fixtures.test-support.js';

describe('ScheduleAuction', () => {
  it('creates a scheduled auction when its start is ahead', () => {
    auctionSpec.given([]).when(scheduleAuction()).then([auctionScheduled()]);
    const { state } = auctionSpec.given([]).when(scheduleAuction()).run();
    expect(state).toMatchObject({ status: 'SCH', data: { idAuction: ID_AUCTION, startMs: START, endMs: END } });
  });

  it('starts at once when its start is past (or now), recording the real start (issue 21 item 12)', () => {
    const now = START + minutes(5);
    auctionSpec.given([]).when(scheduleAuction({}, now)).then([auctionScheduled({ startDate: toIso(now) }), started(now)]);
    auctionSpec.given([]).when(scheduleAuction({}, START)).then([auctionScheduled(), started(START)]);
    expect(auctionSpec.given([]).when(scheduleAuction({}, now)).run().state.status).toBe('RUN');
  });

  it('refuses an end before the start, an end already past, and an auction without lots', () => {
    auctionSpec.given([]).when(scheduleAuction({ endDate: toIso(START - 1) })).thenThrows('END_BEFORE_START');
    auctionSpec.given([]).when(scheduleAuction({}, END)).thenThrows('AUCTION_ENDED');
    auctionSpec.given([]).when(scheduleAuction({ lotIds: [] })).thenThrows('AUCTION_WITHOUT_LOTS');
  });

  it('repeating the creation by the same owner is a no-op', () => {
    auctionSpec.given([auctionScheduled()]).when(scheduleAuction()).thenNothing();
  });

  it('refuses an auction id taken by another owner', () => {
    auctionSpec.given([auctionScheduled()])
      .when({ type: 'ScheduleAuction', idAuction: ID_AUCTION, idOwner: 'owner-2', definition: auctionDefinition(), now: BEFORE })
      .thenThrows('AUCTION_ALREADY_EXISTS');
  });
});

describe('EditAuction', () => {
  const edit = (overrides = {}, now = BEFORE) => ({ type: 'EditAuction' as const, definition: auctionDefinition(overrides), now });
  const renamed = { auctionName: 'Week 48', lotIds: ['lot-1'] };

  it('replaces the definition while scheduled', () => {
    auctionSpec.given([auctionScheduled()]).when(edit(renamed))
      .then([{ type: 'AuctionEdited', data: { ...auctionDefinition(renamed), idAuction: ID_AUCTION } }]);
  });

  it('starts the auction at once when the new start is past', () => {
    const now = START + minutes(1);
    auctionSpec.given([auctionScheduled()]).when(edit(renamed, now))
      .then([{ type: 'AuctionEdited', data: { ...auctionDefinition(renamed), startDate: toIso(now), idAuction: ID_AUCTION } }, started(now)]);
  });

  it('refuses a running, closed or deleted auction, and an unknown one', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(edit(renamed)).thenThrows('AUCTION_NOT_SCHEDULED');
    auctionSpec.given([auctionScheduled(), started(), closed()]).when(edit(renamed)).thenThrows('AUCTION_NOT_SCHEDULED');
    auctionSpec.given([auctionScheduled(), deleted]).when(edit(renamed)).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([]).when(edit(renamed)).thenThrows('AUCTION_NOT_FOUND');
  });

  it('checks the new definition like a creation', () => {
    auctionSpec.given([auctionScheduled()]).when(edit({ lotIds: [] })).thenThrows('AUCTION_WITHOUT_LOTS');
    auctionSpec.given([auctionScheduled()]).when(edit({ endDate: toIso(START - 1) })).thenThrows('END_BEFORE_START');
    auctionSpec.given([auctionScheduled()]).when(edit({}, END + 1)).thenThrows('AUCTION_ENDED');
  });
});

describe('DeleteAuction', () => {
  const del = { type: 'DeleteAuction' as const, now: BEFORE };

  it('deletes a scheduled auction', () => {
    auctionSpec.given([auctionScheduled()]).when(del).then([deleted]);
    expect(auctionSpec.given([auctionScheduled()]).when(del).run().state.status).toBe('DELETED');
  });

  it('deleting again is a no-op', () => {
    auctionSpec.given([auctionScheduled(), deleted]).when(del).thenNothing();
  });

  it('refuses a running or closed auction, and an unknown one', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(del).thenThrows('AUCTION_NOT_SCHEDULED');
    auctionSpec.given([auctionScheduled(), started(), closed()]).when(del).thenThrows('AUCTION_NOT_SCHEDULED');
    auctionSpec.given([]).when(del).thenThrows('AUCTION_NOT_FOUND');
  });
});
