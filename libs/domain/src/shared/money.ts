/** Money is euros with at most two decimals; internally compared in whole cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Euros from cents. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** A positive amount with at most two decimals. */
export function isValidAmount(value: number): boolean {
  return Number.isFinite(value) && value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
