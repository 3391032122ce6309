import { API_ERROR_CODES } from '@auction/contracts';
import { MARKETS, type Market } from '@auction/domain';
import type { Actor } from './actor.js';
import { AccessError } from '../platform/engine/access-error.js';

/**
 * The ownership rule of the back-office: an ADMIN or CUSTOMER_CENTER user acts only on dealers and users of the
 * markets of their `adminEnabledMarket` (spec 01 §3). Every `/admin/*` call on one dealer or user checks it; every
 * list is narrowed to them. A target without a market (staff without a dealer) is of the market `OTHER`.
 */
export function adminMarkets(actor: Actor): readonly Market[] {
  return actor.adminEnabledMarket ?? [];
}

/** Throws 403021 when `market` is not one the caller manages. */
export function assertInScope(actor: Actor, market: Market | null | undefined): void {
  if (!adminMarkets(actor).includes(market ?? 'OTHER')) {
    throw new AccessError(403, API_ERROR_CODES.OUTSIDE_ADMIN_MARKETS, 'this dealer or user is of a market you do not manage');
  }
}

/**
 * Throws 403021 unless the caller manages every market: for what cannot be narrowed to markets (the global event
 * log, whose pages hold every market's dealers and users).
 */
export function assertEveryMarket(actor: Actor): void {
  if (!MARKETS.every((m) => adminMarkets(actor).includes(m))) {
    throw new AccessError(403, API_ERROR_CODES.OUTSIDE_ADMIN_MARKETS, 'the global event log holds dealers and users of markets you do not manage');
  }
}

/**
 * The markets a list may show: the requested ones the caller manages (all they manage when none is requested).
 * A requested market outside them is 403021, not silently dropped: the caller would read an empty list as "none".
 */
export function scopedMarkets(actor: Actor, requested?: readonly Market[] | Market | null): readonly Market[] {
  const own = adminMarkets(actor);
  const wanted = requested == null ? [] : Array.isArray(requested) ? requested : [requested as Market];
  if (wanted.length === 0) return own;
  for (const m of wanted) assertInScope(actor, m);
  return wanted;
}
