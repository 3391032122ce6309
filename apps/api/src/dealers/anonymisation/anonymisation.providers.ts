import type { Provider, Type } from '@nestjs/common';

/** Controllers of the back-office's anonymisation feature. */
export const ANONYMISATION_CONTROLLERS: Type<unknown>[] = [];

/** Providers of the back-office's anonymisation feature. */
export const ANONYMISATION_PROVIDERS: Provider[] = [];
