import type {} from '@fastify/cookie';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { SsoLoginQuery } from '@auction/contracts';
import { API_ERROR_CODES } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';
import { parse } from '../../platform/http/validation.js';
import { Public, SESSION_COOKIE, XSRF_COOKIE } from '../auth.guard.js';
import { SSO_COOKIE_PATH, SSO_ID_COOKIE, SsoService, SsoSignInOutdated, flowCookieName } from './sso.service.js';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Where a failed sign-in lands: the portal's home, which shows the error code (`?ssoError=`). */
const failure = (code: number) => `/?ssoError=${code}`;

/**
 * Single sign-on for the web client (API.md): login starts the authorization-code flow at the issuer, callback
 * ends it with the session cookie and `XSRF-TOKEN`, logout ends the issuer's session (after `POST /secure/logout`).
 * Every answer is a redirect: these are browser navigations, never calls of page scripts.
 */
@Controller('api/v1/open/sso')
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @Public()
  @Get('login')
  async login(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { redirect, lang } = parse(SsoLoginQuery, query, 'query');
    try {
      const { url, cookieName, cookie, maxAgeSeconds } = await this.sso.begin(redirect ?? '/', originOf(request), lang);
      void reply.setCookie(cookieName, cookie, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds });
      void reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      void reply.header('cache-control', 'no-store').redirect(failure(codeOf(error)), 302);
    }
  }

  @Public()
  @Get('callback')
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // This sign-in's flow cookie only (another tab's sign-in goes on): named after the state the issuer returns.
    const state = new URLSearchParams(query).get('state') ?? '';
    const cookieName = flowCookieName(state);
    if (cookieName) void reply.clearCookie(cookieName, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax' });
    void reply.header('cache-control', 'no-store');
    try {
      const signIn = await this.sso.finish(query, cookieName ? request.cookies[cookieName] : undefined);
      const expires = new Date(signIn.expiresAt);
      void reply.setCookie(SESSION_COOKIE, signIn.token, { path: '/', httpOnly: true, sameSite: 'lax', expires });
      void reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', httpOnly: false, sameSite: 'lax', expires });
      if (signIn.idToken) void reply.setCookie(SSO_ID_COOKIE, signIn.idToken, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax', expires });
      void reply.redirect(signIn.redirect, 302);
    } catch (error) {
      if (error instanceof SsoSignInOutdated && error.retry) return this.signInAgain(error.redirect, request, reply);
      void reply.redirect(failure(codeOf(error)), 302);
    }
  }

  /** A sign-in proven before the latest password change: the issuer is asked to check the password again. */
  private async signInAgain(redirect: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const { url, cookieName, cookie, maxAgeSeconds } = await this.sso.begin(redirect, originOf(request), undefined, true);
      void reply.setCookie(cookieName, cookie, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds });
      void reply.redirect(url, 302);
    } catch (error) {
      void reply.redirect(failure(codeOf(error)), 302);
    }
  }

  /** Ends the issuer's session too (RP-initiated logout), then back to the portal's home. */
  @Public()
  @Get('logout')
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // Only the portal's own pages (or an address typed) end the issuer's session: another site sending the browser
    // here (a link, a redirect) would sign the user out of the issuer behind their back with their own ID token.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      void reply.header('cache-control', 'no-store').redirect('/', 302);
      return;
    }
    const idToken = request.cookies[SSO_ID_COOKIE];
    void reply.clearCookie(SSO_ID_COOKIE, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax' });
    void reply.header('cache-control', 'no-store');
    const url = await this.sso.endSessionUrl(idToken, originOf(request)).catch(() => null);
    void reply.redirect(url ?? '/', 302);
  }
}

function codeOf(error: unknown): number {
  if (error instanceof AccessError) return error.code;
  if (typeof (error as { errorCode?: unknown }).errorCode === 'number') return (error as { errorCode: number }).errorCode;
  return API_ERROR_CODES.SSO_UNAVAILABLE;
}
