import { Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { hasRole, type Actor } from '../engine/actor.js';
import { AccessError } from '../engine/access-error.js';
import { AuthService, type Session } from './auth.service.js';

export const SESSION_COOKIE = 'SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const ROLES_KEY = 'roles';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Restricts a handler to users with one of the roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

type AuthedRequest = FastifyRequest & { session?: Session };

/** The caller of a secure handler. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  return (ctx.switchToHttp().getRequest<AuthedRequest>().session as Session).actor;
});

/** The session of a secure handler. */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): Session => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().session as Session;
});

/**
 * Authentication for `/api/v1/secure/*` and `/api/v1/admin/*` (session cookie with XSRF check on non-GET, or `token` header)
 * and `/api/v1/mobile/*` (token header), then the role check of `@Roles`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService, private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const path = request.url.split('?')[0] ?? '';
    const secure = path.startsWith('/api/v1/secure/') || path.startsWith('/api/v1/admin/');
    const mobile = path.startsWith('/api/v1/mobile/') && !path.startsWith('/api/v1/mobile/token');
    if (!secure && !mobile) return true;
    request.session = this.authenticate(request, mobile);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles && !hasRole(request.session.actor, roles)) throw AccessError.role();
    return true;
  }

  private authenticate(request: AuthedRequest, mobile: boolean): Session {
    const header = request.headers['token'];
    const token = typeof header === 'string' && header ? header : null;
    if (token) {
      const session = this.auth.authenticate(token);
      if (!session) throw new AccessError(401, API_ERROR_CODES.SESSION_EXPIRED, 'the token is invalid or expired: log in again');
      return session;
    }
    const cookies = (request as unknown as { cookies?: Record<string, string | undefined> }).cookies ?? {};
    const cookie = mobile ? undefined : cookies[SESSION_COOKIE];
    if (!cookie) throw new AccessError(401, API_ERROR_CODES.NOT_LOGGED_IN, 'log in first');
    const session = this.auth.authenticate(cookie);
    if (!session) throw new AccessError(401, API_ERROR_CODES.SESSION_EXPIRED, 'the session is invalid or expired: log in again');
    if (!SAFE_METHODS.has(request.method)) {
      const xsrf = request.headers['x-xsrf-token'];
      if (!xsrf || xsrf !== cookies[XSRF_COOKIE]) throw new AccessError(403, API_ERROR_CODES.XSRF_MISMATCH, 'missing or wrong X-XSRF-TOKEN header');
    }
    return session;
  }
}
