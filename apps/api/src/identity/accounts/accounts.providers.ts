import type { Provider } from '@nestjs/common';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { AccountMail } from './account-mail.js';
import { AccountsService } from './accounts.service.js';
import { PERSONAL_DATA_STORE, SqlPersonalDataStore } from './personal-data.js';
import { UsernameClaims } from './username-claims.js';

/**
 * Accounts: the personal-data store and the username claims (tables on the read models' connection, outside the
 * read-model schema), the service that creates users, and the mails sent to account holders.
 */
export const ACCOUNTS_PROVIDERS: Provider[] = [
  { provide: PERSONAL_DATA_STORE, useFactory: (fanout: Fanout) => new SqlPersonalDataStore(fanout.db), inject: [FANOUT] },
  { provide: UsernameClaims, useFactory: (fanout: Fanout) => new UsernameClaims(fanout.db), inject: [FANOUT] },
  AccountsService,
  AccountMail,
];
