/** The largest amount of money the product takes, in euros (documented in the API description). */
export const MAX_AMOUNT = 100_000_000;
/** {@link MAX_AMOUNT} in cents: far below 2^53, so every amount is an exact integer of cents. */
export const MAX_AMOUNT_CENTS = MAX_AMOUNT * 100;

/** Money is euros with at most two decimals; internally compared in whole cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Euros from cents. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * A positive amount of whole cents, at most {@link MAX_AMOUNT}: exactly the number a decimal with at most two
 * decimals parses to (`cents / 100` is the double nearest that decimal), so `1000.000000001` or `0.001` fail.
 */
export function isValidAmount(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= MAX_AMOUNT && fromCents(toCents(value)) === value;
}
