import type { Provider, Type } from '@nestjs/common';

/** Controllers of the passwords calls, registered by the identity module. */
export const PASSWORDS_CONTROLLERS: Type[] = [];

/** Providers of the passwords calls, registered (and exported) by the identity module. */
export const PASSWORDS_PROVIDERS: Provider[] = [];
