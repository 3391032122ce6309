import type {} from '@fastify/cookie';
import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { LoginRequest } from '@auction/contracts';
import { CurrentSession, NoStore, Public, TokenOnly, SESSION_COOKIE, XSRF_COOKIE, OwnAccount } from './auth.guard.js';
import { AuthService, type Session } from './auth.service.js';
import { PushTokenStore } from './profile/push-tokens.js';
import { Consistency } from '../platform/engine/consistency.js';
import { CLOCK, type Clock } from '../platform/engine/tokens.js';
import { parse } from '../platform/http/validation.js';

/** Login, logout and server time (the profile calls are in `profile/profile.controller.ts`). */
@Controller('api/v1')
export class AuthController {
  constructor(
    private readonly auth: AuthService, private readonly consistency: Consistency, @Inject(CLOCK) private readonly clock: Clock,
    private readonly pushTokens: PushTokenStore,
  ) {}

  @Public()
  @NoStore()
  @Post('open/login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const { username, password } = parse(LoginRequest, body);
    const { token, profile, expiresAt } = await this.auth.login(username, password);
    const expires = new Date(expiresAt);
    // `Secure` comes from the cookie plugin's defaults (main.ts): over HTTPS (TRUST_PROXY: X-Forwarded-Proto), or COOKIE_SECURE.
    void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', expires });
    void reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', httpOnly: false, sameSite: 'lax', expires });
    return profile;
  }

  @Public()
  @Post('mobile/token')
  @HttpCode(200)
  async token(@Body() body: unknown) {
    const { username, password } = parse(LoginRequest, body);
    const { token } = await this.auth.login(username, password, 'MOBILE');
    return { token };
  }

  @OwnAccount()
  @Post('secure/logout')
  @HttpCode(204)
  async logout(@CurrentSession() session: Session, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.logout(session);
    // The devices this session registered get no more push notifications (issue 23 item 4).
    await this.pushTokens.dropSession(session.actor.idUser, session.sid);
    // Cleared with the attributes they were set with (HttpOnly on the session cookie included).
    void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    void reply.clearCookie(XSRF_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax' });
  }

  @OwnAccount()
  @Get('secure/time')
  time() {
    const epochMs = this.clock.now();
    return { serverTime: new Date(epochMs).toISOString(), epochMs };
  }

  @TokenOnly()
  @OwnAccount()
  @Get('mobile/time')
  mobileTime() {
    return this.time();
  }
}
