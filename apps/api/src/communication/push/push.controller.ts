import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { PushService } from './push.service.js';

/** The back-office's push notifications (ADMIN, CUSTOMER_CENTER): recorded here, delivered through FCM in the background. */
@Controller('api/v1/admin/push-notification')
@Roles('ADMIN', 'CUSTOMER_CENTER')
export class PushController {
  constructor(private readonly service: PushService) {}

  @Post()
  @HttpCode(202)
  send(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.service.send(actor, body);
  }

  @Get()
  @Header('Cache-Control', 'private, no-store')
  page(@Query() query: unknown) {
    return this.service.page(query);
  }

  @Get(':idNotification')
  @Header('Cache-Control', 'private, no-store')
  one(@Param('idNotification') idNotification: string) {
    return this.service.one(idNotification);
  }

  @Get(':idNotification/deliveries')
  @Header('Cache-Control', 'private, no-store')
  deliveries(@Param('idNotification') idNotification: string, @Query() query: unknown) {
    return this.service.deliveries(idNotification, query);
  }
}
