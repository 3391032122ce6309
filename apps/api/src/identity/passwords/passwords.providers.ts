import type { Provider, Type } from '@nestjs/common';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { AccessTagStore } from './access-tags.js';
import { PasswordsController } from './passwords.controller.js';
import { PasswordsService } from './passwords.service.js';

/** Controllers of the passwords calls, registered by the identity module. */
export const PASSWORDS_CONTROLLERS: Type[] = [PasswordsController];

/**
 * Providers of the passwords calls, registered (and exported) by the identity module: the tags of the mailed links
 * (a side table on the read models' connection; the invitations use it too) and the passwords service.
 */
export const PASSWORDS_PROVIDERS: Provider[] = [
  { provide: AccessTagStore, useFactory: (fanout: Fanout) => new AccessTagStore(fanout.db), inject: [FANOUT] },
  PasswordsService,
];
