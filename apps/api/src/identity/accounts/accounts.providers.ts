import type { Provider } from '@nestjs/common';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { EventStore } from '@auction/event-store';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG, EVENT_STORE, FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { AccountMail } from './account-mail.js';
import { AccountsService } from './accounts.service.js';
import { PersonalChanges } from './personal-changes.js';
import { PERSONAL_DATA_STORE, SqlPersonalDataStore } from './personal-data.js';
import { UsernameClaims } from './username-claims.js';

/**
 * Accounts: the personal-data store and the username claims (tables on the read models' connection, outside the
 * read-model schema), the service that creates users, and the mails sent to account holders.
 */
export const ACCOUNTS_PROVIDERS: Provider[] = [
  { provide: PERSONAL_DATA_STORE, useFactory: (fanout: Fanout) => new SqlPersonalDataStore(fanout.db), inject: [FANOUT] },
  // Admin edits: the data and its event kept in step through a crash (the store above, the log).
  {
    provide: PersonalChanges, inject: [PERSONAL_DATA_STORE, EVENT_STORE, APP_CONFIG],
    useFactory: (store: SqlPersonalDataStore, events: EventStore, config: AppConfig) => new PersonalChanges(store, events, config.personalChangeGraceMs),
  },
  // The claims keep the engine's index named (usernames are not in the log): loaded at start, followed on each claim.
  { provide: UsernameClaims, useFactory: (fanout: Fanout, index: LiveReadModel) => new UsernameClaims(fanout.db, index), inject: [FANOUT, LiveReadModel] },
  AccountsService,
  AccountMail,
];
