import type { Provider, Type } from '@nestjs/common';

/** Controllers of the back-office's audit feature. */
export const AUDIT_CONTROLLERS: Type<unknown>[] = [];

/** Providers of the back-office's audit feature. */
export const AUDIT_PROVIDERS: Provider[] = [];
