import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  AssociateSellerDealer, ReferenceSellerDealerQuery, SellerConfigBody, SellerCreate, SellerEdit, SellerIdQuery, SellerMarketOnlyQuery, SellerMarketQuery,
  type ReferenceSellerDealer, type SelectedCodes, type SellerPage, type SellerView,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { scopedMarkets } from '../../identity/admin-scope.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { SellerChanges } from './seller-changes.service.js';
import { SellerIndex } from './seller-index.js';
import { SellerQueries } from './seller-queries.service.js';

/**
 * The sellers back-office (`/api/v1/admin/seller*`, spec 02 §7) for ADMIN or CUSTOMER_CENTER; ADMIN alone deletes.
 * The market scope of idSeller and idDealer is the access guard's (resource-scope.ts); of `market`, `scopedMarkets`.
 */
@Controller('api/v1/admin')
export class AdminSellersController {
  constructor(private readonly queries: SellerQueries, private readonly changes: SellerChanges, private readonly index: SellerIndex) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('seller')
  get(@Query() query: unknown): Promise<SellerView> {
    return this.queries.view(parse(SellerIdQuery, query, 'query').idSeller);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Post('seller')
  @HttpCode(201)
  create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<SellerView> {
    return this.changes.create(actor, parse(SellerCreate, body));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Put('seller')
  edit(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<SellerView> {
    return this.changes.edit(actor, parse(SellerEdit, body));
  }

  @Roles('ADMIN')
  @Delete('seller')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<void> {
    await this.changes.delete(actor, parse(SellerIdQuery, query, 'query').idSeller);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('seller-market')
  market(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<SellerPage> {
    return this.queries.page(actor, parse(SellerMarketQuery, query, 'query'));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('seller-config')
  config(@CurrentActor() actor: Actor, @Query() query: unknown): SellerConfigBody {
    const { market } = parse(SellerMarketOnlyQuery, query, 'query');
    scopedMarkets(actor, market);
    return this.index.config(market);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Post('seller-config')
  @HttpCode(200)
  setConfig(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<SellerConfigBody> {
    return this.changes.setConfig(actor, parse(SellerConfigBody, body));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('selected-car-sold')
  carSold(@CurrentActor() actor: Actor, @Query() query: unknown): SelectedCodes {
    return this.queries.selected(actor, parse(SellerMarketOnlyQuery, query, 'query').market, 'carSold');
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('selected-seller-area')
  areas(@CurrentActor() actor: Actor, @Query() query: unknown): SelectedCodes {
    return this.queries.selected(actor, parse(SellerMarketOnlyQuery, query, 'query').market, 'areas');
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('reference-seller-dealer')
  reference(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ReferenceSellerDealer> {
    return this.queries.reference(actor, parse(ReferenceSellerDealerQuery, query, 'query').idDealer);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Post('associate-seller-dealer')
  @HttpCode(200)
  associate(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<ReferenceSellerDealer> {
    return this.changes.associate(actor, parse(AssociateSellerDealer, body));
  }
}
