import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { PlaceOfferResponse } from '@auction/contracts';
import { offerMachine, type OfferInput, type SendOfferInput } from './offer.machine.js';
import { refusalCode } from './offer-rules.js';
import { acceptedResponse } from './test-fixtures.js';

type Reply = PlaceOfferResponse | { throw: unknown };

/** An offer machine whose `sendOffer` answers `replies` in turn and records its inputs. */
function start(replies: Reply[] = [], input: Partial<OfferInput> = {}) {
  const sent: SendOfferInput[] = [];
  let keys = 0;
  const sendOffer = fromPromise<PlaceOfferResponse, SendOfferInput>(async ({ input: sendInput }) => {
    sent.push(sendInput);
    const reply = replies.shift() ?? { throw: new Error('no reply scripted') };
    if ('throw' in reply) throw reply.throw;
    return reply;
  });
  const clock = new SimulatedClock();
  const actor = createActor(offerMachine.provide({ actors: { sendOffer } }), {
    clock,
    input: {
      idAuction: 'a1', idLot: 'l1', rules: { basePrice: 1000, minIncrement: 100, buyNowPrice: 5000 }, bestOffer: null,
      newKey: () => `key-${++keys}`, ...input,
    },
  });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const is = (value: 'editing' | 'sending' | 'retrying' | 'confirming' | 'confirmingBuyNow') => waitFor(actor, (s) => s.matches(value));
  return { actor, clock, sent, emitted, is, ctx: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value };
}

describe('offerMachine: editing', () => {
  it('pre-fills the next valid amount (base price, then best + increment in cents)', () => {
    expect(start().ctx()).toMatchObject({ amount: 1000, minimum: 1000, validation: null, errorCode: null, idempotencyKey: null });
    expect(start([], { bestOffer: 1200 }).ctx().amount).toBe(1300);
    expect(start([], { bestOffer: 1000.1, rules: { basePrice: 1, minIncrement: 0.2, buyNowPrice: null } }).ctx().amount).toBe(1000.3);
  });

  it('validates typed amounts with the domain rules', () => {
    const h = start([], { bestOffer: 1200 });
    const check = (amount: number) => { h.actor.send({ type: 'offer.amount', amount }); return h.ctx().validation; };
    expect(check(Number.NaN)).toBe('invalid');
    expect(check(0)).toBe('invalid');
    expect(check(-5)).toBe('invalid');
    expect(check(1300.001)).toBe('invalid');
    expect(check(1299.99)).toBe('belowMinimum');
    expect(check(1300)).toBeNull();
    expect(check(1450.5)).toBeNull();
    expect(h.ctx()).toMatchObject({ amount: 1450.5, custom: true });
    expect(h.value()).toBe('editing');
  });

  it('does not submit an invalid amount', () => {
    const h = start();
    h.actor.send({ type: 'offer.amount', amount: 999 });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('editing');
    expect(h.ctx().validation).toBe('belowMinimum');
    expect(h.sent).toEqual([]);
  });
});

describe('offerMachine: sending', () => {
  it('submits, emits accepted and re-fills from the new best offer', async () => {
    const response = acceptedResponse({ idOffer: 'o1', offer: 1500, bestOffer: 1500 });
    const h = start([response]);
    h.actor.send({ type: 'offer.amount', amount: 1500 });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('sending');
    await h.is('editing');
    expect(h.sent).toEqual([{ idAuction: 'a1', idLot: 'l1', amount: 1500, clickAndBuy: false, idempotencyKey: 'key-1' }]);
    expect(h.emitted).toEqual([{ type: 'accepted', response }]);
    expect(h.ctx()).toMatchObject({ bestOffer: 1500, minimum: 1600, amount: 1600, custom: false, lastResponse: response });
  });

  it('a new submit gets a new key; the default key is a UUID', async () => {
    const h = start([acceptedResponse({ bestOffer: 1000 }), acceptedResponse({ bestOffer: 1100 })]);
    h.actor.send({ type: 'offer.submit' });
    await h.is('editing');
    h.actor.send({ type: 'offer.submit' });
    await h.is('editing');
    expect(h.sent.map((s) => [s.amount, s.idempotencyKey])).toEqual([[1000, 'key-1'], [1100, 'key-2']]);
    const sent: string[] = [];
    const actor = createActor(offerMachine.provide({
      actors: { sendOffer: fromPromise<PlaceOfferResponse, SendOfferInput>(async ({ input }) => { sent.push(input.idempotencyKey); return acceptedResponse(); }) },
    }), { input: { idAuction: 'a1', idLot: 'l1', rules: { basePrice: 1, minIncrement: 1, buyNowPrice: null }, bestOffer: null } });
    actor.start();
    actor.send({ type: 'offer.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a higher best offer already known when the answer is older', async () => {
    const h = start([acceptedResponse({ offer: 1000, bestOffer: 1000 })]);
    h.actor.send({ type: 'offer.submit' });
    h.actor.send({ type: 'lot.changed', bestOffer: 1400 });
    await h.is('editing');
    expect(h.ctx()).toMatchObject({ bestOffer: 1400, amount: 1500 });
  });

  it('a 4xx is refused with its error code and the form is ready at once with the next valid amount', async () => {
    const h = start([{ throw: { status: 422, errorCode: 422002 } }, acceptedResponse({ offer: 1200, bestOffer: 1200 })]);
    h.actor.send({ type: 'offer.submit' });
    h.actor.send({ type: 'lot.changed', bestOffer: 1100 });
    await h.is('editing');
    expect(h.ctx().errorCode).toBe(422002);
    expect(h.emitted).toEqual([{ type: 'refused', errorCode: 422002, amount: 1000, clickAndBuy: false }]);
    expect(h.ctx()).toMatchObject({ amount: 1200, validation: null });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('sending');
    expect(h.sent.map((s) => s.amount)).toEqual([1000, 1200]);
  });

  it('a refusal followed by a newer best offer re-fills the field (the live message came after the answer)', async () => {
    const h = start([{ throw: { status: 422, errorCode: 422002 } }]);
    h.actor.send({ type: 'offer.submit' });
    await h.is('editing');
    expect(h.ctx().amount).toBe(1000);
    h.actor.send({ type: 'lot.changed', bestOffer: 1000 });
    expect(h.ctx()).toMatchObject({ amount: 1100, errorCode: 422002 });
    h.actor.send({ type: 'offer.buyNow' });
    expect(h.value()).toBe('confirmingBuyNow');
  });

  it('typing after a refusal clears it and validates the typed amount', async () => {
    const h = start([{ throw: { status: 409, errorCode: 409003 } }]);
    h.actor.send({ type: 'offer.submit' });
    await h.is('editing');
    h.actor.send({ type: 'offer.amount', amount: 950 });
    expect(h.ctx()).toMatchObject({ amount: 950, validation: 'belowMinimum', errorCode: null });
  });

  it('keeps a typed amount that is still valid after a refusal', async () => {
    const h = start([{ throw: { status: 409, errorCode: 409003 } }]);
    h.actor.send({ type: 'offer.amount', amount: 2000 });
    h.actor.send({ type: 'offer.submit' });
    await h.is('editing');
    expect(h.ctx()).toMatchObject({ amount: 2000, custom: true });
  });

  it('retries network and 5xx failures with the same key, then succeeds', async () => {
    const h = start([{ throw: new TypeError('fetch failed') }, { throw: { status: 503 } }, acceptedResponse()]);
    h.actor.send({ type: 'offer.submit' });
    await h.is('retrying');
    expect(h.ctx().attempt).toBe(0);
    h.clock.increment(249);
    expect(h.value()).toBe('retrying');
    h.clock.increment(1);
    expect(h.value()).toBe('sending');
    await h.is('retrying');
    expect(h.ctx().attempt).toBe(1);
    h.clock.increment(499);
    expect(h.value()).toBe('retrying');
    h.clock.increment(1);
    await h.is('editing');
    expect(h.sent.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(h.emitted).toEqual([{ type: 'accepted', response: acceptedResponse() }]);
  });

  it('gives up after maxAttempts with error code 0', async () => {
    const h = start([{ throw: { status: 500 } }, { throw: { status: 429 } }, { throw: { status: 502, errorCode: 502001 } }, { throw: 'offline' }]);
    h.actor.send({ type: 'offer.submit' });
    for (const wait of [250, 500, 1000]) {
      await h.is('retrying');
      h.clock.increment(wait);
    }
    await h.is('editing');
    expect(h.sent).toHaveLength(4);
    expect(new Set(h.sent.map((s) => s.idempotencyKey))).toEqual(new Set(['key-1']));
    expect(h.ctx().errorCode).toBe(0);
    expect(h.emitted).toEqual([{ type: 'refused', errorCode: 0, amount: 1000, clickAndBuy: false }]);
  });

  it('honours maxAttempts', async () => {
    const h = start([{ throw: { status: 503 } }, { throw: { status: 503 } }], { maxAttempts: 2 });
    h.actor.send({ type: 'offer.submit' });
    await h.is('retrying');
    h.clock.increment(250);
    await h.is('editing');
    expect(h.sent).toHaveLength(2);
  });

  it('classifies errors: 4xx codes and statuses refuse, the rest retries', () => {
    expect(refusalCode({ status: 422, errorCode: 422001 })).toBe(422001);
    expect(refusalCode({ errorCode: 404021 })).toBe(404021);
    expect(refusalCode({ status: 403 })).toBe(403);
    expect(refusalCode({ status: 429 })).toBeNull();
    expect(refusalCode({ status: 408 })).toBeNull();
    expect(refusalCode({ status: 503, errorCode: 503001 })).toBeNull();
    expect(refusalCode(new Error('network'))).toBeNull();
    expect(refusalCode(undefined)).toBeNull();
  });
});

describe('offerMachine: buy now', () => {
  it('asks for confirmation; cancel goes back to editing', () => {
    const h = start();
    h.actor.send({ type: 'offer.buyNow' });
    expect(h.value()).toBe('confirmingBuyNow');
    h.actor.send({ type: 'offer.cancel' });
    expect(h.value()).toBe('editing');
    expect(h.sent).toEqual([]);
  });

  it('confirm sends the buy-now price with clickAndBuy and a new key', async () => {
    const h = start([acceptedResponse({ offer: 5000, bestOffer: 5000 })]);
    h.actor.send({ type: 'offer.buyNow' });
    h.actor.send({ type: 'offer.confirm' });
    expect(h.value()).toBe('sending');
    await h.is('editing');
    expect(h.sent).toEqual([{ idAuction: 'a1', idLot: 'l1', amount: 5000, clickAndBuy: true, idempotencyKey: 'key-1' }]);
  });

  it('is not offered without a buy-now price', () => {
    const h = start([], { rules: { basePrice: 1000, minIncrement: 100, buyNowPrice: null } });
    h.actor.send({ type: 'offer.buyNow' });
    expect(h.value()).toBe('editing');
  });
});

describe('offerMachine: lot.changed', () => {
  it('re-fills an amount the user did not type', () => {
    const h = start();
    h.actor.send({ type: 'lot.changed', bestOffer: 1000 });
    expect(h.ctx()).toMatchObject({ bestOffer: 1000, minimum: 1100, amount: 1100 });
  });

  it('keeps a typed amount that is still valid', () => {
    const h = start();
    h.actor.send({ type: 'offer.amount', amount: 2000 });
    h.actor.send({ type: 'lot.changed', bestOffer: 1500 });
    expect(h.ctx()).toMatchObject({ amount: 2000, minimum: 1600, validation: null, custom: true });
  });

  it('re-fills a typed amount that became too low', () => {
    const h = start();
    h.actor.send({ type: 'offer.amount', amount: 1200 });
    h.actor.send({ type: 'lot.changed', bestOffer: 1200 });
    expect(h.ctx()).toMatchObject({ amount: 1300, validation: null, custom: false });
  });

  it('leaves an amount being typed that was already invalid, updating its validation', () => {
    const h = start();
    h.actor.send({ type: 'offer.amount', amount: 5 });
    h.actor.send({ type: 'lot.changed', bestOffer: 1200 });
    expect(h.ctx()).toMatchObject({ amount: 5, validation: 'belowMinimum', minimum: 1300 });
  });

  it('only updates the best offer outside editing', async () => {
    const h = start([{ throw: { status: 503 } }]);
    h.actor.send({ type: 'offer.submit' });
    h.actor.send({ type: 'lot.changed', bestOffer: 1000 });
    expect(h.ctx()).toMatchObject({ bestOffer: 1000, minimum: 1100, amount: 1000 });
    await h.is('retrying');
    h.actor.send({ type: 'lot.changed', bestOffer: 1100 });
    expect(h.ctx()).toMatchObject({ bestOffer: 1100, amount: 1000 });
    h.actor.stop();
  });
});

describe('offerMachine: checks before a binding offer', () => {
  it('asks before an amount far above the price; cancel sends nothing, confirm sends it', async () => {
    const h = start([acceptedResponse({ offer: 9200, bestOffer: 9200 })], { rules: { basePrice: 1000, minIncrement: 100, buyNowPrice: null } });
    h.actor.send({ type: 'offer.amount', amount: 9200 });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('confirming');
    expect(h.ctx().confirm).toBe('farAbove');
    h.actor.send({ type: 'offer.cancel' });
    expect(h.value()).toBe('editing');
    expect(h.sent).toEqual([]);
    h.actor.send({ type: 'offer.submit' });
    h.actor.send({ type: 'offer.confirm' });
    await h.is('editing');
    expect(h.sent.map((s) => s.amount)).toEqual([9200]);
  });

  it('sends an amount a few increments above the minimum at once', () => {
    const h = start([], { rules: { basePrice: 1000, minIncrement: 100, buyNowPrice: null } });
    h.actor.send({ type: 'offer.plus', steps: 5 });
    expect(h.ctx().amount).toBe(1500);
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('sending');
    h.actor.stop();
  });

  it('offers buy now instead of an amount at or above an open buy-now price', async () => {
    const h = start([acceptedResponse({ offer: 5000, bestOffer: 5000 })]);
    h.actor.send({ type: 'offer.amount', amount: 5000 });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('confirmingBuyNow');
    expect(h.ctx().confirm).toBe('buyNowInstead');
    h.actor.send({ type: 'offer.confirm' });
    await h.is('editing');
    expect(h.sent).toEqual([{ idAuction: 'a1', idLot: 'l1', amount: 5000, clickAndBuy: true, idempotencyKey: 'key-1' }]);
  });

  it('warns a leader who raises its own bid', () => {
    const h = start([], { bestOffer: 1000, leading: true });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('confirming');
    expect(h.ctx().confirm).toBe('raiseOwn');
    h.actor.send({ type: 'offer.cancel' });
    h.actor.send({ type: 'lot.changed', bestOffer: 1200, leading: false });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).toBe('sending');
    h.actor.stop();
  });

  it('+ increments start from the next valid amount when the field is empty or too low', () => {
    const h = start([], { bestOffer: 1000 });
    h.actor.send({ type: 'offer.amount', amount: Number.NaN });
    h.actor.send({ type: 'offer.plus', steps: 1 });
    expect(h.ctx()).toMatchObject({ amount: 1200, validation: null });
  });
});

describe('offerMachine: buy now no longer possible', () => {
  it('is not offered once the best offer reached the buy-now price', () => {
    const h = start([], { bestOffer: 5100 });
    h.actor.send({ type: 'offer.buyNow' });
    expect(h.value()).toBe('editing');
    h.actor.send({ type: 'offer.amount', amount: 6000 });
    h.actor.send({ type: 'offer.submit' });
    expect(h.value()).not.toBe('confirmingBuyNow');
    h.actor.stop();
  });
});
