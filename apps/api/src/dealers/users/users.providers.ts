import type { Provider, Type } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** Controllers of the back-office's users feature. */
export const USERS_CONTROLLERS: Type<unknown>[] = [AdminUsersController];

/** Providers of the back-office's users feature. */
export const USERS_PROVIDERS: Provider[] = [AdminUsersService];
