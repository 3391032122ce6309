import type { Provider, Type } from '@nestjs/common';

/** Controllers of the back-office's users feature. */
export const USERS_CONTROLLERS: Type<unknown>[] = [];

/** Providers of the back-office's users feature. */
export const USERS_PROVIDERS: Provider[] = [];
