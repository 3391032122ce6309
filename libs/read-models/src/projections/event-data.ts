import type { StoredEvent } from '@auction/event-store';

/** Stream id prefixes of the engine. */
export const STREAM_PREFIX = { auction: 'auction-', lot: 'lot-', vehicle: 'vehicle-', user: 'user-', template: 'template-', payment: 'payment-' } as const;

/** The domain event (`{type, data}`) carried by a stored event, typed as the union `E`. */
export function domainEventOf<E extends { type: string }>(event: StoredEvent): E {
  return { type: event.type, data: event.data } as unknown as E;
}

/** A normalized ISO instant, or null for a missing or unreadable one (a projection never throws). */
export function iso(value: unknown): string | null {
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** Money compared as the domain does: whole cents. */
export function cents(euros: number): number {
  return Math.round(euros * 100);
}
