import type { Provider, Type } from '@nestjs/common';
import { AdminDealersController } from './admin-dealers.controller.js';
import { DealerChanges } from './dealer-changes.service.js';
import { DealerMails } from './dealer-mails.js';
import { DealerQueries, dealerIndexProvider } from './dealer-queries.service.js';

/** Controllers of the back-office's dealers feature. */
export const DEALERS_CONTROLLERS: Type<unknown>[] = [AdminDealersController];

/** Providers of the back-office's dealers feature: the SQL dealer index, the reads and the changes. */
export const DEALERS_PROVIDERS: Provider[] = [dealerIndexProvider, DealerQueries, DealerChanges, DealerMails];
