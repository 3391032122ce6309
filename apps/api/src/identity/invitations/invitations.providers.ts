import type { Provider, Type } from '@nestjs/common';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';

/** Controllers of the invitations calls, registered by the identity module. */
export const INVITATIONS_CONTROLLERS: Type[] = [InvitationsController];

/** Providers of the invitations calls, registered (and exported) by the identity module (tags: passwords.providers.ts). */
export const INVITATIONS_PROVIDERS: Provider[] = [InvitationsService];
