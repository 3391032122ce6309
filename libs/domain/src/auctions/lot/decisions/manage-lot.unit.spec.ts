import { describe, expect, it } from 'vitest';
import { toIso } from '../../../shared/time.js';
import {
  END, ID_LOT, START, lotClosed, lotDefinition, lotScheduled, lotSpec, lotWithdrawn, minutes, offerA,
} from '../../../testing/lot-fixtures.test-support.js';

describe('ScheduleLot', () => {
  it('creates a lot', () => {
    lotSpec.given([]).when({ type: 'ScheduleLot', data: lotDefinition() }).then([lotScheduled()]);
  });

  it('accepts an end equal to the start, refuses an end before the start', () => {
    lotSpec.given([]).when({ type: 'ScheduleLot', data: lotDefinition({ endDate: toIso(START) }) }).then([lotScheduled({ endDate: toIso(START) })]);
    lotSpec.given([]).when({ type: 'ScheduleLot', data: lotDefinition({ endDate: toIso(START - 1) }) }).thenThrows('END_BEFORE_START');
  });

  it('repeating the schedule of the same auction is a no-op', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'ScheduleLot', data: lotDefinition() }).thenNothing();
  });

  it('refuses a lot id taken by another auction', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'ScheduleLot', data: lotDefinition({ idAuction: 'auction-2' }) })
      .thenThrows('AUCTION_ALREADY_EXISTS');
  });
});

describe('EditLot', () => {
  const edited = lotDefinition({ basePrice: 4000, buyNowPrice: null });

  it('replaces the definition of a lot without offers', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'EditLot', data: edited }).then([{ type: 'LotEdited', data: edited }]);
    const { state } = lotSpec.given([lotScheduled()]).when({ type: 'EditLot', data: edited }).run();
    expect(state).toMatchObject({ status: 'OPEN', data: { definition: { basePrice: 4000, buyNowPrice: null } } });
  });

  it('refuses a lot with offers or closed', () => {
    lotSpec.given([lotScheduled(), offerA]).when({ type: 'EditLot', data: edited }).thenThrows('AUCTION_NOT_SCHEDULED');
    lotSpec.given([lotScheduled(), lotClosed()]).when({ type: 'EditLot', data: edited }).thenThrows('AUCTION_NOT_SCHEDULED');
  });

  it('refuses an unknown or withdrawn lot', () => {
    lotSpec.given([]).when({ type: 'EditLot', data: edited }).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when({ type: 'EditLot', data: edited }).thenThrows('LOT_NOT_FOUND');
  });
});

describe('WithdrawLot', () => {
  it('withdraws a lot without offers', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'WithdrawLot' }).then([lotWithdrawn]);
  });

  it('withdrawing again is a no-op', () => {
    lotSpec.given([lotScheduled(), lotWithdrawn]).when({ type: 'WithdrawLot' }).thenNothing();
  });

  it('refuses a lot with offers, a closed lot and an unknown lot', () => {
    lotSpec.given([lotScheduled(), offerA]).when({ type: 'WithdrawLot' }).thenThrows('AUCTION_NOT_SCHEDULED');
    lotSpec.given([lotScheduled(), lotClosed()]).when({ type: 'WithdrawLot' }).thenThrows('AUCTION_NOT_SCHEDULED');
    lotSpec.given([]).when({ type: 'WithdrawLot' }).thenThrows('LOT_NOT_FOUND');
  });
});

describe('RescheduleLotEnd (resize-time)', () => {
  const later = toIso(END + minutes(30));

  it('moves the end of an open lot later; earlier only before the lot starts (issue 11 item A3)', () => {
    lotSpec.given([lotScheduled(), offerA]).when({ type: 'RescheduleLotEnd', endDate: later, now: START })
      .then([{ type: 'LotEndRescheduled', data: { idLot: ID_LOT, endDate: later } }]);
    const earlier = toIso(END - minutes(30));
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: earlier, now: START - 1 })
      .then([{ type: 'LotEndRescheduled', data: { idLot: ID_LOT, endDate: earlier } }]);
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: earlier, now: START }).thenNothing();
  });

  it('refuses an end before the start', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: toIso(START - 1), now: START }).thenThrows('END_BEFORE_START');
  });

  it('is a no-op for the same end and on a closed lot', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: toIso(END), now: START }).thenNothing();
    lotSpec.given([lotScheduled(), lotClosed()]).when({ type: 'RescheduleLotEnd', endDate: later, now: START }).thenNothing();
  });

  it('is a no-op on a lot already past its end but not closed yet (no reopening)', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'RescheduleLotEnd', endDate: later, now: END }).thenNothing();
  });

  it('refuses an unknown or withdrawn lot', () => {
    lotSpec.given([]).when({ type: 'RescheduleLotEnd', endDate: later, now: START }).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when({ type: 'RescheduleLotEnd', endDate: later, now: START }).thenThrows('LOT_NOT_FOUND');
  });
});

describe('ObserveLot', () => {
  const observe = (end: boolean) => ({ type: 'ObserveLot' as const, idUser: 'dealer-a', end });
  const observed = { type: 'LotObserved' as const, data: { idLot: ID_LOT, idUser: 'dealer-a' } };

  it('starts and ends an observation', () => {
    lotSpec.given([lotScheduled()]).when(observe(false)).then([observed]);
    lotSpec.given([lotScheduled(), observed]).when(observe(true)).then([{ type: 'LotObservationEnded', data: { idLot: ID_LOT, idUser: 'dealer-a' } }]);
  });

  it('observing twice, or ending an observation that is not there, is a no-op', () => {
    lotSpec.given([lotScheduled(), observed]).when(observe(false)).thenNothing();
    lotSpec.given([lotScheduled()]).when(observe(true)).thenNothing();
  });

  it('a closed lot can still be observed', () => {
    lotSpec.given([lotScheduled(), lotClosed()]).when(observe(false)).then([observed]);
  });

  it('refuses an unknown or withdrawn lot', () => {
    lotSpec.given([]).when(observe(false)).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(observe(false)).thenThrows('LOT_NOT_FOUND');
  });
});
