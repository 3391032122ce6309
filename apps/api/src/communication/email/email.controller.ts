import { Body, Controller, Get, Header, Param, Post } from '@nestjs/common';
import { Id } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { EmailService } from './email.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

/** The back-office's e-mails (ADMIN, CUSTOMER_CENTER): queued here, sent in the background. */
@Controller('api/v1/admin')
@Roles('ADMIN', 'CUSTOMER_CENTER')
export class EmailController {
  constructor(private readonly service: EmailService) {}

  @Post('email')
  send(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.service.send(actor, body);
  }

  @Post('send-email-user')
  sendToUsers(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.service.sendToUsers(actor, body);
  }

  @Get('email/:idEmail')
  @Header(...NO_STORE_HEADER)
  delivery(@Param('idEmail') idEmail: string) {
    return this.service.delivery(parse(Id, idEmail, 'idEmail'));
  }
}
