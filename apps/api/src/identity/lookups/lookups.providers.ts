import type { Provider, Type } from '@nestjs/common';

/** Controllers of the lookups calls, registered by the identity module. */
export const LOOKUPS_CONTROLLERS: Type[] = [];

/** Providers of the lookups calls, registered (and exported) by the identity module. */
export const LOOKUPS_PROVIDERS: Provider[] = [];
