import { withoutLegacySecrets } from './identity/user/user.upcasters.js';

/** What upcasting needs of a stored event. */
export interface VersionedEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Record<string, unknown>;
}

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Upcasters by event type and the schema version they read. Every event type is at version 1 today;
 * a new version adds an entry here that lifts the old shape, so old events are read as new ones.
 */
const UPCASTERS: Record<string, Record<number, Upcaster>> = {};

/**
 * The username that bodies of earlier releases carry (`UserRegistered`, `OfferPlaced`, `VehicleSold`), removed on
 * read. Usernames may be e-mail addresses, i.e. personal data that erasure must remove: its one home is the
 * username claims table beside the log, and readers resolve a name by id when answering. Nothing downstream needs
 * it from a body, so every reader (projections, the events API, the replay tool, the Kafka relay) is served without
 * it; the stored bodies of earlier releases still hold it on disk until a log rewrite (not built). The engine's index
 * reads a legacy body's name before upcasting, for users that have no claim (see the API's `LiveReadModel`).
 */
export function withoutUsername(data: Record<string, unknown>): Record<string, unknown> {
  if (!('username' in data)) return data;
  const { username: _personal, ...rest } = data;
  return rest;
}

/**
 * Secrets and personal data that bodies written by earlier releases carry, removed on every read whatever the
 * version: they must reach no reader (engine, projections, the events API, the replay tool), not only the current code.
 */
const REDACTIONS: Record<string, Upcaster> = {
  UserRegistered: (data) => withoutUsername(withoutLegacySecrets(data)),
  OfferPlaced: withoutUsername,
  VehicleSold: withoutUsername,
};

/**
 * The body of a stored event lifted to the current schema of its type, without legacy secrets. The same object
 * when nothing changes. Every reader of stored events goes through this (or {@link upcastEvent}).
 */
export function upcastEventData(event: VersionedEvent): Record<string, unknown> {
  let data = event.data;
  const steps = UPCASTERS[event.type];
  for (let v = event.schemaVersion; steps?.[v]; v++) data = steps[v]!(data);
  const redact = REDACTIONS[event.type];
  return redact ? redact(data) : data;
}

/** A stored event with its body upcast (see {@link upcastEventData}); the same object when nothing changes. */
export function upcastEvent<E extends VersionedEvent>(event: E): E {
  const data = upcastEventData(event);
  return data === event.data ? event : { ...event, data };
}

/**
 * A stored event without the secrets earlier releases wrote into its body, its schema untouched (the same object when
 * it has none): for what passes stored events on as they are, such as the relay that publishes the log to Kafka.
 */
export function withoutSecrets<E extends VersionedEvent>(event: E): E {
  const redact = REDACTIONS[event.type];
  const data = redact ? redact(event.data) : event.data;
  return data === event.data ? event : { ...event, data };
}
