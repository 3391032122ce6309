import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES, type PayByLinkView } from '@auction/contracts';
import { DomainError, decidePayment, streamId, type LotState, type PaymentState, type PurchaseToPay, type VehicleState } from '@auction/domain';
import { SsoService } from '../identity/sso/sso.service.js';
import type { Actor } from '../identity/actor.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { AccessError } from '../platform/engine/access-error.js';
import { Consistency } from '../platform/engine/consistency.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { APP_CONFIG, CLOCK, STREAM_WRITER, type Clock } from '../platform/engine/tokens.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.port.js';
import { centsToDecimal } from './payment-signature.js';
import { purchaseOf } from './purchase-of.js';

/**
 * `GET /secure/user/payByLink`: a payment link for one of the caller's purchases. The purchase is read from the streams
 * that own it (its lot, or its showcase vehicle) in the same turn as the payment stream decides, so the price charged is
 * the awarded or sold price in whole cents. A new attempt is recorded (PurchasePaymentRequested), then the provider makes
 * its link; a provider that fails leaves a pending attempt no link pays (a retry makes a new one): 502420.
 */
@Injectable()
export class PayByLinkService {
  private readonly logger = new Logger('PayByLink');

  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly consistency: Consistency,
    private readonly sso: SsoService,
  ) {}

  /** `requestOrigin`: the origin the browser used; the provider sends it back there when it is one of the portal's, else to PUBLIC_URL. */
  async link(actor: Actor, idPurchase: string, requestOrigin: string): Promise<PayByLinkView> {
    const idAttempt = randomUUID();
    const expiresAt = this.clock.now() + this.config.payments.linkTtlMs;
    const [pay, lot, vehicle] = [streamId.payment(idPurchase), streamId.lot(idPurchase), streamId.vehicle(idPurchase)];
    const outcome = await this.writer.execute<PurchaseToPay>({
      streams: [pay, lot, vehicle],
      actor,
      metadata: { userId: actor.idUser },
      decide: (view, now) => {
        const purchase = purchaseOf(idPurchase, actor.idUser, view.state<LotState>(lot), view.state<VehicleState>(vehicle));
        if (!purchase) throw new DomainError('PURCHASE_NOT_FOUND', 'no purchase of yours has this id');
        const command = { type: 'RequestPurchasePayment', purchase, idAttempt, provider: this.provider.name, expiresAt, now } as const;
        return [{ streamId: pay, events: decidePayment(command, view.state<PaymentState>(pay)) }];
      },
      reply: (view) => (view.state<PaymentState>(pay) as Extract<PaymentState, { purchase: unknown }>).purchase,
    });
    this.consistency.noteWrite(outcome);
    const purchase = outcome.reply;
    const origin = this.sso.originOf(requestOrigin);
    const returnUrls = { success: `${origin}/paymentSuccess`, error: `${origin}/paymentError` };
    const link = await this.provider.createLink({ idPurchase, idAttempt, amountCents: purchase.amountCents, currency: purchase.currency, returnUrls, expiresAt })
      .catch((error: unknown) => {
        this.logger.warn(`payment provider ${this.provider.name} made no link for ${idPurchase}: ${String(error)}`);
        throw new AccessError(502, API_ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE, 'the payment provider could not make a link: try again later');
      });
    return {
      idPurchase, url: link.url, amount: centsToDecimal(purchase.amountCents), amountCents: purchase.amountCents, currency: purchase.currency,
      expiresAt: new Date(expiresAt).toISOString(), provider: this.provider.name,
    };
  }
}
