import { describe, expect, it } from 'vitest';
import type { PaymentEvent, PurchaseToPay } from '@auction/domain';
import { stored } from '../testing/stored.test-support.js';
import { projectAll } from './project-event.js';

const SID = 'payment-L-1';
const at = 1_800_000_000_000;
const purchase: PurchaseToPay = { idPurchase: 'L-1', channel: 'AUCTION', idUser: 'u1', amountCents: 700_050, currency: 'EUR' };
const ev = (e: PaymentEvent) => stored(SID, e);
const requested = (idAttempt: string) => ev({ type: 'PurchasePaymentRequested', data: { ...purchase, idAttempt, provider: 'demo', expiresAt: at, at } });
const paid = (idAttempt: string) => ev({ type: 'PurchasePaid', data: { idPurchase: 'L-1', idAttempt, providerRef: 'r', at } });
const failed = (idAttempt: string) => ev({ type: 'PurchasePaymentFailed', data: { idPurchase: 'L-1', idAttempt, reason: 'DECLINED', at } });
const statusOf = (events: ReturnType<typeof ev>[]) => projectAll(events).payments.get({ idPurchase: 'L-1' })?.status;

describe('purchase payments read model', () => {
  it('follows a payment: pending, failed, retried, paid', () => {
    const first = requested('a1');
    expect(projectAll([first]).payments.get({ idPurchase: 'L-1' })).toEqual({
      idPurchase: 'L-1', idUser: 'u1', status: 'PENDING', idAttempt: 'a1', amountCents: 700_050, changedPosition: first.position,
    });
    expect(statusOf([requested('a1'), failed('a1')])).toBe('FAILED');
    expect(statusOf([requested('a1'), failed('a1'), requested('a2')])).toBe('PENDING');
    expect(statusOf([requested('a1'), failed('a1'), requested('a2'), paid('a2')])).toBe('PAID');
  });
  it('keeps PAID whatever comes after; a failure of a replaced attempt changes nothing', () => {
    expect(statusOf([requested('a1'), paid('a1'), failed('a1'), requested('a2')])).toBe('PAID');
    expect(statusOf([requested('a1'), requested('a2'), failed('a1')])).toBe('PENDING');
  });
});
