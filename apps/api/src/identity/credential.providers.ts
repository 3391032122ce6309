import type { Provider } from '@nestjs/common';
import { FANOUT } from '../platform/engine/tokens.js';
import type { Fanout } from '../platform/fanout/fanout.js';
import { CREDENTIAL_STORE } from './credential-store.port.js';
import { CredentialsService } from './credentials.service.js';
import { LegacyCredentialMigration } from './legacy-credentials.js';
import { SqlCredentialStore } from './sql-credential-store.js';

/**
 * Providers of the credentials, for `AppModule.forRoot`: the store (a table on the read models' connection, see
 * `sql-credential-store.ts`), the service logins and the demo data use, and the start-up migration of hashes
 * that earlier releases kept in the event log.
 */
export const CREDENTIAL_PROVIDERS: Provider[] = [
  { provide: CREDENTIAL_STORE, useFactory: (fanout: Fanout) => new SqlCredentialStore(fanout.db), inject: [FANOUT] },
  CredentialsService,
  LegacyCredentialMigration,
];
