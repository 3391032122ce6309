import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../actor.js';
import { CurrentActor, NoStore, Public, Roles } from '../auth.guard.js';
import { AccountAccessError } from '../passwords/account-access-error.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations by e-mail, the invitee's sign-up, and users created by the staff. */
@Controller('api/v1')
export class InvitationsController {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Post('secure/user/invite')
  @HttpCode(204)
  async invite(@CurrentActor() actor: Actor, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    try {
      await this.invitations.invite(actor, body);
    } catch (error) {
      if (error instanceof AccountAccessError && 'retryAfterMs' in error) void reply.header('retry-after', String(Math.max(1, Math.ceil(Number(error.retryAfterMs) / 1000))));
      throw error;
    }
  }

  @Public()
  @NoStore()
  @Get('open/verify-tag')
  verifyTag(@Query() query: unknown) {
    return this.invitations.verifyTag(query);
  }

  @Public()
  @NoStore()
  @Post('open/user-sign-up')
  @HttpCode(201)
  signUp(@Body() body: unknown) {
    return this.invitations.signUp(body);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Post('secure/user')
  @HttpCode(201)
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.invitations.createUser(actor, body);
  }
}
