/** What the portal asks a payment provider for: a link that charges one attempt at paying a purchase. */
export interface PaymentLinkRequest {
  readonly idPurchase: string;
  /** The attempt this link pays: the provider names it in its notification, so an older link's outcome is refused. */
  readonly idAttempt: string;
  readonly amountCents: number;
  readonly currency: 'EUR';
  /** Where the provider sends the buyer's browser back: the web client's `paymentSuccess` and `paymentError` pages. */
  readonly returnUrls: { readonly success: string; readonly error: string };
  /** Epoch ms after which the link no longer pays. */
  readonly expiresAt: number;
}

/** A link made by the provider. */
export interface PaymentLink {
  readonly url: string;
}

/**
 * The port of a payment provider (pay by link). The provider tells the outcome of an attempt server-side, by a
 * notification signed with the shared secret (`POST /api/v1/open/payment-notification`, see payment-notifications.ts):
 * the browser's return to `paymentSuccess` only shows a page, it never pays a purchase.
 */
export interface PaymentProvider {
  /** The provider's name, recorded with each attempt. */
  readonly name: string;
  /** Makes a link; rejects when the provider cannot be reached or refuses (the API answers 502420). */
  createLink(request: PaymentLinkRequest): Promise<PaymentLink>;
}

/** Nest token of the configured {@link PaymentProvider}. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
