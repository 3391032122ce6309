import { fromCents, isBuyNowAvailable, isValidAmount, nextMinimumOffer, toCents } from '@auction/domain';

/** The price rules of a lot that an offer form needs. */
export interface OfferRules {
  basePrice: number;
  minIncrement: number;
  buyNowPrice: number | null;
}

/** Why a typed amount cannot be sent: not a positive amount with at most two decimals, or below the minimum. */
export type AmountValidation = null | 'invalid' | 'belowMinimum';

/** Error thrown by the `sendOffer` actor: the HTTP status and the API's numeric error code, when there are. */
export interface OfferError {
  status?: number;
  errorCode?: number;
}

/** The next valid offer for a best offer (the domain's `nextMinimumOffer`). */
export function minimumOffer(rules: OfferRules, bestOffer: number | null): number {
  return nextMinimumOffer(rules, bestOffer === null ? null : { amount: bestOffer });
}

/** Checks an amount with the domain's money rules. */
export function validateAmount(amount: number, minimum: number): AmountValidation {
  if (!isValidAmount(amount)) return 'invalid';
  return toCents(amount) < toCents(minimum) ? 'belowMinimum' : null;
}

/**
 * An amount "far above" the price asks for a confirmation before it is sent: more than 25 % above the next valid
 * offer and more than 10 increments above it (a typo such as 92,000 for 9,200, not a quick "+ 5 increments").
 */
export function isFarAbove(rules: OfferRules, amount: number, minimum: number): boolean {
  const over = toCents(amount) - toCents(minimum);
  return over * 4 > toCents(minimum) && over > 10 * toCents(rules.minIncrement);
}

/** Buy now is possible (the domain's rule): a buy-now price no offer has reached. */
export function buyNowOpen(rules: OfferRules, bestOffer: number | null): boolean {
  return isBuyNowAvailable(rules.buyNowPrice, bestOffer === null ? null : { amount: bestOffer });
}

/** A typed amount at or above a buy-now price that is still open: buy now is the better offer. */
export function reachesBuyNow(rules: OfferRules, amount: number, bestOffer: number | null): boolean {
  return buyNowOpen(rules, bestOffer) && isValidAmount(amount) && toCents(amount) >= toCents(rules.buyNowPrice!);
}

/** `amount` plus `steps` minimum increments, in cents (never below the next valid offer). */
export function plusIncrements(rules: OfferRules, amount: number, minimum: number, steps: number): number {
  const from = isValidAmount(amount) && toCents(amount) >= toCents(minimum) ? amount : minimum;
  return fromCents(toCents(from) + steps * toCents(rules.minIncrement));
}

const isClientStatus = (n: number) => n >= 400 && n < 500;

/**
 * The error code of a refusal (a 4xx answer: the API's 6-digit code, else the status), or null when the
 * failure is worth retrying: network errors, 5xx, 408 and 429 without a 4xx error code.
 */
export function refusalCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, errorCode } = error as OfferError;
  if (typeof errorCode === 'number' && isClientStatus(errorCode >= 1000 ? Math.floor(errorCode / 1000) : errorCode)) return errorCode;
  if (typeof status === 'number' && isClientStatus(status) && status !== 408 && status !== 429) return status;
  return null;
}
