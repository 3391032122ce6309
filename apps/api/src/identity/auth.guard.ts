import { Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { BACK_OFFICE_ROLES, hasRole, type Actor } from './actor.js';
import { assertEveryMarket } from './admin-scope.js';
import { AccessError } from '../platform/engine/access-error.js';
import { NO_STORE_REQUEST } from '../platform/http/cache-policy.js';
import { AuthService, type Session } from './auth.service.js';
import { ANY_MARKET, EVERY_MARKET, ROUTE_SCOPED_NAMES, ResourceScope, type ScopedKind } from './resource-scope.js';
import { READ_ONLY_CALL } from '../platform/idempotency/claim-in-turn.js';

export const SESSION_COOKIE = 'SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const ROLES_KEY = 'auth:roles';
const PUBLIC_KEY = 'auth:public';
const TOKEN_ONLY_KEY = 'auth:token-only';
const OWN_ACCOUNT_KEY = 'auth:own-account';
const NOT_READ_ONLY_KEY = 'auth:not-read-only';
const NO_STORE_KEY = 'auth:no-store';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Restricts a handler (or every handler of a controller) to users with one of the roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Marks a handler (or a controller) as callable without a login. Every route that is not marked public needs
 * a valid session: authorization is decided by the matched route, never by the request's URL.
 */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * Marks a call that reads or acts only on the caller's own account and session (own profile, logout, own password,
 * push token, the server's time): the one kind of change a read-only user may still make, and the only calls of a
 * user who (or whose dealer) is not enabled.
 */
export const OwnAccount = () => SetMetadata(OWN_ACCOUNT_KEY, true);

/**
 * Marks an operator tool whose reading alone gives power (the caught mail: other users' links): refused to a
 * read-only user (403020) like a change.
 */
export const NotForReadOnly = () => SetMetadata(NOT_READ_ONLY_KEY, true);

/**
 * Marks a public route whose answer carries a secret or personal data (the login's token, an invitation's e-mail):
 * `Cache-Control: private, no-store`, as every answer under /secure, /admin and /mobile (http/cache-policy.ts).
 */
export const NoStore = () => SetMetadata(NO_STORE_KEY, true);

/** The mobile app's calls: authenticated by the `token` header only (no session cookie). */
export const TokenOnly = () => SetMetadata(TOKEN_ONLY_KEY, true);

type AuthedRequest = FastifyRequest & { session?: Session; [NO_STORE_REQUEST]?: boolean };

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
 * non-GET calls; `@TokenOnly` routes the header only) and, when `@Roles` says so, one of the roles. Then, for every
 * route: a user or dealer not enabled reaches its own account only (403004); a read-only user changes nothing but its
 * own account and opens no operator tool (403020); a back-office user names no dealer, user or file outside its
 * markets (403021, resource-scope.ts).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService, private readonly reflector: Reflector, private readonly scope: ResourceScope) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const flag = (key: string) => this.reflector.getAllAndOverride<boolean | undefined>(key, targets) === true;
    const access = routeAccess(this.reflector, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (flag(NO_STORE_KEY)) request[NO_STORE_REQUEST] = true;
    if (access.public) return true;
    request.session = this.authenticate(request, access.tokenOnly);
    const actor = request.session.actor;
    if (access.roles && !hasRole(actor, access.roles)) throw AccessError.role();
    const ownAccount = flag(OWN_ACCOUNT_KEY);
    if (!ownAccount && !this.auth.inGoodStanding(actor)) throw AccessError.disabled();
    // The read-only flag: a user who sees and cannot change. Every changing call is refused, whatever the handler
    // does, but those on the caller's own account and session (@OwnAccount); so is every operator tool.
    // A POST marked @ReadOnlyCall (an export whose filters travel in the body) only reads: the read-only user may.
    const reads = SAFE_METHODS.has(request.method) || flag(READ_ONLY_CALL);
    if (actor.readOnly && !ownAccount && (!reads || flag(NOT_READ_ONLY_KEY))) {
      throw new AccessError(403, API_ERROR_CODES.READ_ONLY_USER, 'this account is read-only: it may look, not change');
    }
    if (flag(EVERY_MARKET) && hasRole(actor, BACK_OFFICE_ROLES)) assertEveryMarket(actor);
    if (!flag(ANY_MARKET)) {
      const routeNames = this.reflector.getAllAndOverride<Record<string, ScopedKind> | undefined>(ROUTE_SCOPED_NAMES, targets);
      await this.scope.check(actor, request, routeNames);
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
