import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { USER, legacyPasswordHashOf } from '@auction/domain';
import type { EventStore } from '@auction/event-store';
import { EVENT_STORE } from '../platform/engine/tokens.js';
import { CREDENTIAL_STORE, type CredentialStore } from './credential-store.port.js';

const READERS = 8;

/**
 * Copies the password hashes that earlier releases wrote into `UserRegistered` bodies into the credential store,
 * for the users that have none stored yet (a stored credential always wins). Reads only the first event of the
 * streams of users without credentials, so a start-up after the migration costs one query. Returns how many
 * hashes were copied.
 */
export async function migrateLegacyCredentials(events: Pick<EventStore, 'listStreams' | 'readStream'>, credentials: CredentialStore): Promise<number> {
  const streams = await events.listStreams(USER.prefix);
  const idOf = new Map(streams.map((sid) => [sid.slice(USER.prefix.length), sid]));
  const queue = await credentials.missing([...idOf.keys()]);
  let copied = 0;
  const reader = async () => {
    for (let idUser = queue.pop(); idUser !== undefined; idUser = queue.pop()) {
      const [first] = await events.readStream(idOf.get(idUser)!, { toVersion: 1 });
      const hash = first ? legacyPasswordHashOf(first) : null;
      if (hash && (await credentials.setIfAbsent(idUser, hash))) copied++;
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return copied;
}

/** Runs {@link migrateLegacyCredentials} while the application starts, before it listens. */
@Injectable()
export class LegacyCredentialMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger('Credentials');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const copied = await migrateLegacyCredentials(this.events, this.credentials);
    if (copied > 0) this.logger.log(`moved ${copied} password hash(es) of earlier releases out of the event log into the credential store`);
  }
}
