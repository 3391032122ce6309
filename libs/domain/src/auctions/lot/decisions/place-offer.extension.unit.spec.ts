import { describe, it } from 'vitest';
import { toIso } from '../../../shared/time.js';
import { END, ID_LOT, lotScheduled, lotSpec, offerA, offerPlaced, placeOffer, seconds } from '../../../testing/lot-fixtures.test-support.js';
import type { LotEvent } from '../lot.types.js';

const extended = (endMs: number, idOffer = 'offer-1'): LotEvent =>
  ({ type: 'LotEndExtended', data: { idLot: ID_LOT, endDate: toIso(endMs), idOffer } });

describe('PlaceOffer: extension window (60 s window, 60 s extension)', () => {
  it('an offer inside the window moves the end to now + extendSeconds', () => {
    const now = END - seconds(30);
    lotSpec.given([lotScheduled()]).when(placeOffer({ now })).then([offerPlaced({ now }), extended(now + seconds(60))]);
  });

  it('an offer in the last millisecond extends too', () => {
    const now = END - 1;
    lotSpec.given([lotScheduled()]).when(placeOffer({ now })).then([offerPlaced({ now }), extended(now + seconds(60))]);
  });

  it('an offer outside the window does not move the end', () => {
    const now = END - seconds(61);
    lotSpec.given([lotScheduled()]).when(placeOffer({ now })).then([offerPlaced({ now })]);
  });

  it('an offer exactly at the window edge lands on the same end, so nothing moves', () => {
    const now = END - seconds(60);
    lotSpec.given([lotScheduled()]).when(placeOffer({ now })).then([offerPlaced({ now })]);
  });

  it('windowSeconds 0 turns the extension off', () => {
    const now = END - 1;
    lotSpec.given([lotScheduled({ windowSeconds: 0 })]).when(placeOffer({ now })).then([offerPlaced({ now })]);
  });

  it('never brings the end earlier (extension shorter than what is left)', () => {
    const now = END - seconds(90);
    lotSpec.given([lotScheduled({ windowSeconds: 120, extendSeconds: 30 })]).when(placeOffer({ now })).then([offerPlaced({ now })]);
  });

  it('the extended end is in force: offers after the planned end are accepted until it, then refused', () => {
    const first = offerPlaced({ idOffer: 'o-1', amount: 5000, now: END - seconds(10) });
    const given = [lotScheduled(), first, extended(END + seconds(50), 'o-1')];
    const now = END + seconds(20);
    lotSpec.given(given).when(placeOffer({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5100, now }))
      .then([offerPlaced({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5100, now }), extended(now + seconds(60), 'o-2')]);
    lotSpec.given(given).when(placeOffer({ idOffer: 'o-2', amount: 5100, now: END + seconds(50) })).thenThrows('LOT_ENDED');
  });

  it('a refused offer inside the window does not extend anything', () => {
    lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ amount: 5050, now: END - seconds(5) })).thenThrows('OFFER_BELOW_MIN_INCREMENT');
  });
});
