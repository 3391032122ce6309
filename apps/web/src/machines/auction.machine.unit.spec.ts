import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import type { LotView } from '@auction/contracts';
import { auctionMachine, lotChildId } from './auction.machine.js';
import type { LiveViewer } from './live-messages.js';
import type { lotMachine } from './lot.machine.js';
import { acceptedResponse, auctionMessage, auctionView, lotMessage, lotView, outbidMessage, withdrawnMessage } from './test-fixtures.js';

const lots = [lotView({ idLot: 'l2', lotNumber: 2 }), lotView({ idLot: 'l1', lotNumber: 1 })];

function start(viewer: LiveViewer = 'dealer', over: Parameters<typeof auctionView>[1] = {}, myOfferIdsByLot?: Record<string, string[]>) {
  const actor = createActor(auctionMachine, { input: { auction: auctionView(lots, over), viewer, myOfferIdsByLot } });
  actor.start();
  const lot = (idLot: string) => actor.getSnapshot().children[lotChildId(idLot)] as ActorRefFrom<typeof lotMachine> | undefined;
  return { actor, lot, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

describe('auctionMachine: statuses', () => {
  it('starts in the input status with the summary', () => {
    const h = start('dealer', { status: 'SCH' });
    expect(h.value()).toBe('SCH');
    expect(h.ctx().auction).toEqual({
      idAuction: 'a1', auctionName: 'Spring fleet', status: 'SCH', startDate: '2030-01-01T08:00:00.000Z',
      endDate: '2030-01-01T10:00:00.000Z', lastPosition: -1,
    });
    expect(start('dealer', { status: 'RUN' }).value()).toBe('RUN');
    expect(start('dealer', { status: 'CLD' }).value()).toEqual({ CLD: 'watching' });
    expect(start('dealer', { status: 'AWA' }).value()).toEqual({ AWA: 'watching' });
  });

  it('follows SCH → RUN → CLD → AWA from live.auction, position-guarded', () => {
    const h = start('viewer', { status: 'SCH' });
    h.actor.send({ type: 'live.auction', auction: auctionMessage(3, { status: 'RUN', endDate: '2030-01-01T11:00:00.000Z' }) });
    expect(h.value()).toBe('RUN');
    expect(h.ctx().auction).toMatchObject({ status: 'RUN', endDate: '2030-01-01T11:00:00.000Z', lastPosition: 3 });
    h.actor.send({ type: 'live.auction', auction: auctionMessage(3, { status: 'CLD' }) });
    h.actor.send({ type: 'live.auction', auction: auctionMessage(2, { status: 'CLD' }) });
    h.actor.send({ type: 'live.auction', auction: auctionMessage(9, { status: 'CLD', idAuction: 'other' }) });
    expect(h.value()).toBe('RUN');
    h.actor.send({ type: 'live.auction', auction: auctionMessage(4, { status: 'CLD', auctionName: 'Renamed' }) });
    expect(h.value()).toEqual({ CLD: 'watching' });
    expect(h.ctx().auction.auctionName).toBe('Renamed');
    h.actor.send({ type: 'live.auction', auction: auctionMessage(5, { status: 'AWA' }) });
    expect(h.value()).toEqual({ AWA: 'watching' });
  });

  it('auctioneer: CLD.toAward then AWA.awarded', () => {
    const h = start('auctioneer');
    h.actor.send({ type: 'live.auction', auction: auctionMessage(1, { status: 'CLD' }) });
    expect(h.value()).toEqual({ CLD: 'toAward' });
    h.actor.send({ type: 'live.auction', auction: auctionMessage(2, { status: 'AWA' }) });
    expect(h.value()).toEqual({ AWA: 'awarded' });
  });

  it('ends in DELETED and stops its lots', () => {
    const h = start();
    const lot = h.lot('l1')!;
    h.actor.send({ type: 'live.auction', auction: auctionMessage(1, { status: 'DELETED' }) });
    expect(h.value()).toBe('DELETED');
    expect(h.ctx().auction.status).toBe('DELETED');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(lot.getSnapshot().status).toBe('stopped');
  });
});

describe('auctionMachine: lots', () => {
  it('spawns one lot machine per lot, in lot-number order, with the viewer and my offer ids', () => {
    const h = start('dealer', {}, { l1: ['o1'] });
    expect(h.ctx().lotIds).toEqual(['l1', 'l2']);
    expect(h.lot('l1')!.id).toBe('lot-l1');
    expect(h.lot('l1')!.getSnapshot().context).toMatchObject({ viewer: 'dealer', myOfferIds: ['o1'] });
    expect(h.lot('l2')!.getSnapshot().context.myOfferIds).toEqual([]);
  });

  it('routes live.lot, live.outbid and offer events to the lot', () => {
    const h = start('dealer');
    h.actor.send({ type: 'live.lot', lot: lotMessage(1, { idLot: 'l2', lotNumber: 2, status: 'CLD' }) });
    expect(h.lot('l2')!.getSnapshot().value).toEqual({ CLD: 'noOffer' });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'noOffer' });
    h.actor.send({ type: 'offer.placing', idLot: 'l1' });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'placing' });
    h.actor.send({ type: 'offer.failed', idLot: 'l1', errorCode: 422002, amount: 1000, clickAndBuy: false });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'noOffer' });
    h.actor.send({ type: 'offer.placing', idLot: 'l1' });
    h.actor.send({ type: 'offer.accepted', idLot: 'l1', response: acceptedResponse({ idOffer: 'o1' }) });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'leading' });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(2, { idLot: 'l1', bestOffer: 1100, yourBestOffer: 1000 }) });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'outbid' });
  });

  it('an offer the dealer placed from another device counts as its own, whichever message comes first (#21 item 15)', () => {
    const own = (position: number, idOffer: string, offer: number) => ({
      type: 'live.ownOffer' as const,
      message: { idAuction: 'a1', idLot: 'l1', idOffer, offer, clickAndBuy: false, position, serverTime: '2030-01-01T00:00:00.000Z' },
    });
    const h = start('dealer');
    // The lot's public message first: whose offer it is, it does not say.
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { idLot: 'l1', bestOffer: 5000, bestOfferId: 'phone-1' }) });
    h.actor.send(own(5, 'phone-1', 5000));
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'leading' });
    expect(h.lot('l1')!.getSnapshot().context.myBestOffer).toBe(5000);
    // The notice first, then the lot's message.
    h.actor.send(own(6, 'phone-2', 5100));
    h.actor.send({ type: 'live.lot', lot: lotMessage(6, { idLot: 'l1', bestOffer: 5100, bestOfferId: 'phone-2' }) });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'leading' });
    expect(h.lot('l1')!.getSnapshot().context.myBestOffer).toBe(5100);
    // Someone else's offer is still someone else's.
    h.actor.send({ type: 'live.lot', lot: lotMessage(7, { idLot: 'l1', bestOffer: 5200, bestOfferId: 'other' }) });
    expect(h.lot('l1')!.getSnapshot().value).toEqual({ RUN: 'outbid' });
  });

  it('ignores events of unknown lots and lot messages of another auction', () => {
    const h = start('dealer');
    h.actor.send({ type: 'offer.placing', idLot: 'nope' });
    h.actor.send({ type: 'live.outbid', message: outbidMessage(2, { idLot: 'nope' }) });
    h.actor.send({ type: 'live.lot', lot: lotMessage(3, { idAuction: 'other', idLot: 'x9' }) });
    expect(h.actor.getSnapshot().status).toBe('active');
    expect(h.ctx().lotIds).toEqual(['l1', 'l2']);
    expect(h.lot('x9')).toBeUndefined();
  });

  it('spawns a lot it does not know yet (an edit), in order', () => {
    const h = start('auctioneer');
    h.actor.send({ type: 'live.lot', lot: lotMessage(4, { idLot: 'l15', lotNumber: 1.5, status: 'CLD' }) });
    expect(h.ctx().lotIds).toEqual(['l1', 'l15', 'l2']);
    expect(h.lot('l15')!.getSnapshot().value).toEqual({ CLD: 'toAward' });
    expect(h.lot('l15')!.getSnapshot().context.lastPosition).toBe(4);
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { idLot: 'l15', lotNumber: 1.5, status: 'AWA', awardStatus: 'NAW' }) });
    expect(h.lot('l15')!.getSnapshot().value).toEqual({ AWA: 'notAwarded' });
  });

  it('one page of a bigger auction spawns only lots inside its numbers: the other lots\' messages add no row', () => {
    const page = (pageLots: LotView[], offset: number, total: number) => {
      const actor = createActor(auctionMachine, {
        input: { auction: { ...auctionView(pageLots), lotsPage: { offset, limit: pageLots.length, total } } as never, viewer: 'dealer' },
      });
      actor.start();
      return actor;
    };
    const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => lotView({ idLot: `n${from + i}`, lotNumber: from + i }));
    // The first of five pages (lots 1-3 of 15): lots 4-15 of the same auction are not its own; a lot 0 would be.
    const first = page(numbered(1, 3), 0, 15);
    for (let n = 4; n <= 15; n++) first.send({ type: 'live.lot', lot: lotMessage(n, { idLot: `n${n}`, lotNumber: n }) });
    expect(first.getSnapshot().context.lotIds).toEqual(['n1', 'n2', 'n3']);
    first.send({ type: 'live.lot', lot: lotMessage(20, { idLot: 'n0', lotNumber: 0.5 }) });
    expect(first.getSnapshot().context.lotIds).toEqual(['n0', 'n1', 'n2', 'n3']);
    // A middle page takes a lot edited in between its numbers only.
    const middle = page(numbered(4, 6), 3, 15);
    for (const [id, n] of [['a', 3], ['b', 5.5], ['c', 7]] as const) middle.send({ type: 'live.lot', lot: lotMessage(30, { idLot: id, lotNumber: n }) });
    expect(middle.getSnapshot().context.lotIds).toEqual(['n4', 'n5', 'b', 'n6']);
    // The last page takes a lot added after it; a view of every lot (no lotsPage, or one page of all) takes any.
    const last = page(numbered(13, 15), 12, 15);
    last.send({ type: 'live.lot', lot: lotMessage(40, { idLot: 'n16', lotNumber: 16 }) });
    last.send({ type: 'live.lot', lot: lotMessage(41, { idLot: 'n2', lotNumber: 2 }) });
    expect(last.getSnapshot().context.lotIds).toEqual(['n13', 'n14', 'n15', 'n16']);
    const all = page(numbered(1, 3), 0, 3);
    all.send({ type: 'live.lot', lot: lotMessage(50, { idLot: 'n9', lotNumber: 9 }) });
    expect(all.getSnapshot().context.lotIds).toEqual(['n1', 'n2', 'n3', 'n9']);
    // A page past the last (`?offset=100` of an old link) shows no lot: the messages of every lot of the auction add
    // none (they did: the 15 lots arrived on the empty page, the 500 of a big auction froze it); the empty first page
    // of an auction without lots takes a lot added to it.
    const beyond = page([], 100, 15);
    for (let n = 1; n <= 16; n++) beyond.send({ type: 'live.lot', lot: lotMessage(60 + n, { idLot: `n${n}`, lotNumber: n }) });
    expect(beyond.getSnapshot().context.lotIds).toEqual([]);
    const none = page([], 0, 0);
    none.send({ type: 'live.lot', lot: lotMessage(80, { idLot: 'n1', lotNumber: 1 }) });
    expect(none.getSnapshot().context.lotIds).toEqual(['n1']);
  });

  it('a withdrawn lot leaves lotIds; its older messages are dropped; a newer one brings it back', () => {
    const h = start('viewer');
    const old = h.lot('l1')!;
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(6, 'l1') });
    expect(old.getSnapshot().value).toBe('WITHDRAWN');
    expect(h.ctx().lotIds).toEqual(['l2']);
    h.actor.send({ type: 'live.lot', lot: lotMessage(5, { idLot: 'l1' }) });
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(7, 'l1') });
    h.actor.send({ type: 'live.lot', lot: withdrawnMessage(8, 'l9') });
    expect(h.ctx().lotIds).toEqual(['l2']);
    expect(h.lot('l9')).toBeUndefined();
    h.actor.send({ type: 'live.lot', lot: lotMessage(9, { idLot: 'l1', status: 'SCH' }) });
    expect(h.ctx().lotIds).toEqual(['l1', 'l2']);
    expect(h.lot('l1')).not.toBe(old);
    expect(h.lot('l1')!.getSnapshot().value).toBe('SCH');
  });
});
