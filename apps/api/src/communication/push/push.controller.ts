import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { PushService } from './push.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

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
  @Header(...NO_STORE_HEADER)
  page(@Query() query: unknown) {
    return this.service.page(query);
  }

  @Get(':idNotification')
  @Header(...NO_STORE_HEADER)
  one(@CurrentActor() actor: Actor, @Param('idNotification') idNotification: string) {
    return this.service.one(actor, idNotification);
  }

  @Get(':idNotification/deliveries')
  @Header(...NO_STORE_HEADER)
  deliveries(@CurrentActor() actor: Actor, @Param('idNotification') idNotification: string, @Query() query: unknown) {
    return this.service.deliveries(actor, idNotification, query);
  }
}
