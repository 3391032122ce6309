import { Body, Controller, Get, Header, Param, Patch, Post, Query } from '@nestjs/common';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { LeadService } from './lead.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

/** Lead (mailing) campaigns of the back-office (ADMIN, CUSTOMER_CENTER). */
@Controller('api/v1/admin/lead')
@Roles('ADMIN', 'CUSTOMER_CENTER')
export class LeadController {
  constructor(private readonly service: LeadService) {}

  @Post()
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.service.create(actor, body);
  }

  @Patch()
  update(@Body() body: unknown) {
    return this.service.update(body);
  }

  @Get()
  @Header(...NO_STORE_HEADER)
  page(@Query() query: unknown) {
    return this.service.page(query);
  }

  @Get(':idLead')
  @Header(...NO_STORE_HEADER)
  one(@Param('idLead') idLead: string) {
    return this.service.one(idLead);
  }

  @Get(':idLead/deliveries')
  @Header(...NO_STORE_HEADER)
  deliveries(@Param('idLead') idLead: string, @Query() query: unknown) {
    return this.service.deliveries(idLead, query);
  }
}
