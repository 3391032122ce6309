import { Module } from '@nestjs/common';
import { AdminSellersController } from './admin-sellers.controller.js';
import { ReferenceSellerController } from './reference-seller.controller.js';
import { SellerChanges } from './seller-changes.service.js';
import { SellerIndex } from './seller-index.js';
import { SellerQueries } from './seller-queries.service.js';

/** Controllers of the sellers (partners context). */
export const SELLERS_CONTROLLERS = [AdminSellersController, ReferenceSellerController];

/** The sellers: a partner's salespeople, their market's configuration and the dealers whose reference they are (issue 23 item 3). */
@Module({ controllers: SELLERS_CONTROLLERS, providers: [SellerIndex, SellerQueries, SellerChanges], exports: [SellerIndex, SellerQueries] })
export class SellersModule {}
