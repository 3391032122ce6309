import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { API_ERROR_CODES, type UserProfile } from '@auction/contracts';
import { USER, credentialsChangedAt, isSignInOutdated, type UserState } from '@auction/domain';
import type { AppConfig } from '../../platform/config/app-config.js';
import type { JsonLogger } from '../../platform/config/json-logger.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { APP_CONFIG, FANOUT, SESSION_SECRET } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { AuthService } from '../auth.service.js';
import { SignedJson } from '../signed-json.js';
import { EmbeddedIssuer, ISSUER_PATH } from './embedded-issuer.js';
import { derivedSecret } from './issuer-keys.js';
import { SqlIssuerStore } from './sql-issuer-store.js';

/** The relying party's callback, on the portal's origin. */
export const SSO_CALLBACK_PATH = '/api/v1/open/sso/callback';
/**
 * The cookie that carries a sign-in in progress (state, nonce, PKCE verifier) from the login call to the callback:
 * one per sign-in, named after its state, so that two tabs signing in at once do not overwrite each other's.
 */
export const SSO_FLOW_COOKIE_PREFIX = 'SSO_FLOW_';

/** The flow cookie's name for a state (the callback finds it from the state the issuer sends back). */
export function flowCookieName(state: string): string | null {
  const key = state.slice(0, 16);
  return /^[\w-]{16}$/.test(key) ? `${SSO_FLOW_COOKIE_PREFIX}${key}` : null;
}
/** The cookie that keeps the ID token for the issuer's logout (`id_token_hint`). */
export const SSO_ID_COOKIE = 'SSO_ID';
/** Both cookies are sent to the SSO calls only. */
export const SSO_COOKIE_PATH = '/api/v1/open/sso';
/** How long a sign-in may take, from the login call to the callback. */
const FLOW_TTL_MS = 10 * 60_000;

/** A sign-in in progress, kept in the signed flow cookie. */
interface Flow {
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  /** Where the web client goes afterwards (a path of the portal). */
  readonly redirect: string;
  /** The callback URL of this sign-in: on the origin the browser used. */
  readonly callback: string;
  readonly exp: number;
  /** The issuer was asked to check the password again (`prompt=login`): a sign-in that is still outdated fails. */
  readonly fresh?: boolean;
}

/** A finished sign-in. */
export interface SsoSignIn {
  readonly token: string;
  readonly profile: UserProfile;
  readonly expiresAt: number;
  readonly idToken?: string;
  readonly redirect: string;
}

const sso = (status: 401 | 403, code: number, message: string) => new AccessError(status, code, message);

/**
 * The issuer's sign-in is older than the user's latest password change or disable (401030). `retry`: the controller
 * starts the sign-in again with `prompt=login`, so the user types the (new) password instead of seeing an error.
 */
export class SsoSignInOutdated extends AccessError {
  constructor(readonly redirect: string, readonly retry: boolean) {
    super(401, API_ERROR_CODES.SSO_SIGN_IN_OUTDATED, 'the single sign-on was proven before the latest password change: sign in again');
  }
}

/**
 * Single sign-on, the relying party side (openid-client): the authorization-code flow with PKCE, state and nonce,
 * users matched to portal users by a claim (OIDC_USERNAME_CLAIM, default `preferred_username`), and RP-initiated
 * logout. The issuer is an external one (OIDC_ISSUER_URL, found by discovery) or the embedded one (`/oidc` on this
 * port), which is started here once the port is known.
 */
@Injectable()
export class SsoService {
  readonly embedded: EmbeddedIssuer | null;
  private configuration: Promise<oidc.Configuration> | null = null;
  private primaryOrigin = '';
  private allowedOrigins = new Set<string>();
  private logger: JsonLogger | null = null;
  private readonly flows: SignedJson;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig, @Inject(SESSION_SECRET) private readonly secret: Buffer,
    private readonly auth: AuthService, readModel: LiveReadModel,
    // The issuer's sessions, grants and sign-ins in progress, shared by every instance (absent in unit tests: memory).
    @Inject(FANOUT) fanout?: Pick<Fanout, 'db'>,
  ) {
    this.flows = new SignedJson(derivedSecret(secret, 'sso flow cookie'));
    this.embedded = config.oidc.issuerUrl ? null : new EmbeddedIssuer({
      secret,
      verifyCredentials: (username, password) => auth.verifyCredentials(username, password),
      activeUser: (idUser) => auth.activeUser(idUser),
      warn: (message) => this.logger?.warn(message, 'Sso'),
      ...(fanout ? { store: new SqlIssuerStore(fanout.db) } : {}),
    });
    // A password change, a disable, a delete or an anonymisation (on any instance) ends the user's issuer sessions.
    if (this.embedded) readModel.onChange((event, state) => {
      if (event.streamId.startsWith(USER.prefix)) this.endOutdatedIssuerSessions(event.streamId.slice(USER.prefix.length), state as UserState);
    });
  }

  private endOutdatedIssuerSessions(idUser: string, state: UserState): void {
    const gone = state.status === 'ACTIVE' && (state.deleted === true || state.anonymised === true);
    const before = gone ? Number.POSITIVE_INFINITY : credentialsChangedAt(state);
    if (before === undefined) return;
    this.embedded!.endSessionsOf(idUser, before).catch((error: unknown) => {
      this.logger?.error(`could not end the issuer sessions of ${idUser}: ${error instanceof Error ? error.message : String(error)}`, undefined, 'Sso');
    });
  }

  /** The issuer in use (for the start-up log line). */
  get issuerUrl(): string {
    return this.config.oidc.issuerUrl ?? `${this.primaryOrigin}${ISSUER_PATH}`;
  }

  /** The portal's public origin (PUBLIC_URL, else `http://localhost:<port>`), known once the API listens: links in mails use it. */
  get portalOrigin(): string {
    return this.primaryOrigin;
  }

  /**
   * Starts single sign-on once the API listens: the public origin is PUBLIC_URL, else `http://localhost:<port>`;
   * the loopback spellings of the port are accepted too (a browser may use either).
   */
  start(port: number, logger: JsonLogger): void {
    this.logger = logger;
    this.primaryOrigin = this.config.publicUrl ?? `http://localhost:${port}`;
    this.allowedOrigins = new Set([this.primaryOrigin, `http://localhost:${port}`, `http://127.0.0.1:${port}`]);
    if (this.embedded) {
      const origins = [...this.allowedOrigins];
      this.embedded.start(`${this.primaryOrigin}${ISSUER_PATH}`, {
        clientId: this.config.oidc.clientId,
        clientSecret: this.embeddedClientSecret(),
        redirectUris: origins.map((o) => `${o}${SSO_CALLBACK_PATH}`),
        postLogoutRedirectUris: origins.map((o) => `${o}/`),
      }, Math.round(this.config.sessionTtlMs / 1000));
      // The relying party reaches its own issuer over loopback, whatever the public origin.
      const loopback = `http://127.0.0.1:${port}`;
      this.configuration = Promise.resolve(this.embeddedConfiguration(loopback));
    }
  }

  /** The origin to send a browser back to: the one it used when it is one of ours, else the public one. */
  originOf(requestOrigin: string): string {
    return this.allowedOrigins.has(requestOrigin) ? requestOrigin : this.primaryOrigin;
  }

  /** Starts a sign-in: the issuer's authorization URL and the flow cookie's value. */
  async begin(redirect: string, requestOrigin: string, language?: string, fresh = false): Promise<{ url: string; cookieName: string; cookie: string; maxAgeSeconds: number }> {
    const configuration = await this.discovered();
    const verifier = oidc.randomPKCECodeVerifier();
    const flow: Flow = {
      state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, redirect,
      callback: `${this.originOf(requestOrigin)}${SSO_CALLBACK_PATH}`, exp: Date.now() + FLOW_TTL_MS, ...(fresh ? { fresh } : {}),
    };
    const parameters: Record<string, string> = {
      redirect_uri: flow.callback, scope: 'openid profile email', response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
      state: flow.state, nonce: flow.nonce,
    };
    if (language) parameters.ui_locales = language;
    if (fresh) parameters.prompt = 'login';
    const url = oidc.buildAuthorizationUrl(configuration, parameters).href;
    return { url, cookieName: flowCookieName(flow.state)!, cookie: this.seal(flow), maxAgeSeconds: FLOW_TTL_MS / 1000 };
  }

  /**
   * Ends a sign-in at the callback: checks the flow cookie, state, nonce and PKCE through the token exchange, matches
   * the user and starts a portal session. 401010 for a flow that failed, 403010 for a user the portal does not know,
   * 401030 ({@link SsoSignInOutdated}) for a sign-in proven before the user's latest password change or disable.
   */
  async finish(query: string, cookie: string | undefined): Promise<SsoSignIn> {
    const flow = cookie ? this.open(cookie) : null;
    if (!flow) throw sso(401, API_ERROR_CODES.SSO_FAILED, 'the sign-in expired or was started in another browser: start again');
    const configuration = await this.discovered();
    const current = new URL(flow.callback);
    current.search = query;
    let claims: oidc.IDToken | undefined;
    let idToken: string | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true,
      });
      claims = tokens.claims();
      idToken = tokens.id_token;
    } catch (error) {
      this.logger?.warn(`single sign-on refused: ${error instanceof Error ? error.message : String(error)}`, 'Sso');
      throw sso(401, API_ERROR_CODES.SSO_FAILED, 'the issuer did not confirm the sign-in: start again');
    }
    const name = claims?.[this.config.oidc.usernameClaim];
    const user = typeof name === 'string' ? this.auth.activeUserNamed(name) : null;
    if (!user) throw sso(403, API_ERROR_CODES.SSO_UNKNOWN_USER, 'this account of the single sign-on is not a user of the portal');
    this.auth.assertMaySignIn(user);
    // The issuer's session may predate a password change or disable (an external issuer knows of neither).
    // Without auth_time (optional for an external issuer) the token's iat is only when it was made, not when the
    // password was checked: it counts only for a sign-in that asked the issuer for the password (prompt=login).
    const authTime = typeof claims?.auth_time === 'number' ? claims.auth_time : flow.fresh ? claims?.iat : undefined;
    const outdated = typeof authTime === 'number' ? isSignInOutdated(user, authTime) : credentialsChangedAt(user) !== undefined;
    if (outdated) throw new SsoSignInOutdated(flow.redirect, !flow.fresh);
    // The session is recent (a password change without the current password, passwords.service.ts) only as of when the
    // issuer last checked the password, not as of now: an issuer session reused hours later is not a fresh sign-in.
    return { ...(await this.auth.startSession(user, typeof authTime === 'number' ? authTime * 1000 : undefined, 'SSO')), idToken, redirect: flow.redirect };
  }

  /** The issuer's end-session URL (RP-initiated logout), or null when it has none. */
  async endSessionUrl(idToken: string | undefined, requestOrigin: string): Promise<string | null> {
    const configuration = await this.discovered();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: `${this.originOf(requestOrigin)}/`, client_id: this.config.oidc.clientId };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(configuration, parameters).href;
  }

  /** The issuer's configuration: discovered once (an external issuer), retried after a failure. */
  private discovered(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuerUrl, clientId, clientSecret } = this.config.oidc;
      if (!issuerUrl) return Promise.reject(new SsoUnavailable());
      const url = new URL(issuerUrl);
      const attempt = oidc.discovery(url, clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
        execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [], timeout: 10,
      });
      this.configuration = attempt;
      attempt.catch((error: unknown) => {
        if (this.configuration === attempt) this.configuration = null;
        this.logger?.error(`single sign-on issuer ${issuerUrl} not reachable: ${error instanceof Error ? error.message : String(error)}`, undefined, 'Sso');
      });
    }
    return this.configuration.catch(() => {
      throw new SsoUnavailable();
    });
  }

  /** The embedded issuer's metadata, known without a request; its back-channel calls go over loopback. */
  private embeddedConfiguration(loopback: string): oidc.Configuration {
    const issuer = `${this.primaryOrigin}${ISSUER_PATH}`;
    const metadata: oidc.ServerMetadata = {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
    };
    const configuration = new oidc.Configuration(metadata, this.config.oidc.clientId, { id_token_signed_response_alg: 'ES256' }, oidc.ClientSecretBasic(this.embeddedClientSecret()));
    oidc.allowInsecureRequests(configuration);
    const publicPrefix = `${this.primaryOrigin}${ISSUER_PATH}`;
    configuration[oidc.customFetch] = (url, options) => fetch(url.startsWith(publicPrefix) ? `${loopback}${url.slice(this.primaryOrigin.length)}` : url, options as RequestInit);
    return configuration;
  }

  private embeddedClientSecret(): string {
    return derivedSecret(this.secret, 'oidc client secret').toString('base64url');
  }

  private seal(flow: Flow): string {
    return this.flows.seal(flow);
  }

  private open(cookie: string): Flow | null {
    const flow = this.flows.open(cookie) as Flow | null;
    return flow && typeof flow === 'object' && typeof flow.exp === 'number' && flow.exp > Date.now() ? flow : null;
  }
}

/** The issuer cannot be reached (503010). */
export class SsoUnavailable extends Error {
  readonly errorCode = API_ERROR_CODES.SSO_UNAVAILABLE;
  constructor() {
    super('the single sign-on issuer cannot be reached: try again shortly');
  }
}
