import { describe, expect, it } from 'vitest';
import { toIso } from '../../../shared/time.js';
import {
  BEFORE, ID_AUCTION, auctionScheduled, auctionSpec, awarded, awardedLot, closed, deleted, followLots, notAwardedLot,
  regulationAccepted, reopened, running, started, toAward,
} from '../../../testing/auction-fixtures.test-support.js';
import { END, START, minutes } from '../../../testing/lot-fixtures.test-support.js';
import { regulationSatisfied } from '../auction.evolve.js';
import type { AuctionEvent } from '../auction.types.js';

describe('StartAuction', () => {
  it('starts a scheduled auction at its start', () => {
    auctionSpec.given([auctionScheduled()]).when({ type: 'StartAuction', now: START }).then([started(START)]);
  });

  it('a timer that fires early or twice changes nothing', () => {
    auctionSpec.given([auctionScheduled()]).when({ type: 'StartAuction', now: START - 1 }).thenNothing();
    auctionSpec.given([auctionScheduled(), started()]).when({ type: 'StartAuction', now: START + 1 }).thenNothing();
    auctionSpec.given([auctionScheduled(), deleted]).when({ type: 'StartAuction', now: START }).thenNothing();
  });

  it('refuses an unknown auction', () => {
    auctionSpec.given([]).when({ type: 'StartAuction', now: START }).thenThrows('AUCTION_NOT_FOUND');
  });
});

describe('RescheduleAuctionEnd (resize-time)', () => {
  const resize = (endMs: number) => ({ type: 'RescheduleAuctionEnd' as const, endDate: toIso(endMs), now: START + minutes(10) });
  const later = END + minutes(30);

  it('moves the end of a scheduled or running auction', () => {
    const event: AuctionEvent = { type: 'AuctionEndRescheduled', data: { idAuction: ID_AUCTION, endDate: toIso(later) } };
    auctionSpec.given([auctionScheduled()]).when(resize(later)).then([event]);
    auctionSpec.given([auctionScheduled(), started()]).when(resize(later)).then([event]);
    expect(auctionSpec.given([auctionScheduled(), started()]).when(resize(later)).run().state).toMatchObject({ status: 'RUN', data: { endMs: later } });
  });

  it('is a no-op for the same end', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(resize(END)).thenNothing();
  });

  it('refuses an end before the start or not a date', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(resize(START - 1)).thenThrows('END_BEFORE_START');
    auctionSpec.given([auctionScheduled(), started()]).when({ type: 'RescheduleAuctionEnd', endDate: 'not a date', now: START }).thenThrows('END_BEFORE_START');
  });

  it('refuses moving a running auction\'s end into the past', () => {
    auctionSpec.given([auctionScheduled(), started()]).when(resize(START + minutes(5))).thenThrows('AUCTION_ENDED');
  });

  it('refuses a closed or awarded auction', () => {
    auctionSpec.given([auctionScheduled(), started(), closed()]).when(resize(later)).thenThrows('AUCTION_ENDED');
    auctionSpec.given([auctionScheduled(), started(), closed(), awarded()]).when(resize(later)).thenThrows('AUCTION_ENDED');
  });

  it('refuses an unknown or deleted auction', () => {
    auctionSpec.given([]).when(resize(later)).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), deleted]).when(resize(later)).thenThrows('AUCTION_NOT_FOUND');
  });
});

describe('AcceptRegulation', () => {
  const accept = { type: 'AcceptRegulation' as const, idUser: 'dealer-a' };

  it('records that a dealer accepted the regulation', () => {
    auctionSpec.given([auctionScheduled()]).when(accept).then([regulationAccepted('dealer-a')]);
    const { state } = auctionSpec.given([auctionScheduled(), started()]).when(accept).run();
    expect(regulationSatisfied(state, 'dealer-a')).toBe(true);
    expect(regulationSatisfied(state, 'dealer-b')).toBe(false);
  });

  it('accepting again is a no-op', () => {
    auctionSpec.given([auctionScheduled(), regulationAccepted('dealer-a')]).when(accept).thenNothing();
  });

  it('an auction without regulation lets everybody bid', () => {
    const { state } = auctionSpec.given([auctionScheduled({ regulationRequired: false })]).when(accept).run();
    expect(regulationSatisfied(state, 'dealer-b')).toBe(true);
  });

  it('refuses an unknown or deleted auction', () => {
    auctionSpec.given([]).when(accept).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), deleted]).when(accept).thenThrows('AUCTION_NOT_FOUND');
  });
});

describe('FollowLots', () => {
  const runningAuction = [auctionScheduled(), started()];

  it('closes a running auction once every lot has ended', () => {
    auctionSpec.given(runningAuction).when(followLots([toAward, toAward])).then([closed(END + 1)]);
  });

  it('closes and awards at once when every lot has ended and none is to be awarded', () => {
    auctionSpec.given(runningAuction).when(followLots([awardedLot, notAwardedLot])).then([closed(END + 1), awarded(END + 1)]);
  });

  it('starts, closes and awards a scheduled auction whose lots are all done', () => {
    auctionSpec.given([auctionScheduled()]).when(followLots([awardedLot], START + 1))
      .then([started(START + 1), closed(START + 1), awarded(START + 1)]);
  });

  it('awards a closed auction once no lot is left to be awarded', () => {
    auctionSpec.given([...runningAuction, closed()]).when(followLots([awardedLot, notAwardedLot])).then([awarded(END + 1)]);
  });

  it('reopens an awarded auction when an award is reverted', () => {
    const given = [...runningAuction, closed(), awarded()];
    auctionSpec.given(given).when(followLots([awardedLot, toAward])).then([reopened]);
    expect(auctionSpec.given(given).when(followLots([awardedLot, toAward])).run().state.status).toBe('CLD');
  });

  it('changes nothing while a lot runs or is to be awarded, or when nothing changed', () => {
    auctionSpec.given(runningAuction).when(followLots([running, awardedLot])).thenNothing();
    auctionSpec.given([...runningAuction, closed()]).when(followLots([awardedLot, toAward])).thenNothing();
    auctionSpec.given([...runningAuction, closed(), awarded()]).when(followLots([awardedLot, notAwardedLot])).thenNothing();
    auctionSpec.given([auctionScheduled()]).when(followLots([running], BEFORE)).thenNothing();
  });

  it('changes nothing for a deleted auction or without lots', () => {
    auctionSpec.given([auctionScheduled(), deleted]).when(followLots([awardedLot])).thenNothing();
    auctionSpec.given(runningAuction).when(followLots([])).thenNothing();
  });

  it('refuses an unknown auction', () => {
    auctionSpec.given([]).when(followLots([toAward])).thenThrows('AUCTION_NOT_FOUND');
  });
});

describe('SetAuctionMessage (auction-message)', () => {
  const set = (message: string) => ({ type: 'SetAuctionMessage' as const, message });
  const messageSet = (message: string | null): AuctionEvent => ({ type: 'AuctionMessageSet', data: { idAuction: ID_AUCTION, message } });

  it('sets the message of a scheduled or running auction, trimmed, and keeps it in the state', () => {
    auctionSpec.given([auctionScheduled()]).when(set('  Pick-up in Milan\nwithin 10 days ')).then([messageSet('Pick-up in Milan\nwithin 10 days')]);
    auctionSpec.given([auctionScheduled(), started()]).when(set('Read the terms')).then([messageSet('Read the terms')]);
    expect(auctionSpec.given([auctionScheduled()]).when(set('Hello')).run().state).toMatchObject({ data: { message: 'Hello' } });
  });

  it('clears it with a blank message; the same message again changes nothing', () => {
    auctionSpec.given([auctionScheduled(), messageSet('Hello')]).when(set('   ')).then([messageSet(null)]);
    auctionSpec.given([auctionScheduled(), messageSet('Hello')]).when(set('Hello')).thenNothing();
    auctionSpec.given([auctionScheduled()]).when(set('')).thenNothing();
  });

  it('refuses a message too long or with a control or bidirectional character', () => {
    auctionSpec.given([auctionScheduled()]).when(set('x'.repeat(2001))).thenThrows('AUCTION_MESSAGE_INVALID');
    auctionSpec.given([auctionScheduled()]).when(set('invoice\u202Efdp.exe')).thenThrows('AUCTION_MESSAGE_INVALID');
    auctionSpec.given([auctionScheduled()]).when(set('a\u0000b')).thenThrows('AUCTION_MESSAGE_INVALID');
    auctionSpec.given([auctionScheduled()]).when(set('x'.repeat(2000))).then([messageSet('x'.repeat(2000))]);
  });

  it('refuses an unknown, deleted or closed auction', () => {
    auctionSpec.given([]).when(set('Hello')).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), deleted]).when(set('Hello')).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), started(), closed()]).when(set('Hello')).thenThrows('AUCTION_ENDED');
    auctionSpec.given([auctionScheduled(), started(), closed(), awarded()]).when(set('Hello')).thenThrows('AUCTION_ENDED');
  });
});

describe('SetAuctionFileMessage (file-message)', () => {
  const fileSet = (idFile: string | null): AuctionEvent => ({ type: 'AuctionFileMessageSet', data: { idAuction: ID_AUCTION, idFile } });

  it('sets, replaces and removes the regulation document of a scheduled or running auction', () => {
    auctionSpec.given([auctionScheduled()]).when({ type: 'SetAuctionFileMessage', idFile: 'f1' }).then([fileSet('f1')]);
    auctionSpec.given([auctionScheduled(), started(), fileSet('f1')]).when({ type: 'SetAuctionFileMessage', idFile: 'f2' }).then([fileSet('f2')]);
    auctionSpec.given([auctionScheduled(), fileSet('f1')]).when({ type: 'SetAuctionFileMessage', idFile: null }).then([fileSet(null)]);
    expect(auctionSpec.given([auctionScheduled()]).when({ type: 'SetAuctionFileMessage', idFile: 'f1' }).run().state).toMatchObject({ data: { idFileMessage: 'f1' } });
  });

  it('changes nothing for the same file or removing none', () => {
    auctionSpec.given([auctionScheduled(), fileSet('f1')]).when({ type: 'SetAuctionFileMessage', idFile: 'f1' }).thenNothing();
    auctionSpec.given([auctionScheduled()]).when({ type: 'SetAuctionFileMessage', idFile: null }).thenNothing();
  });

  it('refuses an unknown, deleted or closed auction', () => {
    auctionSpec.given([]).when({ type: 'SetAuctionFileMessage', idFile: 'f1' }).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), deleted]).when({ type: 'SetAuctionFileMessage', idFile: 'f1' }).thenThrows('AUCTION_NOT_FOUND');
    auctionSpec.given([auctionScheduled(), started(), closed()]).when({ type: 'SetAuctionFileMessage', idFile: null }).thenThrows('AUCTION_ENDED');
  });
});
