import { z } from 'zod';
import { PAYMENT_STATUSES } from '@auction/domain';
import { Id } from './common.js';

/** Query of `GET /api/v1/secure/user/payByLink`: the caller's purchase (idLot of a lot won, idVehicle of a showcase vehicle bought). */
export const PayByLinkQuery = z.object({ idPurchase: Id });
export type PayByLinkQuery = z.infer<typeof PayByLinkQuery>;

/** Exact money as text: euros with exactly two decimals (`7000.50`), never a binary fraction. */
export const DecimalAmount = z.string().regex(/^(0|[1-9][0-9]{0,8})\.[0-9]{2}$/, 'must be euros with two decimals');

/** The answer of payByLink: the provider's link and what it charges. */
export const PayByLinkView = z.object({
  idPurchase: z.string(),
  url: z.string(),
  amount: DecimalAmount,
  amountCents: z.number().int(),
  currency: z.literal('EUR'),
  expiresAt: z.string(),
  provider: z.string(),
});
export type PayByLinkView = z.infer<typeof PayByLinkView>;

/**
 * A payment provider's server-side notification of an attempt's outcome (`POST /api/v1/open/payment-notification`),
 * signed with the shared secret: header `x-payment-signature` = hex HMAC-SHA256 of {@link paymentNotificationPayload}.
 */
export const PaymentNotification = z.object({
  idPurchase: Id,
  idAttempt: Id,
  outcome: z.enum(['PAID', 'FAILED']),
  amount: DecimalAmount,
  currency: z.literal('EUR'),
  providerRef: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/),
  reason: z.string().max(60).regex(/^[A-Z_]*$/).optional(),
}).strict();
export type PaymentNotification = z.infer<typeof PaymentNotification>;

/** The text a notification's signature covers: its fields in a fixed order (not the wire JSON, whose key order may vary). */
export function paymentNotificationPayload(n: PaymentNotification): string {
  return [n.idPurchase, n.idAttempt, n.outcome, n.amount, n.currency, n.providerRef, n.reason ?? ''].join('|');
}

/** A query value shown as text: a string (or a number or boolean the router parsed from it), cut to `max` characters; anything else dropped. */
const shownText = (max: number) => z.unknown().transform((v) => (['string', 'number', 'boolean'].includes(typeof v) ? String(v).slice(0, max) : undefined));

/** The payment outcome pages' query (`paymentSuccess`, `paymentError`): spec 01's `esito` and `messaggio`, shown as text. */
export const PaymentResultSearch = z.object({ esito: shownText(40).optional(), messaggio: shownText(300).optional() });
export type PaymentResultSearch = z.infer<typeof PaymentResultSearch>;
