import { Inject, Injectable, Logger } from '@nestjs/common';
import { API_ERROR_CODES, PaymentNotification } from '@auction/contracts';
import { decidePayment, streamId, type PaymentCommand, type PaymentState } from '@auction/domain';
import { AccessError } from '../platform/engine/access-error.js';
import { Consistency } from '../platform/engine/consistency.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../platform/engine/tokens.js';
import { ValidationError, parse } from '../platform/http/validation.js';
import { PaymentSecret } from './payment-secret.js';
import { decimalToCents, verifyPaymentNotification } from './payment-signature.js';

/**
 * A payment provider's server-side notification of an attempt's outcome: the only way a purchase becomes PAID or
 * FAILED. Malformed: 400421; refused unless its signature (HMAC-SHA256 with the shared secret) verifies: 401520, nothing written. A PAID
 * outcome must charge the purchase's price (422420) and be of its current attempt (409421); a repeat changes nothing.
 */
@Injectable()
export class PaymentNotifications {
  private readonly logger = new Logger('PaymentNotifications');

  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    private readonly secret: PaymentSecret,
    private readonly consistency: Consistency,
  ) {}

  async receive(body: unknown, signature: unknown): Promise<{ paymentStatus: 'PAID' | 'FAILED' | 'PENDING' }> {
    const notification = this.parse(body);
    if (!verifyPaymentNotification(notification, signature, this.secret.value)) {
      this.logger.warn(`refused a payment notification for ${notification.idPurchase}: bad signature`);
      // The signature is the provider's access (it has no login): a missing or wrong one is 401, as a wrong token is.
      throw new AccessError(401, API_ERROR_CODES.PAYMENT_NOTIFICATION_UNSIGNED, 'the notification\'s signature (x-payment-signature) does not verify: it must be the HMAC-SHA256 of the notification');
    }
    const { idPurchase, idAttempt, providerRef } = notification;
    const sid = streamId.payment(idPurchase);
    const outcome = await this.writer.execute({
      streams: [sid],
      metadata: { userId: 'payment-provider' },
      decide: (view, now) => {
        const command: PaymentCommand = notification.outcome === 'PAID'
          ? { type: 'ConfirmPurchasePayment', idPurchase, idAttempt, amountCents: decimalToCents(notification.amount), providerRef, now }
          : { type: 'RecordPurchasePaymentFailure', idPurchase, idAttempt, reason: notification.reason || 'FAILED', now };
        return [{ streamId: sid, events: decidePayment(command, view.state<PaymentState>(sid)) }];
      },
      reply: (view) => {
        const state = view.state<PaymentState>(sid);
        return { paymentStatus: state.status === 'NONE' ? 'PENDING' as const : state.status };
      },
    });
    this.consistency.noteWrite(outcome);
    return outcome.reply;
  }

  private parse(body: unknown): PaymentNotification {
    try {
      return parse(PaymentNotification, body);
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(error.message, error.details, API_ERROR_CODES.PAYMENT_NOTIFICATION_INVALID);
      throw error;
    }
  }
}
