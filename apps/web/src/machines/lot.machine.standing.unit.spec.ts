import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lotMachine } from './lot.machine.js';
import { lotMessage, lotView } from './test-fixtures.js';

/** A dealer whose offer of 1000 was accepted by the server but whose answer was lost (a network failure to the form). */
function lostAnswer() {
  const actor = createActor(lotMachine, { input: { lot: lotView(), viewer: 'dealer' } });
  actor.start();
  actor.send({ type: 'offer.placing' });
  actor.send({ type: 'offer.failed', errorCode: 0, amount: 1000, clickAndBuy: false });
  return { actor, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

describe('lotMachine: the standing read again after a reconnect (mine.refreshed)', () => {
  it('an offer whose answer was lost becomes leading, and its outcome accepted', () => {
    const h = lostAnswer();
    expect(h.value()).toEqual({ RUN: 'noOffer' });
    h.actor.send({ type: 'mine.refreshed', myBestOffer: 1000, leading: true, bestOfferId: 'o1' });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().lastOutcome).toMatchObject({ accepted: true, amount: 1000, errorCode: null });
  });

  it('stays leading when the retained live message of that offer arrives after the read', () => {
    const h = lostAnswer();
    h.actor.send({ type: 'mine.refreshed', myBestOffer: 1000, leading: true, bestOfferId: 'o1' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { bestOffer: 1000, bestOfferId: 'o1', offersCount: 1 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
  });

  it('a dealer outbid meanwhile is outbid; one that never bid stays without offer and keeps the failure', () => {
    const outbid = lostAnswer();
    outbid.actor.send({ type: 'mine.refreshed', myBestOffer: 1000, leading: false, bestOfferId: 'o2' });
    expect(outbid.value()).toEqual({ RUN: 'outbid' });
    const never = lostAnswer();
    never.actor.send({ type: 'mine.refreshed', myBestOffer: null, leading: false, bestOfferId: null });
    expect(never.value()).toEqual({ RUN: 'noOffer' });
    expect(never.ctx().lastOutcome).toMatchObject({ accepted: false, errorCode: 0 });
  });
});
