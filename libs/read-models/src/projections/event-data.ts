import type { StoredEvent } from '@auction/event-store';

/** Stream id prefixes of the engine. */
export const STREAM_PREFIX = { auction: 'auction-', lot: 'lot-', vehicle: 'vehicle-', user: 'user-', template: 'template-', payment: 'payment-' } as const;

/** The domain event (`{type, data}`) carried by a stored event, typed as the union `E`. */
export function domainEventOf<E extends { type: string }>(event: StoredEvent): E {
  return { type: event.type, data: event.data } as unknown as E;
}

/**
 * Already normalized (`toISOString()`'s form) with a day every month has and hours below 24: parsing and printing it
 * gives it back. Most instants of the log are (the domain writes them so): a rebuild then spends nothing on them.
 */
const NORMALIZED = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** A normalized ISO instant, or null for a missing or unreadable one (a projection never throws). */
export function iso(value: unknown): string | null {
  if (typeof value === 'string' && NORMALIZED.test(value)) return value;
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** Money compared as the domain does: whole cents. */
export function cents(euros: number): number {
  return Math.round(euros * 100);
}
