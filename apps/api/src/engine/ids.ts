import { createHash, randomBytes } from 'node:crypto';

/** A new random id (11 URL-safe characters). */
export function newId(): string {
  return randomBytes(8).toString('base64url');
}

/** A stable id derived from its parts: a retried creation with the same idempotency key gets the same id. */
export function derivedId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 11);
}

/** Lot ids follow from their auction's id and number, so a retried creation makes the same lots. */
export function lotIdOf(idAuction: string, lotNumber: number): string {
  return `${idAuction}-${lotNumber}`;
}
