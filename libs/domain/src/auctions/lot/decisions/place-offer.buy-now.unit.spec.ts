import { describe, expect, it } from 'vitest';
import {
  BUY_NOW_AT, END, START, boughtNow, buyNowOffer, lotAwarded, lotClosed, lotScheduled, lotSpec, minutes, offerA, offerB,
  offerPlaced, placeOffer,
} from '../../../testing/lot-fixtures.test-support.js';

const buyNow = (overrides: Parameters<typeof placeOffer>[0] = {}) =>
  placeOffer({ idOffer: 'offer-c', idUser: 'dealer-c', amount: 9000, clickAndBuy: true, now: BUY_NOW_AT, ...overrides });

describe('PlaceOffer with click-and-buy', () => {
  it('buys at the buy-now price: the offer, the close and the award at once', () => {
    lotSpec.given([lotScheduled()]).when(buyNow()).then(boughtNow);
  });

  it('is available while the best offer is below the buy-now price', () => {
    lotSpec.given([lotScheduled(), offerA, offerB]).when(buyNow()).then(boughtNow);
  });

  it('refuses an amount other than the buy-now price', () => {
    lotSpec.given([lotScheduled()]).when(buyNow({ amount: 8999.99 })).thenThrows('BUY_NOW_PRICE_MISMATCH');
    lotSpec.given([lotScheduled()]).when(buyNow({ amount: 9100 })).thenThrows('BUY_NOW_PRICE_MISMATCH');
  });

  it('matches the buy-now price in cents', () => {
    const cents = lotScheduled({ basePrice: 0.1, minIncrement: 0.1, reservePrice: null, buyNowPrice: 0.3 });
    const offer = offerPlaced({ idOffer: 'c', amount: 0.3, clickAndBuy: true, now: BUY_NOW_AT });
    lotSpec.given([cents]).when(placeOffer({ idOffer: 'c', amount: 0.3, clickAndBuy: true, now: BUY_NOW_AT }))
      .then([offer, lotClosed(BUY_NOW_AT, 'BUY_NOW'), lotAwarded(offer, 'BUY_NOW')]);
    lotSpec.given([cents]).when(placeOffer({ idOffer: 'c', amount: 0.1 + 0.2, clickAndBuy: true, now: BUY_NOW_AT })).thenThrows('INVALID_AMOUNT');
  });

  it('is not available on a lot without a buy-now price', () => {
    lotSpec.given([lotScheduled({ buyNowPrice: null })]).when(buyNow()).thenThrows('BUY_NOW_NOT_AVAILABLE');
  });

  it('is not available once the best offer has reached the buy-now price', () => {
    const atBuyNow = offerPlaced({ idOffer: 'o-9000', amount: 9000 });
    lotSpec.given([lotScheduled(), atBuyNow]).when(buyNow()).thenThrows('BUY_NOW_NOT_AVAILABLE');
    const above = offerPlaced({ idOffer: 'o-9500', amount: 9500 });
    lotSpec.given([lotScheduled(), above]).when(buyNow()).thenThrows('BUY_NOW_NOT_AVAILABLE');
  });

  it('closes the lot for everybody else and for a second buy-now', () => {
    lotSpec.given([lotScheduled(), ...boughtNow]).when(placeOffer({ amount: 9100, now: BUY_NOW_AT + 1 })).thenThrows('LOT_ENDED');
    lotSpec.given([lotScheduled(), ...boughtNow]).when(buyNow({ idOffer: 'o-x', idUser: 'dealer-d', now: BUY_NOW_AT + 1 }))
      .thenThrows('LOT_ENDED');
  });

  it('does not extend the end, even inside the extension window', () => {
    const offer = offerPlaced({ idOffer: 'offer-c', idUser: 'dealer-c', amount: 9000, clickAndBuy: true, now: END - 1000 });
    lotSpec.given([lotScheduled()]).when(buyNow({ now: END - 1000 }))
      .then([offer, lotClosed(END - 1000, 'BUY_NOW'), lotAwarded(offer, 'BUY_NOW')]);
  });

  it('follows the same time and regulation rules as an offer', () => {
    lotSpec.given([lotScheduled()]).when(buyNow({ now: START - minutes(1) })).thenThrows('LOT_NOT_RUNNING');
    lotSpec.given([lotScheduled()]).when(buyNow({ now: END })).thenThrows('LOT_ENDED');
    lotSpec.given([lotScheduled()]).when(buyNow({ regulationAccepted: false })).thenThrows('REGULATION_NOT_ACCEPTED');
  });

  it('a retry of a buy-now with its idempotency key is a no-op', () => {
    const keyed = offerPlaced({ idOffer: 'offer-c', idUser: 'dealer-c', amount: 9000, clickAndBuy: true, now: BUY_NOW_AT, idempotencyKey: 'k' });
    lotSpec.given([lotScheduled(), keyed, lotClosed(BUY_NOW_AT, 'BUY_NOW'), lotAwarded(keyed, 'BUY_NOW')])
      .when(buyNow({ idempotencyKey: 'k', now: BUY_NOW_AT + 500 })).thenNothing();
  });

  it('leaves the lot closed and awarded to the buyer at the buy-now price', () => {
    const { state } = lotSpec.given([lotScheduled(), offerA]).when(buyNow()).run();
    expect(state).toMatchObject({
      status: 'CLOSED', closedAtMs: BUY_NOW_AT,
      award: { status: 'AWA', idOffer: buyNowOffer.data.idOffer, idUser: 'dealer-c', amount: 9000 },
      data: { best: { idOffer: 'offer-c', clickAndBuy: true }, offersCount: 2 },
    });
  });
});
