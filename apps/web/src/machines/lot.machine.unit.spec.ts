import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LotView } from '@auction/contracts';
import type { LiveViewer } from './live-messages.js';
import { lotMachine } from './lot.machine.js';
import { acceptedResponse, lotMessage, lotView, outbidMessage, withdrawnMessage } from './test-fixtures.js';

function start(viewer: LiveViewer, lot: LotView = lotView(), myOfferIds?: string[]) {
  const actor = createActor(lotMachine, { input: { lot, viewer, myOfferIds } });
  actor.start();
  return { actor, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

describe('lotMachine: statuses', () => {
  it('starts in the status of the input lot', () => {
    expect(start('viewer', lotView({ status: 'SCH' })).value()).toBe('SCH');
    expect(start('viewer', lotView({ status: 'RUN' })).value()).toEqual({ RUN: 'watching' });
    expect(start('viewer', lotView({ status: 'CLD' })).value()).toEqual({ CLD: 'watching' });
    expect(start('viewer', lotView({ status: 'AWA', awardStatus: 'NAW' })).value()).toEqual({ AWA: 'watching' });
  });

  it('takes the position of a live message as input, -1 for a plain view', () => {
    expect(start('viewer', lotView()).ctx().lastPosition).toBe(-1);
    expect(start('viewer', lotMessage(7)).ctx().lastPosition).toBe(7);
  });

  it('follows SCH → RUN → CLD → AWA and a revert AWA → CLD', () => {
    const h = start('viewer', lotView({ status: 'SCH' }));
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'RUN' }) });
    expect(h.actor.getSnapshot().matches('RUN')).toBe(true);
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ CLD: 'watching' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'AWA', awardStatus: 'AWA', idOfferAwarded: 'x', bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ AWA: 'watching' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { status: 'CLD', awardStatus: 'TBA', bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ CLD: 'watching' });
    expect(h.ctx()).toMatchObject({ lastPosition: 4, lot: { status: 'CLD' } });
  });

  it('ignores messages at or below the last position, and messages of another lot', () => {
    const h = start('viewer', lotMessage(5, { status: 'RUN' }));
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { status: 'CLD' }) });
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { status: 'CLD' }) });
    h.actor.send({ type: 'live.lot', lot: lotMessage(9, { status: 'CLD', idLot: 'other' }) });
    expect(h.value()).toEqual({ RUN: 'watching' });
    expect(h.ctx().lastPosition).toBe(5);
    h.actor.send({ type: 'live.lot', lot: lotMessage(6, { status: 'CLD' }) });
    expect(h.value()).toEqual({ CLD: 'watching' });
  });

  it('ends in WITHDRAWN and takes nothing more', () => {
    const h = start('dealer', lotMessage(1));
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(1) });
    expect(h.actor.getSnapshot().matches('RUN')).toBe(true); // stale withdrawn is ignored too
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(2) });
    expect(h.value()).toBe('WITHDRAWN');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.ctx().lastPosition).toBe(2);
  });

  it('exposes the stable context shape', () => {
    const ctx = start('dealer', lotView({ myBestOffer: 1100, leading: false }), ['o0']).ctx();
    expect(ctx).toMatchObject({ myBestOffer: 1100, leading: false, myOfferIds: ['o0'], lastPosition: -1, lot: { idLot: 'l1' } });
  });
});

describe('lotMachine: dealer', () => {
  it('SCH has no dealer sub-state; RUN starts in noOffer', () => {
    const h = start('dealer', lotView({ status: 'SCH' }));
    expect(h.value()).toBe('SCH');
    h.actor.send({ type: 'offer.placing' });
    expect(h.value()).toBe('SCH');
    h.actor.send({ type: 'live.lot', lot: lotMessage(1) });
    expect(h.value()).toEqual({ RUN: 'noOffer' });
  });

  it('noOffer → placing → leading → outbid → placing → leading', () => {
    const h = start('dealer');
    h.actor.send({ type: 'offer.placing' });
    expect(h.value()).toEqual({ RUN: 'placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1000, bestOffer: 1000 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx()).toMatchObject({ myOfferIds: ['o1'], myBestOffer: 1000, leading: true });
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { bestOffer: 1000, bestOfferId: 'o1', offersCount: 1 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1100, bestOfferId: 'x', offersCount: 2 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o2', offer: 1200, bestOffer: 1200 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx()).toMatchObject({ myOfferIds: ['o1', 'o2'], myBestOffer: 1200 });
  });

  it('offer.failed goes back to the sub-state before placing', () => {
    const h = start('dealer');
    h.actor.send({ type: 'offer.failed', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(h.value()).toEqual({ RUN: 'noOffer' });
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.failed', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(h.value()).toEqual({ RUN: 'noOffer' });
    const leading = start('dealer', lotView({ bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    leading.actor.send({ type: 'offer.placing' });
    leading.actor.send({ type: 'offer.failed', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(leading.value()).toEqual({ RUN: 'leading' });
    const outbid = start('dealer', lotView({ bestOffer: 1100, bestOfferId: 'x', myBestOffer: 1000, leading: false }));
    outbid.actor.send({ type: 'offer.placing' });
    outbid.actor.send({ type: 'offer.failed', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(outbid.value()).toEqual({ RUN: 'outbid' });
  });

  it('stays placing on running updates, and leaves it when the lot closes', () => {
    const h = start('dealer', lotMessage(1));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ RUN: 'placing' });
    expect(h.ctx().lot.bestOfferId).toBe('x');
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD' }) }); // stale
    expect(h.value()).toEqual({ RUN: 'placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'CLD', bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ CLD: 'noOffer' });
  });

  it('the live message of my offer may come before the answer: leading once accepted', () => {
    const h = start('dealer', lotMessage(1));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1000, bestOfferId: 'o1' }) });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', leading: true }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
  });

  it('an answer ahead of the live view shows its best offer at once, and older live messages do not step it back', () => {
    const h = start('dealer', lotMessage(1, { bestOffer: 1000, bestOfferId: 'x', offersCount: 1, nextMinimumOffer: 1100 }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1300, bestOffer: 1300, leading: true, lotEndDate: '2030-01-01T10:01:00.000Z' }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    // "leading" never stands beside the older best offer: the answer's best, its next minimum and its extension are shown.
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1300, bestOfferId: 'o1', offersCount: 2, nextMinimumOffer: 1400, endDate: '2030-01-01T10:01:00.000Z' });
    expect(h.ctx().extendedFrom).toBe('2030-01-01T10:00:00.000Z');
    // A message of an offer placed before mine, still on its way: taken as seen, not shown.
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1200, bestOfferId: 'y', offersCount: 2, nextMinimumOffer: 1300 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx()).toMatchObject({ lastPosition: 2, lot: { bestOffer: 1300, bestOfferId: 'o1' } });
    // My offer's own message catches up; from there on the live view decides again (a lower best is shown as sent).
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { bestOffer: 1300, bestOfferId: 'o1', offersCount: 3, nextMinimumOffer: 1400 }) });
    expect(h.ctx()).toMatchObject({ lot: { offersCount: 3 } });
    expect(h.ctx().answerAhead).toBeUndefined();
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { bestOffer: 1500, bestOfferId: 'z', offersCount: 4 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
  });

  it('an accepted answer that does not lead (a higher offer came first) shows that best offer without an id, then outbid', () => {
    const h = start('dealer', lotMessage(1, { bestOffer: 1000, bestOfferId: 'x' }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1100, bestOffer: 1200, leading: false }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot).toMatchObject({ bestOffer: 1200, bestOfferId: null, offersCount: 0 });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1200, bestOfferId: 'y' }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx().lot.bestOfferId).toBe('y');
  });

  it('a closing message is taken even when an answer is ahead of the view', () => {
    const h = start('dealer', lotMessage(1, { bestOffer: 1000, bestOfferId: 'x' }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1100, bestOffer: 1100, leading: true }) });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD', bestOffer: 1100, bestOfferId: 'o1' }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
  });

  it('an answer overtaken by a higher offer of someone else ends outbid', () => {
    const h = start('dealer', lotMessage(1));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1100, bestOfferId: 'x' }) });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o1', offer: 1000, bestOffer: 1000, leading: true }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
  });

  it('an accepted offer that does not lead (equal amount placed first) is outbid', () => {
    const h = start('dealer');
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ leading: false }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
  });

  it('starts from auctionFull leading and keeps leading while the best offer is unchanged', () => {
    const h = start('dealer', lotView({ bestOffer: 1000, bestOfferId: 'mine', myBestOffer: 1000, leading: true }));
    expect(h.value()).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { bestOffer: 1000, bestOfferId: 'mine', endDate: '2030-01-01T10:05:00.000Z' }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { bestOffer: 1100, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { bestOffer: 1200, bestOfferId: 'y', leading: true, myBestOffer: 1200 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    expect(h.ctx().myBestOffer).toBe(1200);
  });

  it('leading from my offer ids without a leading field', () => {
    expect(start('dealer', lotView({ bestOffer: 1000, bestOfferId: 'o9' }), ['o9']).value()).toEqual({ RUN: 'leading' });
    expect(start('dealer', lotView({ bestOffer: 1100, bestOfferId: 'x' }), ['o9']).value()).toEqual({ RUN: 'outbid' });
  });

  it('live.outbid → outbid, unless stale, already beaten, of another lot, or not a dealer', () => {
    const h = start('dealer', lotMessage(5, { bestOffer: 1100, bestOfferId: 'o1' }), ['o1']);
    expect(h.value()).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(4) });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(6, { idLot: 'other' }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(5, { bestOffer: 1200, yourBestOffer: 1100 }) });
    expect(h.value()).toEqual({ RUN: 'outbid' });
    expect(h.ctx()).toMatchObject({ leading: false, myBestOffer: 1100 });
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'offer.accepted', response: acceptedResponse({ idOffer: 'o2', offer: 1300, bestOffer: 1300 }) });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(6, { bestOffer: 1200, yourBestOffer: 1100 }) });
    expect(h.value()).toEqual({ RUN: 'leading' });
    const watcher = start('viewer', lotMessage(1));
    watcher.actor.send({ type: 'live.outbid', message: outbidMessage(2) });
    expect(watcher.value()).toEqual({ RUN: 'watching' });
  });

  it('live.outbid while placing stays placing', () => {
    const h = start('dealer', lotView({ bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(1, { bestOffer: 1100, yourBestOffer: 1000 }) });
    expect(h.value()).toEqual({ RUN: 'placing' });
    h.actor.send({ type: 'offer.failed', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(h.value()).toEqual({ RUN: 'outbid' });
  });

  it('CLD: leading (waiting for the award), outbid, noOffer', () => {
    const cld = (over: Partial<LotView>) => lotMessage(9, { status: 'CLD', bestOffer: 1000, ...over });
    const leading = start('dealer', lotView({ bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    leading.actor.send({ type: 'live.lot', lot: cld({ bestOfferId: 'o1' }) });
    expect(leading.value()).toEqual({ CLD: 'leading' });
    const outbid = start('dealer', lotView({ myBestOffer: 900, leading: false }));
    outbid.actor.send({ type: 'live.lot', lot: cld({ bestOfferId: 'x' }) });
    expect(outbid.value()).toEqual({ CLD: 'outbid' });
    const none = start('dealer');
    none.actor.send({ type: 'live.lot', lot: cld({ bestOfferId: 'x' }) });
    expect(none.value()).toEqual({ CLD: 'noOffer' });
  });

  it('AWA: won when the awarded offer is mine', () => {
    const h = start('dealer', lotView({ status: 'CLD', bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'AWA', awardStatus: 'AWA', bestOffer: 1000, bestOfferId: 'o1', idOfferAwarded: 'o1' }) });
    expect(h.value()).toEqual({ AWA: 'won' });
  });

  it('AWA: won when I was leading (ids unknown) and the best offer is awarded', () => {
    const h = start('dealer', lotView({ status: 'CLD', bestOffer: 1000, bestOfferId: 'b', leading: true, myBestOffer: 1000 }));
    expect(h.value()).toEqual({ CLD: 'leading' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'AWA', awardStatus: 'AWA', bestOffer: 1000, bestOfferId: 'b', idOfferAwarded: 'b' }) });
    expect(h.value()).toEqual({ AWA: 'won' });
  });

  it('AWA: lost when I bid and another offer won or nothing was awarded; noOffer when I never bid', () => {
    const lost = start('dealer', lotView({ status: 'CLD', bestOffer: 1100, bestOfferId: 'x' }), ['o1']);
    lost.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'AWA', awardStatus: 'AWA', bestOffer: 1100, bestOfferId: 'x', idOfferAwarded: 'x' }) });
    expect(lost.value()).toEqual({ AWA: 'lost' });
    const naw = start('dealer', lotView({ status: 'CLD', bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    naw.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'AWA', awardStatus: 'NAW', bestOffer: 1000, bestOfferId: 'o1' }) });
    expect(naw.value()).toEqual({ AWA: 'lost' });
    const never = start('dealer', lotView({ status: 'AWA', awardStatus: 'AWA', bestOffer: 1000, bestOfferId: 'x', idOfferAwarded: 'x' }));
    expect(never.value()).toEqual({ AWA: 'noOffer' });
  });

  it('a revert AWA → CLD brings the dealer back to waiting', () => {
    const h = start('dealer', lotView({ status: 'AWA', awardStatus: 'NAW', bestOffer: 1000, bestOfferId: 'o1' }), ['o1']);
    expect(h.value()).toEqual({ AWA: 'lost' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'CLD', awardStatus: 'TBA', bestOffer: 1000, bestOfferId: 'o1' }) });
    expect(h.value()).toEqual({ CLD: 'leading' });
  });
});

describe('lotMachine: auctioneer', () => {
  it('RUN watching, CLD toAward, AWA awarded or notAwarded, revert to toAward', () => {
    const h = start('auctioneer', lotView());
    expect(h.value()).toEqual({ RUN: 'watching' });
    h.actor.send({ type: 'offer.placing' });
    expect(h.value()).toEqual({ RUN: 'watching' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { status: 'CLD', bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ CLD: 'toAward' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'AWA', awardStatus: 'AWA', bestOffer: 1000, bestOfferId: 'x', idOfferAwarded: 'x' }) });
    expect(h.value()).toEqual({ AWA: 'awarded' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'CLD', awardStatus: 'TBA', bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ CLD: 'toAward' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { status: 'AWA', awardStatus: 'NAW', bestOffer: 1000, bestOfferId: 'x' }) });
    expect(h.value()).toEqual({ AWA: 'notAwarded' });
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(5) });
    expect(h.value()).toBe('WITHDRAWN');
  });
});

describe('lotMachine: what stays on the lot', () => {
  it('keeps the outcome of a bid refused after the close (a late bid), and of an accepted one', () => {
    const h = start('dealer', lotMessage(1, { status: 'RUN' }));
    h.actor.send({ type: 'offer.placing' });
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'CLD' }) });
    h.actor.send({ type: 'offer.failed', errorCode: 409004, amount: 4700, clickAndBuy: false });
    expect(h.value()).toEqual({ CLD: 'noOffer' });
    expect(h.ctx().lastOutcome).toEqual({ accepted: false, amount: 4700, errorCode: 409004, clickAndBuy: false });
    const won = start('dealer', lotMessage(1, { status: 'RUN' }));
    won.actor.send({ type: 'offer.accepted', response: acceptedResponse({ offer: 1000, bestOffer: 1000 }) });
    expect(won.ctx().lastOutcome).toMatchObject({ accepted: true, amount: 1000, errorCode: null });
  });

  it('remembers the end before an extension of a running lot, not a resize before the start or a close', () => {
    const h = start('dealer', lotMessage(1, { status: 'RUN', endDate: '2026-01-01T10:00:00.000Z' }));
    h.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'RUN', endDate: '2026-01-01T10:00:00.000Z' }) });
    expect(h.ctx().extendedFrom).toBeNull();
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { status: 'RUN', endDate: '2026-01-01T10:00:30.000Z' }) });
    expect(h.ctx().extendedFrom).toBe('2026-01-01T10:00:00.000Z');
    const sch = start('dealer', lotMessage(1, { status: 'SCH', endDate: '2026-01-01T10:00:00.000Z' }));
    sch.actor.send({ type: 'live.lot', lot: lotMessage(2, { status: 'SCH', endDate: '2026-01-01T11:00:00.000Z' }) });
    expect(sch.ctx().extendedFrom).toBeNull();
  });
});
