import type { Provider, Type } from '@nestjs/common';
import { PartnerDealersController } from './partner-dealers.controller.js';

/** Controllers of the back-office's staff feature: the partner dealers (auctioneers, exhibitors, multi-auctioneers). */
export const STAFF_CONTROLLERS: Type<unknown>[] = [PartnerDealersController];

/** Providers of the back-office's staff feature (its services are the dealers feature's, in the same module). */
export const STAFF_PROVIDERS: Provider[] = [];
