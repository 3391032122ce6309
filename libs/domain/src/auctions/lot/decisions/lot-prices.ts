import { DomainError } from '../../../shared/errors.js';
import { isValidAmount, toCents } from '../../../shared/money.js';
import type { LotDefinition } from '../lot.types.js';

/**
 * The prices of a lot: every amount whole cents within the bound (so the minimum increment is at least one cent),
 * and a buy-now price at least the reserve (buying now below it would sell under the seller's floor).
 */
export function checkLotPrices(def: LotDefinition): void {
  const amounts = [def.basePrice, def.minIncrement, def.reservePrice, def.buyNowPrice].filter((v): v is number => v !== null);
  if (!amounts.every(isValidAmount)) throw new DomainError('INVALID_AMOUNT', 'every amount must be a positive number of euros with at most 2 decimals');
  if (def.buyNowPrice !== null && def.reservePrice !== null && toCents(def.buyNowPrice) < toCents(def.reservePrice)) {
    throw new DomainError('BUY_NOW_BELOW_RESERVE', 'the buy-now price must be at least the reserve price');
  }
}
