import { upcastEvent, upcastEventData } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { DomainEvent } from './stream-writer.js';

/*
 * The upcasters (and the redaction of secrets and usernames written by earlier releases) live in `@auction/domain`
 * (`upcasters.ts`), so the API and the replay tool read old events the same way. A legacy `username` is dropped on
 * read from every `UserRegistered`, `OfferPlaced` and `VehicleSold` body (personal data: its home is the username
 * claims); only the engine's index looks at the stored body's name, for users without a claim (`live-read-model.ts`).
 */

/** The domain event of a stored event, lifted to the current schema version. */
export function upcast(event: StoredEvent): DomainEvent {
  return { type: event.type, data: upcastEventData(event) };
}

/** A stored event with its data lifted to the current schema version (for consumers of stored events). */
export function upcastStored(event: StoredEvent): StoredEvent {
  return upcastEvent(event);
}
