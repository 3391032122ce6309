import { Body, Controller, Get, Header, Param, Patch, Post, Query } from '@nestjs/common';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { LeadService } from './lead.service.js';

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
  @Header('Cache-Control', 'private, no-store')
  page(@Query() query: unknown) {
    return this.service.page(query);
  }

  @Get(':idLead')
  @Header('Cache-Control', 'private, no-store')
  one(@Param('idLead') idLead: string) {
    return this.service.one(idLead);
  }

  @Get(':idLead/deliveries')
  @Header('Cache-Control', 'private, no-store')
  deliveries(@Param('idLead') idLead: string, @Query() query: unknown) {
    return this.service.deliveries(idLead, query);
  }
}
