import type {} from '@fastify/cookie';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { LoginRequest } from '@auction/contracts';
import { AuthGuard, CurrentActor, CurrentSession, SESSION_COOKIE, XSRF_COOKIE } from '../auth/auth.guard.js';
import { AuthService, type Session } from '../auth/auth.service.js';
import type { Actor } from '../engine/actor.js';
import { Consistency } from '../engine/consistency.js';
import { CLOCK, type Clock } from '../engine/tokens.js';
import { parse } from './validation.js';

/** Login, logout, profile and server time. */
@Controller('api/v1')
@UseGuards(AuthGuard)
export class AuthController {
  constructor(private readonly auth: AuthService, private readonly consistency: Consistency, @Inject(CLOCK) private readonly clock: Clock) {}

  @Post('open/login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const { username, password } = parse(LoginRequest, body);
    const { token, profile, expiresAt } = await this.auth.login(username, password);
    const expires = new Date(expiresAt);
    const secure = process.env.COOKIE_SECURE === 'true';
    void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
    void reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', httpOnly: false, sameSite: 'lax', secure, expires });
    return profile;
  }

  @Post('mobile/token')
  @HttpCode(200)
  async token(@Body() body: unknown) {
    const { username, password } = parse(LoginRequest, body);
    const { token } = await this.auth.login(username, password);
    return { token };
  }

  @Post('secure/logout')
  @HttpCode(204)
  async logout(@CurrentSession() session: Session, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.logout(session);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    void reply.clearCookie(XSRF_COOKIE, { path: '/' });
  }

  @Get('secure/user')
  user(@CurrentActor() actor: Actor) {
    return this.auth.profile(actor.idUser);
  }

  @Get('mobile/user')
  mobileUser(@CurrentActor() actor: Actor) {
    return this.auth.profile(actor.idUser);
  }

  @Get('secure/logged')
  logged(@CurrentActor() actor: Actor) {
    return this.auth.profile(actor.idUser);
  }

  /**
   * Credentials of the live channel for a browser: its session cookie is http-only, so the page asks for the
   * token it may present to the MQTT broker (username + token as password) at `/mqtt` of this server.
   */
  @Get('secure/live-credentials')
  liveCredentials(@CurrentActor() actor: Actor, @Req() request: FastifyRequest) {
    const header = request.headers['token'];
    const token = typeof header === 'string' && header ? header : request.cookies[SESSION_COOKIE]!;
    return { username: actor.username, password: token, path: '/mqtt' };
  }

  @Get('secure/time')
  time() {
    const epochMs = this.clock.now();
    return { serverTime: new Date(epochMs).toISOString(), epochMs };
  }

  @Get('mobile/time')
  mobileTime() {
    return this.time();
  }
}
