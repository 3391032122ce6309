import { describe, expect, it } from 'vitest';
import {
  END, boughtNow, lotAwarded, lotClosed, lotNotAwarded, lotScheduled, lotSpec, lotWithdrawn, offerA, offerB,
} from '../../../testing/lot-fixtures.test-support.js';

const notAward = { type: 'NotAwardLot' as const, now: END + 1 };
const revert = { type: 'RevertLotAward' as const };
const closedWithOffers = [lotScheduled(), offerA, offerB, lotClosed()];

describe('NotAwardLot', () => {
  it('marks a closed lot to be awarded as not awarded', () => {
    lotSpec.given(closedWithOffers).when(notAward).then([lotNotAwarded]);
    lotSpec.given([lotScheduled(), lotClosed()]).when(notAward).then([lotNotAwarded]);
  });

  it('is a no-op on a lot already not awarded', () => {
    lotSpec.given([...closedWithOffers, lotNotAwarded]).when(notAward).thenNothing();
  });

  it('refuses an awarded lot (revert first) and a bought-now lot', () => {
    lotSpec.given([...closedWithOffers, lotAwarded(offerB)]).when(notAward).thenThrows('LOT_ALREADY_AWARDED');
    lotSpec.given([lotScheduled(), ...boughtNow]).when(notAward).thenThrows('LOT_ALREADY_AWARDED');
  });

  it('refuses an open, unknown or withdrawn lot', () => {
    lotSpec.given([lotScheduled(), offerA]).when(notAward).thenThrows('LOT_NOT_ENDED');
    lotSpec.given([]).when(notAward).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(notAward).thenThrows('LOT_NOT_FOUND');
  });
});

describe('RevertLotAward', () => {
  it('puts an awarded lot back to be awarded', () => {
    lotSpec.given([...closedWithOffers, lotAwarded(offerB)]).when(revert)
      .then([{ type: 'LotAwardReverted', data: { idLot: 'lot-1', previous: 'AWA' } }]);
  });

  it('puts a not-awarded lot back to be awarded', () => {
    lotSpec.given([...closedWithOffers, lotNotAwarded]).when(revert)
      .then([{ type: 'LotAwardReverted', data: { idLot: 'lot-1', previous: 'NAW' } }]);
  });

  it('after a revert the lot can be awarded to another offer', () => {
    const { state } = lotSpec.given([...closedWithOffers, lotAwarded(offerB)]).when(revert).run();
    expect(state).toMatchObject({ status: 'CLOSED', award: { status: 'TBA' } });
    lotSpec.given([...closedWithOffers, lotAwarded(offerB), { type: 'LotAwardReverted', data: { idLot: 'lot-1', previous: 'AWA' } }])
      .when({ type: 'AwardLot', idOffer: 'offer-a', now: END + 2 }).then([lotAwarded(offerA)]);
  });

  it('is a no-op on a lot still to be awarded', () => {
    lotSpec.given(closedWithOffers).when(revert).thenNothing();
  });

  it('refuses to revert a lot bought with buy-now', () => {
    lotSpec.given([lotScheduled(), offerA, ...boughtNow]).when(revert).thenThrows('LOT_BOUGHT_NOW');
  });

  it('refuses an open, unknown or withdrawn lot', () => {
    lotSpec.given([lotScheduled(), offerA]).when(revert).thenThrows('LOT_NOT_ENDED');
    lotSpec.given([]).when(revert).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(revert).thenThrows('LOT_NOT_FOUND');
  });
});
