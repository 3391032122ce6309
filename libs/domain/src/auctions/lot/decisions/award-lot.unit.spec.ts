import { describe, it } from 'vitest';
import {
  END, boughtNow, lotAwarded, lotClosed, lotNotAwarded, lotScheduled, lotSpec, lotWithdrawn, offerA, offerB, offerPlaced,
} from '../../../testing/lot-fixtures.test-support.js';

const award = (idOffer: string) => ({ type: 'AwardLot' as const, idOffer, now: END + 1 });
const awardAll = { type: 'AwardLotIfReserveMet' as const, now: END + 1 };
const closedWithOffers = [lotScheduled(), offerA, offerB, lotClosed()];

describe('AwardLot (the owner picks an offer)', () => {
  it('awards a closed lot to its best offer', () => {
    lotSpec.given(closedWithOffers).when(award('offer-b')).then([lotAwarded(offerB)]);
  });

  it('may award a closed lot to an offer that is not the best, below the reserve too', () => {
    lotSpec.given(closedWithOffers).when(award('offer-a')).then([lotAwarded(offerA)]);
  });

  it('awarding the same offer again is a no-op', () => {
    lotSpec.given([...closedWithOffers, lotAwarded(offerB)]).when(award('offer-b')).thenNothing();
  });

  it('refuses another offer once awarded, and a not-awarded lot', () => {
    lotSpec.given([...closedWithOffers, lotAwarded(offerB)]).when(award('offer-a')).thenThrows('LOT_ALREADY_AWARDED');
    lotSpec.given([...closedWithOffers, lotNotAwarded]).when(award('offer-b')).thenThrows('LOT_ALREADY_AWARDED');
  });

  it('refuses an offer the lot does not have', () => {
    lotSpec.given(closedWithOffers).when(award('offer-zz')).thenThrows('OFFER_NOT_FOUND');
  });

  it('refuses to award a lot still open, unknown or withdrawn', () => {
    lotSpec.given([lotScheduled(), offerA]).when(award('offer-a')).thenThrows('LOT_NOT_ENDED');
    lotSpec.given([]).when(award('offer-a')).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(award('offer-a')).thenThrows('LOT_NOT_FOUND');
  });

  it('refuses to award a lot bought now to another offer', () => {
    lotSpec.given([lotScheduled(), offerA, ...boughtNow]).when(award('offer-a')).thenThrows('LOT_ALREADY_AWARDED');
  });
});

describe('AwardLotIfReserveMet (award all)', () => {
  it('awards the best offer when it meets the reserve', () => {
    const high = offerPlaced({ idOffer: 'offer-h', idUser: 'dealer-b', amount: 6500 });
    lotSpec.given([lotScheduled(), offerA, high, lotClosed()]).when(awardAll).then([lotAwarded(high, 'RESERVE_MET')]);
  });

  it('awards the best offer of a lot without reserve', () => {
    lotSpec.given([lotScheduled({ reservePrice: null }), offerA, offerB, lotClosed()]).when(awardAll).then([lotAwarded(offerB, 'RESERVE_MET')]);
  });

  it('compares the reserve in cents', () => {
    const cents = lotScheduled({ basePrice: 0.1, minIncrement: 0.1, reservePrice: 0.3, buyNowPrice: null });
    const best = offerPlaced({ idOffer: 'o-best', amount: 0.1 + 0.2 });
    lotSpec.given([cents, best, lotClosed()]).when(awardAll).then([lotAwarded(best, 'RESERVE_MET')]);
  });

  it('leaves a lot whose best is below the reserve, or without offers, to be awarded', () => {
    lotSpec.given(closedWithOffers).when(awardAll).thenNothing();
    lotSpec.given([lotScheduled(), lotClosed()]).when(awardAll).thenNothing();
  });

  it('leaves open, decided, unknown and withdrawn lots as they are', () => {
    lotSpec.given([lotScheduled({ reservePrice: null }), offerA]).when(awardAll).thenNothing();
    lotSpec.given([...closedWithOffers, lotAwarded(offerA)]).when(awardAll).thenNothing();
    lotSpec.given([...closedWithOffers, lotNotAwarded]).when(awardAll).thenNothing();
    lotSpec.given([]).when(awardAll).thenNothing();
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(awardAll).thenNothing();
  });
});
