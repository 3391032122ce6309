import { describe, expect, it } from 'vitest';
import { END, START, boughtNow, lotClosed, lotScheduled, lotSpec, lotWithdrawn, minutes, offerA } from '../../../testing/lot-fixtures.test-support.js';
import { toIso } from '../../../shared/time.js';

describe('CloseLot', () => {
  it('closes an open lot at its end, dated at the end (not at the timer)', () => {
    lotSpec.given([lotScheduled(), offerA]).when({ type: 'CloseLot', now: END }).then([lotClosed(END)]);
    lotSpec.given([lotScheduled()]).when({ type: 'CloseLot', now: END + minutes(3) }).then([lotClosed(END)]);
  });

  it('closes at the extended end, not before', () => {
    const extendedEnd = END + minutes(1);
    const given = [lotScheduled(), offerA, { type: 'LotEndExtended' as const, data: { idLot: 'lot-1', endDate: toIso(extendedEnd), idOffer: 'offer-a' } }];
    lotSpec.given(given).when({ type: 'CloseLot', now: END }).thenNothing();
    lotSpec.given(given).when({ type: 'CloseLot', now: extendedEnd }).then([lotClosed(extendedEnd)]);
  });

  it('a timer that fires before the end changes nothing', () => {
    lotSpec.given([lotScheduled()]).when({ type: 'CloseLot', now: END - 1 }).thenNothing();
    lotSpec.given([lotScheduled()]).when({ type: 'CloseLot', now: START }).thenNothing();
  });

  it('closing again, a bought-now lot or a withdrawn lot changes nothing', () => {
    lotSpec.given([lotScheduled(), lotClosed()]).when({ type: 'CloseLot', now: END + 1 }).thenNothing();
    lotSpec.given([lotScheduled(), ...boughtNow]).when({ type: 'CloseLot', now: END }).thenNothing();
    lotSpec.given([lotScheduled(), lotWithdrawn]).when({ type: 'CloseLot', now: END }).thenNothing();
  });

  it('refuses to close an unknown lot', () => {
    lotSpec.given([]).when({ type: 'CloseLot', now: END }).thenThrows('LOT_NOT_FOUND');
  });

  it('a closed lot is to be awarded', () => {
    const { state } = lotSpec.given([lotScheduled(), offerA]).when({ type: 'CloseLot', now: END }).run();
    expect(state).toMatchObject({ status: 'CLOSED', closedAtMs: END, award: { status: 'TBA' } });
  });
});
