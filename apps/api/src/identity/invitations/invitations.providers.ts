import type { Provider, Type } from '@nestjs/common';

/** Controllers of the invitations calls, registered by the identity module. */
export const INVITATIONS_CONTROLLERS: Type[] = [];

/** Providers of the invitations calls, registered (and exported) by the identity module. */
export const INVITATIONS_PROVIDERS: Provider[] = [];
