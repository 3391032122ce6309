import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PaymentNotification } from '@auction/contracts';
import { PaymentNotifications } from './payment-notifications.service.js';
import type { PaymentLink, PaymentLinkRequest, PaymentProvider } from './payment-provider.port.js';
import { PaymentSecret } from './payment-secret.js';
import { signPaymentNotification, centsToDecimal } from './payment-signature.js';

/** Where the demo page is served (by this API: `GET {DEMO_PAYMENT_PATH}/{token}`). */
export const DEMO_PAYMENT_PATH = '/api/v1/open/demo-payments';
/** Most demo links kept at once (the oldest are dropped first): a flood of link requests cannot grow memory for ever. */
const MAX_SESSIONS = 10_000;

/** A demo link's session, keyed by the SHA-256 of its token (the token itself is only in the buyer's link). */
export interface DemoPaymentSession {
  readonly request: PaymentLinkRequest;
}

/** What a click on the demo page leads to: the browser's next address. */
export interface DemoPaymentResult {
  readonly redirect: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The demo payment provider: the embedded default, named as such because a real provider cannot be reached from here.
 * Its link opens a small page served by this API (amount, "pay" and "fail"); a click notifies the portal server-side,
 * signed with the shared secret exactly as a real provider's notification (PaymentNotifications verifies it), then sends
 * the browser back to the web client's `paymentSuccess` or `paymentError` with `esito` and `messaggio`. A token is 192
 * random bits, single-use (a click ends it), expires with the link, and is kept in this process's memory only (a
 * restart ends open demo links: ask for a new one). It never charges anything.
 */
@Injectable()
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  private readonly logger = new Logger('DemoPaymentProvider');
  private readonly sessions = new Map<string, DemoPaymentSession>();

  constructor(private readonly notifications: PaymentNotifications, private readonly secret: PaymentSecret) {}

  createLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    this.prune(Date.now());
    const token = randomBytes(24).toString('base64url');
    this.sessions.set(hashOf(token), { request });
    this.logger.log(`demo payment provider: link for purchase ${request.idPurchase} (${centsToDecimal(request.amountCents)} ${request.currency}); nothing is charged`);
    // The page is served by this API, on the origin the buyer's browser is sent back to.
    return Promise.resolve({ url: `${new URL(request.returnUrls.success).origin}${DEMO_PAYMENT_PATH}/${token}` });
  }

  /** The open session of a token, or null (unknown, used or expired: one answer). */
  session(token: string, now = Date.now()): DemoPaymentSession | null {
    const session = this.sessions.get(hashOf(token));
    if (!session || session.request.expiresAt <= now) return null;
    return session;
  }

  /**
   * The buyer clicked pay or fail: the session ends (single-use), the portal is notified with a signed notification, and
   * the browser goes back to the web client. Null for a token that is not open.
   */
  async complete(token: string, outcome: 'PAID' | 'FAILED'): Promise<DemoPaymentResult | null> {
    const key = hashOf(token);
    const session = this.session(token);
    if (!session) return null;
    this.sessions.delete(key);
    const { request } = session;
    const notification: PaymentNotification = {
      idPurchase: request.idPurchase, idAttempt: request.idAttempt, outcome, amount: centsToDecimal(request.amountCents), currency: request.currency,
      providerRef: `demo:${randomUUID()}`, ...(outcome === 'FAILED' ? { reason: 'DECLINED_BY_DEMO' } : {}),
    };
    const back = (url: string, esito: string, messaggio: string) => ({ redirect: `${url}?${new URLSearchParams({ esito, messaggio })}` });
    try {
      await this.notifications.receive(notification, signPaymentNotification(notification, this.secret.value));
    } catch (error) {
      this.logger.warn(`demo payment provider: the portal refused the outcome of ${request.idPurchase}: ${String(error)}`);
      return back(request.returnUrls.error, 'KO', 'The payment could not be recorded: this link was replaced by a newer one.');
    }
    return outcome === 'PAID'
      ? back(request.returnUrls.success, 'OK', `Demo payment of ${centsToDecimal(request.amountCents)} ${request.currency} accepted.`)
      : back(request.returnUrls.error, 'KO', 'Demo payment declined.');
  }

  private prune(now: number): void {
    for (const [key, s] of this.sessions) if (s.request.expiresAt <= now) this.sessions.delete(key);
    while (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }
}
