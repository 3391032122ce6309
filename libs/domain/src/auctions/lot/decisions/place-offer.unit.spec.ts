import { describe, expect, it } from 'vitest';
import {
  END, START, lotClosed, lotScheduled, lotSpec, lotWithdrawn, minutes, offerA, offerPlaced, placeOffer,
} from '../../../testing/lot-fixtures.test-support.js';
import { RECENT_KEYS_PER_DEALER } from '../lot.evolve.js';

describe('PlaceOffer: amounts', () => {
  it('accepts a first offer at the base price', () => {
    lotSpec.given([lotScheduled()]).when(placeOffer({ amount: 5000 })).then([offerPlaced({ amount: 5000 })]);
  });

  it('accepts a first offer above the base price, even off the increment grid', () => {
    lotSpec.given([lotScheduled()]).when(placeOffer({ amount: 5123.45 })).then([offerPlaced({ amount: 5123.45 })]);
  });

  it('refuses a first offer below the base price', () => {
    lotSpec.given([lotScheduled()]).when(placeOffer({ amount: 4999.99 })).thenThrows('OFFER_BELOW_BASE');
  });

  it('accepts a later offer at best + minimum increment', () => {
    lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ idUser: 'dealer-b', amount: 5100 }))
      .then([offerPlaced({ idUser: 'dealer-b', amount: 5100 })]);
  });

  it('refuses a later offer below best + minimum increment, and one equal to the best', () => {
    lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ amount: 5099.99 })).thenThrows('OFFER_BELOW_MIN_INCREMENT');
    lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ amount: 5000 })).thenThrows('OFFER_BELOW_MIN_INCREMENT');
  });

  it('lets the leader raise its own offer by the increment', () => {
    lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ idUser: 'dealer-a', amount: 5100 }))
      .then([offerPlaced({ idUser: 'dealer-a', amount: 5100 })]);
  });

  it('compares money in whole cents (0.1 + 0.2 reaches a minimum of 0.30)', () => {
    const cents = lotScheduled({ basePrice: 0.1, minIncrement: 0.2, reservePrice: null, buyNowPrice: null });
    const first = offerPlaced({ amount: 0.1 });
    lotSpec.given([cents, first]).when(placeOffer({ idOffer: 'o-2', amount: 0.3 })).then([offerPlaced({ idOffer: 'o-2', amount: 0.3 })]);
    // 0.1 + 0.2 is 0.30000000000000004: not a whole number of cents, so not money (a JSON "0.3" parses to 0.3).
    lotSpec.given([cents, first]).when(placeOffer({ idOffer: 'o-2', amount: 0.1 + 0.2 })).thenThrows('INVALID_AMOUNT');
    lotSpec.given([cents, first]).when(placeOffer({ idOffer: 'o-2', amount: 0.29 })).thenThrows('OFFER_BELOW_MIN_INCREMENT');
    const odd = lotScheduled({ basePrice: 1.1, minIncrement: 2.2 });
    lotSpec.given([odd, offerPlaced({ amount: 1.1 })]).when(placeOffer({ idOffer: 'o-2', amount: 3.3 }))
      .then([offerPlaced({ idOffer: 'o-2', amount: 3.3 })]);
  });

  it('refuses amounts that are not positive or have more than two decimals', () => {
    for (const amount of [0, -5000, 5000.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      lotSpec.given([lotScheduled()]).when(placeOffer({ amount })).thenThrows('INVALID_AMOUNT');
    }
  });

  it('keeps the best offer, the count and the leader up to date', () => {
    const { state } = lotSpec.given([lotScheduled(), offerA]).when(placeOffer({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5200 })).run();
    expect(state.status).toBe('OPEN');
    if (state.status !== 'OPEN') return;
    expect(state.data.best).toMatchObject({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5200 });
    expect(state.data.offersCount).toBe(2);
    expect(state.data.dealers['dealer-b']).toMatchObject({ bestAmount: 5200, bestOfferId: 'o-2' });
  });
});

describe('PlaceOffer: when the lot accepts offers', () => {
  it('refuses an offer before the start, accepts one at the start', () => {
    lotSpec.given([lotScheduled()]).when(placeOffer({ now: START - 1 })).thenThrows('LOT_NOT_RUNNING');
    lotSpec.given([lotScheduled()]).when(placeOffer({ now: START })).then([offerPlaced({ now: START })]);
  });

  it('accepts an offer one millisecond before the end, refuses one at and after the end', () => {
    const noWindow = lotScheduled({ windowSeconds: 0 });
    lotSpec.given([noWindow]).when(placeOffer({ now: END - 1 })).then([offerPlaced({ now: END - 1 })]);
    lotSpec.given([noWindow]).when(placeOffer({ now: END })).thenThrows('LOT_ENDED');
    lotSpec.given([noWindow]).when(placeOffer({ now: END + minutes(5) })).thenThrows('LOT_ENDED');
  });

  it('refuses an offer on a closed lot', () => {
    lotSpec.given([lotScheduled(), offerA, lotClosed()]).when(placeOffer({ amount: 6000, now: END + 1 })).thenThrows('LOT_ENDED');
  });

  it('refuses an offer on a closed lot even before its planned end', () => {
    lotSpec.given([lotScheduled(), offerA, lotClosed(START + minutes(7))]).when(placeOffer({ amount: 6000 })).thenThrows('LOT_ENDED');
  });

  it('refuses an offer from a dealer who has not accepted a required regulation', () => {
    lotSpec.given([lotScheduled()]).when(placeOffer({ regulationAccepted: false })).thenThrows('REGULATION_NOT_ACCEPTED');
  });

  it('refuses an offer on an unknown or withdrawn lot', () => {
    lotSpec.given([]).when(placeOffer()).thenThrows('LOT_NOT_FOUND');
    lotSpec.given([lotScheduled(), lotWithdrawn]).when(placeOffer()).thenThrows('LOT_NOT_FOUND');
  });
});

describe('PlaceOffer: idempotency key', () => {
  const keyed = offerPlaced({ idOffer: 'o-1', amount: 5000, idempotencyKey: 'key-1' });

  it('treats a retry with a known key as a no-op', () => {
    lotSpec.given([lotScheduled(), keyed]).when(placeOffer({ idOffer: 'o-1-retry', amount: 5000, idempotencyKey: 'key-1' })).thenNothing();
  });

  it('is still a no-op when the retry arrives after the end', () => {
    lotSpec.given([lotScheduled(), keyed, lotClosed()])
      .when(placeOffer({ idOffer: 'o-1-retry', idempotencyKey: 'key-1', now: END + 1 })).thenNothing();
  });

  it('remembers keys per dealer: the same key from another dealer is a new offer', () => {
    lotSpec.given([lotScheduled(), keyed]).when(placeOffer({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5100, idempotencyKey: 'key-1' }))
      .then([offerPlaced({ idOffer: 'o-2', idUser: 'dealer-b', amount: 5100, idempotencyKey: 'key-1' })]);
  });

  it('without a key, repeating the same command is a new (here refused) offer', () => {
    lotSpec.given([lotScheduled(), offerPlaced()]).when(placeOffer()).thenThrows('OFFER_BELOW_MIN_INCREMENT');
  });

  it(`forgets a key after ${RECENT_KEYS_PER_DEALER} newer keys of the same dealer`, () => {
    const newer = Array.from({ length: RECENT_KEYS_PER_DEALER }, (_, i) =>
      offerPlaced({ idOffer: `o-${i + 2}`, amount: 5100 + 100 * i, idempotencyKey: `key-${i + 2}`, now: START + minutes(11 + i) }));
    lotSpec.given([lotScheduled(), keyed, ...newer]).when(placeOffer({ idempotencyKey: 'key-1' })).thenThrows('OFFER_BELOW_MIN_INCREMENT');
    lotSpec.given([lotScheduled(), keyed, ...newer.slice(1)]).when(placeOffer({ idempotencyKey: 'key-1' })).thenNothing();
  });
});

describe('PlaceOffer: two offers of the same amount', () => {
  it('keeps the first one stored as the best (minimum increment 0)', () => {
    const flat = lotScheduled({ minIncrement: 0 });
    const { events, state } = lotSpec.given([flat, offerA])
      .when(placeOffer({ idOffer: 'o-same', idUser: 'dealer-b', amount: 5000 })).run();
    expect(events).toHaveLength(1);
    expect(state.status === 'OPEN' && state.data.best?.idOffer).toBe(offerA.data.idOffer);
  });

  it('refuses an amount that differs from whole cents by float noise, and an amount finer than a cent', () => {
    const flat = lotScheduled({ basePrice: 0.3, minIncrement: 0.01, reservePrice: null, buyNowPrice: null });
    const first = offerPlaced({ idOffer: 'o-first', amount: 0.3 });
    lotSpec.given([flat, first]).when(placeOffer({ idOffer: 'o-noise', idUser: 'dealer-b', amount: 0.1 + 0.2 })).thenThrows('INVALID_AMOUNT');
    lotSpec.given([flat, first]).when(placeOffer({ idOffer: 'o-fine', idUser: 'dealer-b', amount: 1000.000000001 })).thenThrows('INVALID_AMOUNT');
  });
});

describe('PlaceOffer: the seller cannot bid on its own lots', () => {
  const sold = lotScheduled({ idOwner: 'owner-1', idSellerDealer: 'D-SELLER' });

  it('refuses an offer from a user of the seller\'s dealer (a user the auctioneer invited), and from the owner', () => {
    lotSpec.given([sold]).when(placeOffer({ idUser: 'invited-1', idDealer: 'D-SELLER' })).thenThrows('SELLER_CANNOT_BID');
    lotSpec.given([sold, offerA]).when(placeOffer({ idUser: 'invited-1', idDealer: 'D-SELLER', amount: 5100 })).thenThrows('SELLER_CANNOT_BID');
    lotSpec.given([sold]).when(placeOffer({ idUser: 'owner-1', idDealer: null })).thenThrows('SELLER_CANNOT_BID');
    lotSpec.given([sold]).when(placeOffer({ idUser: 'invited-1', idDealer: 'D-SELLER', amount: 9000, clickAndBuy: true })).thenThrows('SELLER_CANNOT_BID');
  });

  it('accepts an offer from a user of another dealer', () => {
    lotSpec.given([sold]).when(placeOffer({ idUser: 'dealer-a', idDealer: 'D-A' })).then([offerPlaced({ idUser: 'dealer-a', idDealer: 'D-A' })]);
  });

  it('on a lot scheduled before the seller was recorded, refuses only the owner', () => {
    const old = lotScheduled({ idOwner: 'owner-1' });
    lotSpec.given([old]).when(placeOffer({ idUser: 'owner-1', idDealer: 'D-SELLER' })).thenThrows('SELLER_CANNOT_BID');
    lotSpec.given([old]).when(placeOffer({ idUser: 'dealer-a', idDealer: 'D-SELLER' })).then([offerPlaced({ idUser: 'dealer-a', idDealer: 'D-SELLER' })]);
  });

  it('is a no-op for a retried key even on the seller\'s side (nothing new is decided)', () => {
    const keyed = offerPlaced({ idUser: 'invited-1', idempotencyKey: 'k-1' });
    lotSpec.given([lotScheduled({ idOwner: 'owner-1' }), keyed]).when(placeOffer({ idUser: 'invited-1', idDealer: 'D-SELLER', idempotencyKey: 'k-1' })).then([]);
  });
});
