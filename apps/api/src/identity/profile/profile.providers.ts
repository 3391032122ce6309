import type { Provider, Type } from '@nestjs/common';

/** Controllers of the profile calls, registered by the identity module. */
export const PROFILE_CONTROLLERS: Type[] = [];

/** Providers of the profile calls, registered (and exported) by the identity module. */
export const PROFILE_PROVIDERS: Provider[] = [];
