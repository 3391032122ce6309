import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-specification.test-support.js';
import { PAYMENT, kindOf, streamId } from '../streams.js';
import { paymentDecider, paymentStatusOf, type PaymentCommand, type PaymentEvent, type PurchaseToPay } from './purchase-payment.js';

const now = 1_800_000_000_000;
const purchase: PurchaseToPay = { idPurchase: 'lot-a1', channel: 'AUCTION', idUser: 'u1', amountCents: 700_050, currency: 'EUR' };
const request = (idAttempt: string): PaymentCommand => ({ type: 'RequestPurchasePayment', purchase, idAttempt, provider: 'demo', expiresAt: now + 900_000, now });
const requested = (idAttempt: string): PaymentEvent => ({ type: 'PurchasePaymentRequested', data: { ...purchase, idAttempt, provider: 'demo', expiresAt: now + 900_000, at: now } });
const confirm = (idAttempt: string, amountCents = 700_050): PaymentCommand => ({ type: 'ConfirmPurchasePayment', idPurchase: 'lot-a1', idAttempt, amountCents, providerRef: `ref-${idAttempt}`, now });
const paid = (idAttempt: string): PaymentEvent => ({ type: 'PurchasePaid', data: { idPurchase: 'lot-a1', idAttempt, providerRef: `ref-${idAttempt}`, at: now } });
const fail = (idAttempt: string): PaymentCommand => ({ type: 'RecordPurchasePaymentFailure', idPurchase: 'lot-a1', idAttempt, reason: 'DECLINED', now });
const failed = (idAttempt: string): PaymentEvent => ({ type: 'PurchasePaymentFailed', data: { idPurchase: 'lot-a1', idAttempt, reason: 'DECLINED', at: now } });
const payments = spec(paymentDecider);

describe('RequestPurchasePayment', () => {
  it('starts a pending payment of the purchase\'s price', () => {
    payments.given([]).when(request('t1')).then([requested('t1')]);
    const { state } = payments.given([]).when(request('t1')).run();
    expect([paymentStatusOf(state), state.status !== 'NONE' && state.purchase.amountCents]).toEqual(['PENDING', 700_050]);
  });
  it('retries a failed payment with a new attempt', () => {
    const { state } = payments.given([requested('t1'), failed('t1')]).when(request('t2')).run();
    expect(state.status !== 'NONE' && [state.status, state.idAttempt, state.attempts]).toEqual(['PENDING', 't2', 2]);
  });
  it('replaces a pending link (the older link\'s outcome is then refused)', () => {
    payments.given([requested('t1'), requested('t2')]).when(confirm('t1')).thenThrows('PAYMENT_ATTEMPT_SUPERSEDED');
  });
  it('refuses a purchase already paid (409420)', () => {
    payments.given([requested('t1'), paid('t1')]).when(request('t2')).thenThrows('PURCHASE_ALREADY_PAID');
  });
});

describe('ConfirmPurchasePayment', () => {
  it('pays the pending attempt', () => {
    payments.given([requested('t1')]).when(confirm('t1')).then([paid('t1')]);
    expect(paymentStatusOf(payments.given([requested('t1')]).when(confirm('t1')).run().state)).toBe('PAID');
  });
  it('paying twice is a no-op', () => {
    payments.given([requested('t1'), paid('t1')]).when(confirm('t1')).thenNothing();
  });
  it('refuses another amount than the price (422420)', () => {
    payments.given([requested('t1')]).when(confirm('t1', 700_049)).thenThrows('PAYMENT_AMOUNT_MISMATCH');
  });
  it('refuses a confirmation without a request (404421) or of an attempt that failed (409421)', () => {
    payments.given([]).when(confirm('t1')).thenThrows('PAYMENT_ATTEMPT_NOT_FOUND');
    payments.given([requested('t1'), failed('t1')]).when(confirm('t1')).thenThrows('PAYMENT_ATTEMPT_SUPERSEDED');
  });
});

describe('RecordPurchasePaymentFailure', () => {
  it('marks the pending attempt failed', () => {
    payments.given([requested('t1')]).when(fail('t1')).then([failed('t1')]);
    expect(paymentStatusOf(payments.given([requested('t1')]).when(fail('t1')).run().state)).toBe('FAILED');
  });
  it('a repeated failure, or one once paid, changes nothing', () => {
    payments.given([requested('t1'), failed('t1')]).when(fail('t1')).thenNothing();
    payments.given([requested('t1'), paid('t1')]).when(fail('t1')).thenNothing();
  });
  it('refuses the failure of a replaced attempt', () => {
    payments.given([requested('t1'), requested('t2')]).when(fail('t1')).thenThrows('PAYMENT_ATTEMPT_SUPERSEDED');
  });
});

describe('payment streams', () => {
  it('are named payment-{idPurchase} and folded by the payment decider', () => {
    expect(streamId.payment('lot-a1')).toBe('payment-lot-a1');
    expect(kindOf('payment-lot-a1')).toBe(PAYMENT);
    expect(paymentStatusOf(PAYMENT.initialState)).toBe('UNPAID');
  });
  it('evolve ignores a late failure once paid', () => {
    const state = [requested('t1'), paid('t1'), failed('t1')].reduce(paymentDecider.evolve, paymentDecider.initialState);
    expect(state.status).toBe('PAID');
  });
});
