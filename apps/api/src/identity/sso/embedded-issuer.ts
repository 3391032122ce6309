import { HttpException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { API_ERROR_CODES } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';
import { toErrorResponse } from '../../platform/http/error.filter.js';
import { contentSecurityPolicy } from '../../platform/http/security-headers.js';
import type { ActiveUser } from '../auth.service.js';
import { derivedSecret, issuerSigningKey } from './issuer-keys.js';
import { BoundedIssuerStore, type IssuerStore } from './issuer-store.js';
import { LOGOUT_JS, SIGN_IN_CSS, noticePage, pageLanguage, signInPage, signOutPage, type SignInProblem } from './sign-in-page.js';

/** Where the embedded issuer is mounted on the API's port. */
export const ISSUER_PATH = '/oidc';
/** The sign-in form's route (login-protection.ts counts its attempts like the other password checks). */
export const SIGN_IN_ROUTE = `${ISSUER_PATH}/interaction/:uid/login`;

/** What the embedded issuer needs of the portal. */
export interface EmbeddedIssuerDeps {
  /** Signs the issuer's keys and cookies (the session secret). */
  readonly secret: Buffer;
  /** The user behind a username and password, or an AccessError (401, or 429 from the lockout). */
  verifyCredentials(username: string, password: string): Promise<ActiveUser>;
  /** The active user with this id, or null (the subject of an ID token). */
  activeUser(idUser: string): ActiveUser | null;
  /** Logs a refused or broken sign-in. */
  warn(message: string): void;
  /** Where sessions, grants and sign-ins in progress are kept (the product: the shared SQL store; default: a bounded memory store, one instance). */
  readonly store?: IssuerStore;
}

/** The relying party the embedded issuer knows: the portal's web client. */
export interface EmbeddedClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
}

type RawRequest = IncomingMessage & { originalUrl?: string };

/**
 * The embedded OpenID Connect issuer (oidc-provider), served by the API process under `/oidc` on its own port: the
 * single sign-on of the embedded default. Its sign-in page checks the portal's own users (the credentials of the
 * event store). Sessions, interactions and codes live in an {@link IssuerStore}: the product's is the SQL store
 * (sql-issuer-store.ts) every API instance shares, bounded per model, so a sign-in started on one instance ends on
 * another. Keys and cookie keys derive from the session secret (SESSION_SECRET: the same on every instance), so a
 * restart or another instance keeps ID tokens verifiable and issuer cookies valid.
 *
 * The routes are registered at start-up; the issuer itself is created by {@link start} once the public URL (the
 * listening port) is known. Until then `/oidc` answers 503.
 */
export class EmbeddedIssuer {
  private provider: Provider | null = null;
  /** The issuer's host: every request reaches oidc-provider with it, whatever Host the client sent. */
  private issuerHost = '';
  private issuerProtocol = 'http';
  /** Where the issuer's forms may go: itself and the client's registered origins. */
  private formActions: string[] = ["'self'"];
  private readonly store: IssuerStore;

  constructor(private readonly deps: EmbeddedIssuerDeps) {
    this.store = deps.store ?? new BoundedIssuerStore();
  }

  /**
   * Ends the issuer sessions and grants of a user signed in at or before `beforeMs` (epoch ms): after a password
   * change or a disable, the user's next sign-in at the issuer asks for the password.
   */
  endSessionsOf(idUser: string, beforeMs: number): Promise<void> {
    return this.store.endAccount(idUser, Math.floor(beforeMs / 1000));
  }

  /** The issuer URL once started. */
  get issuer(): string | null {
    return this.provider?.issuer ?? null;
  }

  /** Creates the issuer at `issuerUrl` (`<public origin>/oidc`) for its one client. */
  start(issuerUrl: string, client: EmbeddedClient, sessionTtlSeconds: number): void {
    const { deps } = this;
    const configuration: Configuration = {
      clients: [{
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [...client.redirectUris],
        post_logout_redirect_uris: [...client.postLogoutRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
        // auth_time in every ID token: the portal refuses a sign-in older than the user's latest password change.
        require_auth_time: true,
      }],
      adapter: (model: string) => this.store.adapter(model),
      jwks: { keys: [issuerSigningKey(deps.secret)] },
      cookies: { keys: [derivedSecret(deps.secret, 'oidc cookies').toString('base64url')] },
      pkce: { required: () => true },
      claims: { openid: ['sub'], profile: ['preferred_username', 'locale'], email: ['email'] },
      scopes: ['openid', 'profile', 'email'],
      // The username claim goes into the ID token itself (as Keycloak does), not only to the userinfo endpoint.
      conformIdTokenClaims: false,
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
            ctx.type = 'html';
            // Confirmed at once only with the session's own ID token: another user's (or another site's) hint only shows the choice.
            const sub = ctx.oidc.entities.IdTokenHint?.payload.sub;
            const own = typeof sub === 'string' && sub === ctx.oidc.session?.accountId;
            ctx.body = signOutPage(pageLanguage(undefined, undefined, ctx.get('accept-language')), form, own);
          },
          postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
            ctx.type = 'html';
            ctx.body = noticePage(pageLanguage(undefined, undefined, ctx.get('accept-language')), 'signedOut');
          },
        },
      },
      interactions: { url: async (_ctx, interaction) => `${ISSUER_PATH}/interaction/${interaction.uid}` },
      // A first-party client: the portal's own web client needs no consent screen.
      loadExistingGrant: async (ctx) => {
        const { oidc } = ctx;
        const clientId = oidc.client!.clientId;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
        if (grantId) {
          const existing = await oidc.provider.Grant.find(grantId);
          if (existing) return existing;
        }
        const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session!.accountId! });
        grant.addOIDCScope('openid profile email');
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx, sub) => {
        const user = deps.activeUser(sub);
        if (!user) return undefined;
        const d = user.data;
        return {
          accountId: d.idUser,
          claims: async () => ({ sub: d.idUser, preferred_username: d.username, locale: d.preferredLanguage.toLowerCase() }),
        };
      },
      ttl: { Session: sessionTtlSeconds, Interaction: 600, Grant: sessionTtlSeconds, IdToken: 3600, AccessToken: 600, AuthorizationCode: 60 },
      renderError: async (ctx, out) => {
        deps.warn(`single sign-on error: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`);
        ctx.type = 'html';
        ctx.body = noticePage(pageLanguage(undefined, undefined, ctx.get('accept-language')), 'ssoFailed');
      },
    };
    const provider = new Provider(issuerUrl, configuration);
    provider.on('server_error', (_ctx: unknown, error: Error) => deps.warn(`single sign-on issuer error: ${error.message}`));
    this.provider = provider;
    // Behind the pinned forwarded headers below: the issuer's scheme and host whatever the client sent.
    provider.proxy = true;
    this.issuerHost = new URL(issuerUrl).host;
    this.issuerProtocol = new URL(issuerUrl).protocol.replace(':', '');
    this.formActions = ["'self'", ...new Set([...client.redirectUris, ...client.postLogoutRedirectUris].map((uri) => new URL(uri).origin))];
  }

  /**
   * The issuer's routes on the API's Fastify: its sign-in page and form, its assets, and oidc-provider's own
   * endpoints (discovery, authorization, token, JWKS, end session). Each in its own plugin: the form parses
   * URL-encoded bodies, the provider's endpoints read their bodies themselves.
   */
  async register(fastify: FastifyInstance): Promise<void> {
    await fastify.register(async (pages) => {
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      pages.get(`${ISSUER_PATH}/assets/sso.css`, (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIGN_IN_CSS));
      pages.get(`${ISSUER_PATH}/assets/logout.js`, (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGOUT_JS));
      pages.get(`${ISSUER_PATH}/interaction/:uid`, (request, reply) => this.showSignIn(request, reply));
      pages.post(SIGN_IN_ROUTE, (request, reply) => this.signIn(request, reply));
      // A reload of the page a wrong password answered (its URL is the form's): back to the sign-in page.
      pages.get(SIGN_IN_ROUTE, (request, reply) => reply.redirect(`${ISSUER_PATH}/interaction/${encodeURIComponent((request.params as { uid: string }).uid)}`, 303));
      pages.setErrorHandler((error, _request, reply) => numericError(error as { statusCode?: number; message: string }, reply));
    });
    await fastify.register(async (endpoints) => {
      endpoints.removeAllContentTypeParsers();
      // The body stays unread: oidc-provider reads and limits it itself.
      endpoints.addContentTypeParser('*', (_req, _payload, done) => done(null));
      const handle = (request: FastifyRequest, reply: FastifyReply) => this.forward(request, reply);
      endpoints.setErrorHandler((error, _request, reply) => numericError(error as { statusCode?: number; message: string }, reply));
      endpoints.all(ISSUER_PATH, handle);
      endpoints.all(`${ISSUER_PATH}/*`, handle);
    });
  }

  private unavailable(reply: FastifyReply) {
    return reply.code(503).send({ errorCode: API_ERROR_CODES.SSO_UNAVAILABLE, errorMsg: 'the single sign-on issuer is starting' });
  }

  /** Hands a request to oidc-provider (a Koa app), as if mounted at `/oidc`, with the security headers already set. */
  private forward(request: FastifyRequest, reply: FastifyReply) {
    const provider = this.provider;
    if (!provider) return this.unavailable(reply);
    const raw = request.raw as RawRequest;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(ISSUER_PATH.length) || '/';
    // The endpoints oidc-provider writes into discovery and its forms come from the issuer URL, never from the
    // client's Host or X-Forwarded-* headers (a spoofed or malformed Host must neither be reflected nor break it).
    raw.headers.host = this.issuerHost;
    raw.headers['x-forwarded-host'] = this.issuerHost;
    raw.headers['x-forwarded-proto'] = this.issuerProtocol;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    // The issuer's pages post forms whose answers redirect to the relying party's callback (another origin, maybe).
    reply.raw.setHeader('content-security-policy', this.pagePolicy());
    reply.hijack();
    provider.callback()(raw, reply.raw);
  }

  private async showSignIn(request: FastifyRequest, reply: FastifyReply, problem: SignInProblem = null, username?: string, status = 200) {
    const provider = this.provider;
    if (!provider) return this.unavailable(reply);
    const { uid } = request.params as { uid: string };
    const query = request.query as { error?: unknown };
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!details || details.uid !== uid) {
      return this.page(reply, 400, noticePage(pageLanguage(request.query, undefined, request.headers['accept-language']), 'expired'));
    }
    const language = pageLanguage(request.body ?? request.query, details.params.ui_locales, request.headers['accept-language']);
    if (details.prompt.name !== 'login') {
      // Consent is never asked of the portal's own client (loadExistingGrant grants it): finish at once.
      const to = await provider.interactionResult(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
      return reply.redirect(to, 303);
    }
    const shown = problem ?? (query.error === 'tooMany' ? 'tooMany' : null);
    return this.page(reply, status, signInPage({ language, uid, username, problem: shown }));
  }

  private async signIn(request: FastifyRequest, reply: FastifyReply) {
    const provider = this.provider;
    if (!provider) return this.unavailable(reply);
    const body = (request.body ?? {}) as { username?: unknown; password?: unknown };
    const username = typeof body.username === 'string' ? body.username.trim().slice(0, 150) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const { uid } = request.params as { uid: string };
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!details || details.uid !== uid) {
      return this.page(reply, 400, noticePage(pageLanguage(request.body, undefined, request.headers['accept-language']), 'expired'));
    }
    // An empty field is no guess (the form asks for both): the page again, with a status the login limits count as
    // neither a failure nor a success (login-protection.ts), so a slip of the Enter key never brings a lock closer.
    if (!username || !password) return this.showSignIn(request, reply, 'wrongCredentials', username, 400);
    let user: ActiveUser;
    try {
      user = await this.deps.verifyCredentials(username, password);
    } catch (error) {
      if (error instanceof AccessError && error.httpStatus === 401) return this.showSignIn(request, reply, 'wrongCredentials', username, 401);
      if (error instanceof AccessError && error.code === API_ERROR_CODES.ACCOUNT_DISABLED) return this.showSignIn(request, reply, 'accountDisabled', username, 403);
      throw error;
    }
    const to = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.data.idUser } }, { mergeWithLastSubmission: false });
    return reply.redirect(to, 303);
  }

  /**
   * The CSP of the issuer's pages: the API's policy, except that a form's answer may redirect to the client's
   * registered origins (the sign-in and sign-out forms end at the relying party's callback, which may be another
   * origin; Chromium applies `form-action` to redirects). No inline script or style.
   */
  private pagePolicy(): string {
    return contentSecurityPolicy({ 'form-action': this.formActions });
  }

  private page(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', this.pagePolicy()).send(html);
  }
}



/**
 * A framework error on the issuer's routes (a body too large, a bad media type, a cross-site post refused by the
 * cross-origin protection): its status, with a numeric code, as on every other route.
 */
function numericError(error: { statusCode?: number; message: string }, reply: FastifyReply) {
  if (error instanceof HttpException) {
    const { status, body } = toErrorResponse(error);
    return reply.code(status).send(body);
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const errorCode = status === 413 ? API_ERROR_CODES.PAYLOAD_TOO_LARGE : status === 415 ? API_ERROR_CODES.UNSUPPORTED_MEDIA
    : status < 500 ? API_ERROR_CODES.BAD_REQUEST : API_ERROR_CODES.INTERNAL;
  return reply.code(status).send({ errorCode, errorMsg: status < 500 ? error.message : 'the sign-in failed: try again' });
}
