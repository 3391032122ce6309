import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LotView } from '@auction/contracts';
import { lotMachine } from './lot.machine.js';
import { acceptedResponse, lotMessage, outbidMessage } from './test-fixtures.js';

/**
 * A view ahead of the live lot messages (an accepted answer, an outbid notice, the notice of an own offer from another
 * device): what older messages may and may not undo. Best offers only grow, whatever the lot's status: a message with a
 * lower best offer is older than what the view shows, even when it says the lot closed (its status is the server's
 * clock at publishing: an offer that arrived before the end is appended, and answered, after it).
 */
function dealerAt(lot: LotView) {
  const actor = createActor(lotMachine, { input: { lot, viewer: 'dealer' } });
  actor.start();
  return { actor, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

const END = '2030-01-01T10:00:00.000Z';

describe('lotMachine: a view ahead of the live messages', () => {
  it('a closing message older than the accepted answer keeps "leading" and the answer\'s best offer', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true }) });
    // Published after the end from the state before my (held) offer: the lot shows as closed, with the older best.
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
    expect(h.ctx().lot).toMatchObject({ status: 'CLD', bestOffer: 1300, bestOfferId: 'o1' });
    // Another older one (a neighbour's held offer below mine), then my offer's own message.
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'CLD', bestOffer: 1200, bestOfferId: 'y', offersCount: 2, nextMinimumOffer: 1300 }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1300, bestOfferId: 'o1' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { status: 'CLD', bestOffer: 1300, bestOfferId: 'o1', offersCount: 3, nextMinimumOffer: 1400 }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
    expect(h.ctx()).toMatchObject({ lastPosition: 4, lot: { offersCount: 3 } });
    expect(h.ctx().answerAhead).toBeUndefined();
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { status: 'AWA', awardStatus: 'AWA', bestOffer: 1300, bestOfferId: 'o1', idOfferAwarded: 'o1' }) });
    expect(h.value()).toEqual({ AWA: 'won' });
  });

  it('an answer that comes after an older closing message shows its best offer beside "leading"', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', bestOffer: 1200, bestOfferId: 'y', offersCount: 2, nextMinimumOffer: 1300 }) });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
    expect(h.ctx().lot).toMatchObject({ status: 'CLD', bestOffer: 1300, bestOfferId: 'o1', endDate: END });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'CLD', bestOffer: 1300, bestOfferId: 'o1', offersCount: 3 }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
    expect(h.ctx().answerAhead).toBeUndefined();
  });

  it('an outbid notice ahead of the view shows its best offer and next minimum; my older message does not make me lead again', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true }) });
    // Someone else's 1400 (position 5) is told on my outbid topic before either lot message arrives.
    h.actor.send({ type: 'live.outbid', message: outbidMessage(5, { bestOffer: 1400, yourBestOffer: 1300 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    // "outbid" never stands beside my own offer as the best one; the form's minimum follows the notice's best.
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1400, bestOfferId: null, nextMinimumOffer: 1500 });
    // My offer's own message (position 4, older than the notice): I do not lead again.
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { bestOffer: 1300, bestOfferId: 'o1', offersCount: 2, nextMinimumOffer: 1400 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot.bestOffer).toBe(1400);
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { bestOffer: 1400, bestOfferId: 'z', offersCount: 3, nextMinimumOffer: 1500 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot).toMatchObject({ bestOfferId: 'z', offersCount: 3 });
    expect(h.ctx().answerAhead).toBeUndefined();
  });

  it('an outbid notice older than an answer already shown changes nothing', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true }) });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(3, { bestOffer: 1200, yourBestOffer: 1100 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1300, bestOfferId: 'o1' });
  });

  it('the notice of my own offer from another device, ahead of the view, shows it as the best offer and me leading', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'live.ownOffer', message: { idAuction: 'a1', idLot: 'l1', idOffer: 'o2', offer: 1400, clickAndBuy: false, serverTime: END, position: 4 } });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1400, bestOfferId: 'o2', nextMinimumOffer: 1500, offersCount: 2 });
    expect(h.ctx().myBestOffer).toBe(1400);
    // An older message (someone's 1200 before my 1400) neither steps the best back nor makes me outbid.
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { bestOffer: 1200, bestOfferId: 'y', offersCount: 2, nextMinimumOffer: 1300 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lot.bestOffer).toBe(1400);
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { bestOffer: 1400, bestOfferId: 'o2', offersCount: 3, nextMinimumOffer: 1500 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().answerAhead).toBeUndefined();
  });

  it('the notice of my own offer older than the view changes only my offers', () => {
    const h = dealerAt(lotMessage(6, { bestOffer: 1500, bestOfferId: 'z', offersCount: 3, nextMinimumOffer: 1600 }));
    h.actor.send({ type: 'live.ownOffer', message: { idAuction: 'a1', idLot: 'l1', idOffer: 'o2', offer: 1400, clickAndBuy: false, serverTime: END, position: 4 } });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1500, bestOfferId: 'z' });
    expect(h.ctx().myBestOffer).toBe(1400);
  });

  it('an older message closed at the end my answer extended leaves the lot running', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true, lotEndDate: '2030-01-01T10:02:00.000Z' }) });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', bestOffer: 1000, bestOfferId: 'x', offersCount: 1, endDate: END }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lot).toMatchObject({ status: 'RUN', bestOffer: 1300, endDate: '2030-01-01T10:02:00.000Z' });
    expect(h.ctx().lastPosition).toBe(2);
  });

  it('compares money in whole cents: an odd-decimal best offer equal in cents is not ahead, a higher one gets the exact next minimum', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 0.1 + 0.2, bestOfferId: 'x', offersCount: 1, basePrice: 0.1, minIncrement: 0.1, nextMinimumOffer: 0.4 }));
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 0.3, bestOffer: 0.3, leading: false }) });
    expect(h.ctx().lot).toMatchObject({ bestOfferId: 'x', offersCount: 1 });
    expect(h.ctx().answerAhead).toBeUndefined();
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o2', offer: 99_999_999.99, bestOffer: 99_999_999.99, leading: true }) });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 99_999_999.99, bestOfferId: 'o2', nextMinimumOffer: 100_000_000.09 });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 0.7, bestOfferId: 'y', basePrice: 0.1, minIncrement: 0.1 }) });
    expect(h.ctx().lot.bestOffer).toBe(99_999_999.99);
  });

  it('an outbid notice that comes before my offer\'s answer wins over the (older) answer', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    // My 1300 was placed (and its answer built) before someone's 1400, whose notice overtakes my answer.
    h.actor.send({ type: 'live.outbid', message: outbidMessage(5, { bestOffer: 1400, yourBestOffer: 1300 }) });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1400, nextMinimumOffer: 1500 });
  });

  it('a notice ahead of the view (no end of its own) still takes the later end and the offers of an older message', () => {
    const h = dealerAt(lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'live.ownOffer', message: { idAuction: 'a1', idLot: 'l1', idOffer: 'o2', offer: 1400, clickAndBuy: false, serverTime: END, position: 6 } });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1400, offersCount: 2, endDate: END });
    // Older than my offer: someone's 1200 in the window moved the end (ends only grow while a lot runs), 4 offers then.
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { bestOffer: 1200, bestOfferId: 'y', offersCount: 4, endDate: '2030-01-01T10:03:00.000Z' }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1400, bestOfferId: 'o2', offersCount: 5, endDate: '2030-01-01T10:03:00.000Z' });
    expect(h.ctx().extendedFrom).toBe(END);
    // An older one with an earlier end changes neither.
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { bestOffer: 1300, bestOfferId: 'z', offersCount: 3, endDate: '2030-01-01T10:02:00.000Z' }) });
    expect(h.ctx().lot).toMatchObject({ offersCount: 5, endDate: '2030-01-01T10:03:00.000Z' });
  });
});

