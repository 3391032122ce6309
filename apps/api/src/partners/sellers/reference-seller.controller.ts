import { Controller, Get, Query } from '@nestjs/common';
import { OwnReferenceSellerQuery, type ReferenceSellerDealer } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, TokenOnly } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { SellerQueries } from './seller-queries.service.js';

/** A dealer's reference seller for its own users (web and mobile app), by the one rule of `SellerQueries.reference`. */
@Controller('api/v1')
export class ReferenceSellerController {
  constructor(private readonly queries: SellerQueries) {}

  @Get('secure/reference-seller-dealer')
  secure(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ReferenceSellerDealer> {
    return this.queries.reference(actor, parse(OwnReferenceSellerQuery, query, 'query').idDealer);
  }

  @TokenOnly()
  @Get('mobile/reference-seller-dealer')
  mobile(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ReferenceSellerDealer> {
    return this.queries.reference(actor, parse(OwnReferenceSellerQuery, query, 'query').idDealer);
  }
}
