import type { Provider, Type } from '@nestjs/common';

/** Controllers of the back-office's staff feature. */
export const STAFF_CONTROLLERS: Type<unknown>[] = [];

/** Providers of the back-office's staff feature. */
export const STAFF_PROVIDERS: Provider[] = [];
