import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../auth.service.js';
import { CurrentSession, Public, TokenOnly, OwnAccount } from '../auth.guard.js';
import { AccountAccessError } from './account-access-error.js';
import { PasswordsService } from './passwords.service.js';

/** Password recovery (request, link), and the logged-in change (session and mobile). */
@Controller('api/v1')
export class PasswordsController {
  private readonly logger = new Logger('Passwords');

  constructor(@Inject(PasswordsService) private readonly passwords: PasswordsService) {}

  /** Always 200 `{}` once the input is well formed; the lookup and the mail happen after the answer. */
  @Public()
  @Post('open/pwd-recovery')
  @HttpCode(200)
  async recover(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, never>> {
    let work: () => Promise<void>;
    try {
      work = await this.passwords.admitRecovery(body, request.ip);
    } catch (error) {
      if (error instanceof AccountAccessError && 'retryAfterMs' in error) void reply.header('retry-after', String(Math.max(1, Math.ceil(Number(error.retryAfterMs) / 1000))));
      throw error;
    }
    // After the answer is sent: its content and timing are the same whether or not an account matches.
    void reply.raw.once('close', () => void work().catch((e: unknown) => this.logger.warn(`password recovery failed: ${e instanceof Error ? e.message : String(e)}`)));
    return {};
  }

  @Public()
  @Post('open/verify-pwd-recovery')
  @HttpCode(204)
  async verify(@Body() body: unknown): Promise<void> {
    await this.passwords.verifyRecovery(body);
  }

  @OwnAccount()

  @Post('secure/change-password')
  @HttpCode(204)
  async change(@CurrentSession() session: Session, @Body() body: unknown): Promise<void> {
    await this.passwords.change(session.actor.idUser, session, body);
  }

  @TokenOnly()
  @OwnAccount()
  @Post('mobile/change-password')
  @HttpCode(204)
  async changeMobile(@CurrentSession() session: Session, @Body() body: unknown): Promise<void> {
    await this.passwords.change(session.actor.idUser, session, body);
  }
}
