import type { Provider, Type } from '@nestjs/common';

/** Controllers of the registration calls, registered by the identity module. */
export const REGISTRATION_CONTROLLERS: Type[] = [];

/** Providers of the registration calls, registered (and exported) by the identity module. */
export const REGISTRATION_PROVIDERS: Provider[] = [];
