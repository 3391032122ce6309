import type { Provider, Type } from '@nestjs/common';

/** Controllers of the back-office's dealers feature. */
export const DEALERS_CONTROLLERS: Type<unknown>[] = [];

/** Providers of the back-office's dealers feature. */
export const DEALERS_PROVIDERS: Provider[] = [];
