import type { Provider, Type } from '@nestjs/common';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { PushTokenController } from './push-token.controller.js';
import { PushTokenStore } from './push-tokens.js';

/** Controllers of the profile calls, registered by the identity module. */
export const PROFILE_CONTROLLERS: Type[] = [ProfileController, PushTokenController];

/**
 * Providers of the profile calls, registered (and exported) by the identity module: the profile service, the push
 * tokens (a table on the read models' connection, outside the read-model schema). Pushes are sent by the
 * communication context (`communication/push`).
 */
export const PROFILE_PROVIDERS: Provider[] = [
  ProfileService,
  { provide: PushTokenStore, useFactory: (fanout: Fanout) => new PushTokenStore(fanout.db), inject: [FANOUT] },
];
