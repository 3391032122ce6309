import { Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { hasRole, type Actor } from './actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { AuthService, type Session } from './auth.service.js';

export const SESSION_COOKIE = 'SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const ROLES_KEY = 'auth:roles';
const PUBLIC_KEY = 'auth:public';
const TOKEN_ONLY_KEY = 'auth:token-only';
const OWN_ACCOUNT_KEY = 'auth:own-account';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Restricts a handler (or every handler of a controller) to users with one of the roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Marks a handler (or a controller) as callable without a login. Every route that is not marked public needs
 * a valid session: authorization is decided by the matched route, never by the request's URL.
 */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * Marks a changing call that acts only on the caller's own account and session (logout, own password, own profile,
 * push token): the one kind of change a read-only user may still make.
 */
export const OwnAccount = () => SetMetadata(OWN_ACCOUNT_KEY, true);

/** The mobile app's calls: authenticated by the `token` header only (no session cookie). */
export const TokenOnly = () => SetMetadata(TOKEN_ONLY_KEY, true);

type AuthedRequest = FastifyRequest & { session?: Session };

/** The caller of a secure handler. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  return (ctx.switchToHttp().getRequest<AuthedRequest>().session as Session).actor;
});

/** The session of a secure handler. */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): Session => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().session as Session;
});

/** What the guard reads off a matched route. */
export interface RouteAccess {
  readonly public: boolean;
  readonly tokenOnly: boolean;
  readonly roles: readonly Role[] | undefined;
}

/** The access rules of a handler of a controller class (handler metadata overrides the class's). */
export function routeAccess(reflector: Reflector, targets: [handler: Function, controller: Function]): RouteAccess {
  return {
    public: reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets) === true,
    tokenOnly: reflector.getAllAndOverride<boolean | undefined>(TOKEN_ONLY_KEY, targets) === true,
    roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets),
  };
}

/**
 * The API's one guard, applied to every route (APP_GUARD). It reads the matched route's metadata: `@Public`
 * routes pass; every other route needs a session (the `token` header, or the session cookie with the XSRF check on
 * non-GET calls; `@TokenOnly` routes the header only) and, when `@Roles` says so, one of the roles.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService, private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const access = routeAccess(this.reflector, [context.getHandler(), context.getClass()]);
    if (access.public) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    request.session = this.authenticate(request, access.tokenOnly);
    if (access.roles && !hasRole(request.session.actor, access.roles)) throw AccessError.role();
    // The read-only flag: a user who sees and cannot change. Every changing call is refused, whatever the handler
    // does, but those on the caller's own account and session (@OwnAccount).
    const ownAccount = this.reflector.getAllAndOverride<boolean | undefined>(OWN_ACCOUNT_KEY, [context.getHandler(), context.getClass()]) === true;
    if (request.session.actor.readOnly && !SAFE_METHODS.has(request.method) && !ownAccount) {
      throw new AccessError(403, API_ERROR_CODES.READ_ONLY_USER, 'this account is read-only: it may look, not change');
    }
    return true;
  }

  private authenticate(request: AuthedRequest, tokenOnly: boolean): Session {
    const header = request.headers['token'];
    const token = typeof header === 'string' && header ? header : null;
    if (token) {
      const session = this.auth.authenticate(token);
      if (!session) throw new AccessError(401, API_ERROR_CODES.SESSION_EXPIRED, 'the token is invalid or expired: log in again');
      return session;
    }
    const cookies = (request as unknown as { cookies?: Record<string, string | undefined> }).cookies ?? {};
    const cookie = tokenOnly ? undefined : cookies[SESSION_COOKIE];
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
