import { Controller, Get, Header, Query } from '@nestjs/common';
import { OpenPartnersQuery, PartnersQuery, type PartnerPage } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Public, TokenOnly } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { Partners } from './partners.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

/** The partners: public per market (home carousel, partner page), and the logged-in caller's (web and mobile app). */
@Controller('api/v1')
export class PartnersController {
  constructor(private readonly partners: Partners) {}

  @Public()
  @Get('open/partners')
  // Public facts, the same for every visitor: a shared cache may keep them a minute (a new vote shows within it).
  @Header('Cache-Control', 'public, max-age=60')
  open(@Query() query: unknown): PartnerPage {
    return this.partners.ofMarket(parse(OpenPartnersQuery, query, 'query'));
  }

  @Get('secure/partners')
  @Header(...NO_STORE_HEADER)
  secure(@CurrentActor() actor: Actor, @Query() query: unknown): PartnerPage {
    return this.partners.forCaller(actor, parse(PartnersQuery, query, 'query'));
  }

  @TokenOnly()
  @Get('mobile/partners')
  @Header(...NO_STORE_HEADER)
  mobile(@CurrentActor() actor: Actor, @Query() query: unknown): PartnerPage {
    return this.partners.forCaller(actor, parse(PartnersQuery, query, 'query'));
  }
}
