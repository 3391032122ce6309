import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentNotificationPayload, type PaymentNotification } from '@auction/contracts';

/** The header a payment provider's notification carries its signature in. */
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

/** The hex HMAC-SHA256 of a notification's signed payload with the shared secret. */
export function signPaymentNotification(notification: PaymentNotification, secret: string): string {
  return createHmac('sha256', secret).update(paymentNotificationPayload(notification)).digest('hex');
}

/** True when `signature` is the notification's (compared in constant time; anything malformed is false). */
export function verifyPaymentNotification(notification: PaymentNotification, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(signPaymentNotification(notification, secret), 'hex'));
}

/** Euros with two decimals from whole cents, exactly (`700050` → `7000.50`): money never goes through a binary fraction. */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whole cents of a two-decimal amount (`7000.50` → `700050`), read as text. */
export function decimalToCents(amount: string): number {
  const [euros, cents] = amount.split('.') as [string, string];
  return Number(euros) * 100 + Number(cents);
}
