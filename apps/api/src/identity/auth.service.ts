import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type UserProfile } from '@auction/contracts';
import { WrongExpectedVersionError } from '@auction/event-store';
import { decideUser, effectiveRoles, isCredentialRevoked, type LoginType, type UserState } from '@auction/domain';
import type { Actor } from './actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { streamId } from '@auction/domain';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../platform/engine/tokens.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { CredentialsService } from './credentials.service.js';
import { SessionTokens, type SessionClaims, type TokenScope } from './session-tokens.js';

/** An authenticated request's identity. */
export interface Session {
  readonly actor: Actor;
  readonly sid: string;
  /** When the token presented expires (epoch ms). */
  readonly expiresAt: number;
  /**
   * When the user last proved its identity for this session (epoch ms): the password login, or the single sign-on's
   * `auth_time` at the issuer; undefined when unknown (never counted as recent).
   */
  readonly authenticatedAt?: number;
}

/** An authenticated live-channel connection: a live token, or a session token (the mobile app's). */
export interface LiveSession extends Session {
  readonly scope: TokenScope;
}

/** A user who may log in. */
export type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

const SESSION_SCOPE: readonly TokenScope[] = ['session'];
const LIVE_CHANNEL_SCOPES: readonly TokenScope[] = ['live', 'session'];

/** Login, token checks and logout. */
@Injectable()
export class AuthService {
  constructor(
    private readonly readModel: LiveReadModel,
    private readonly tokens: SessionTokens,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly credentials: CredentialsService,
  ) {}

  /** Checks credentials; returns a token and the profile, or throws 401. `loginType`: the sign-in form (WEB) or the app's token call (MOBILE). */
  async login(username: string, password: string, loginType: LoginType = 'WEB'): Promise<{ token: string; profile: UserProfile; expiresAt: number }> {
    const user = await this.verifyCredentials(username, password);
    return this.startSession(user, this.clock.now(), loginType);
  }

  /** The active user with these credentials, or 401 (the same answer, in the same time, for an unknown name). */
  async verifyCredentials(username: string, password: string): Promise<ActiveUser> {
    const user = this.activeUserNamed(username);
    // An unknown name costs one scrypt as a known one does: the answer's timing must not tell which names exist.
    const ok = await this.credentials.verify(user ? user.data.idUser : null, password);
    if (!ok || !user) throw new AccessError(401, API_ERROR_CODES.BAD_CREDENTIALS, 'wrong username or password');
    // Read again after the (slow) password check: a disable, delete or anonymisation answered meanwhile must win.
    const now = this.activeUser(user.data.idUser);
    if (!now) throw new AccessError(401, API_ERROR_CODES.BAD_CREDENTIALS, 'wrong username or password');
    this.assertMaySignIn(now);
    return now;
  }

  /**
   * Refuses a new session (password or single sign-on) of a user the back-office disabled (403011). A user not yet
   * enabled, as a fresh registration, is not refused here: the access guard shows them the 403004 dialog.
   */
  assertMaySignIn(user: ActiveUser): void {
    if (isDisabledByStaff(user)) throw new AccessError(403, API_ERROR_CODES.ACCOUNT_DISABLED, 'this account was disabled: ask the customer centre');
  }

  /** The active user with this username (any case), or null (also when deleted or anonymised by the back-office). */
  activeUserNamed(username: string): ActiveUser | null {
    const id = this.readModel.userIdByName.get(username.toLowerCase());
    return id ? this.activeUser(id) : null;
  }

  /** The active user with this id, or null (also when deleted or anonymised by the back-office). */
  activeUser(idUser: string): ActiveUser | null {
    const user = this.readModel.users.get(streamId.user(idUser));
    return user?.status === 'ACTIVE' && !user.deleted && !user.anonymised ? user : null;
  }

  /**
   * A new session of a user whose identity was proven (password, or single sign-on) at `authenticatedAt` (epoch ms;
   * undefined when the issuer does not say).
   */
  async startSession(user: ActiveUser, authenticatedAt: number | undefined, loginType: LoginType): Promise<{ token: string; profile: UserProfile; expiresAt: number }> {
    const now = this.clock.now();
    const { token, claims } = this.tokens.issue(user.data.idUser, now, authenticatedAt);
    await this.recordLogin(user.data.idUser, claims.sid, loginType, now);
    return { token, profile: profileOf(user), expiresAt: claims.exp };
  }

  /**
   * Records the login as an event on the user's stream (`UserLoggedIn`, the logins report's source), durable before the
   * session is handed out: every login that gave a session is in the log. Another instance may have appended to the
   * stream meanwhile (its own logins of this user): the writer then reloads the stream, and the login is recorded again
   * on what the store holds (a few tries), never answered 503.
   */
  private async recordLogin(idUser: string, sid: string, loginType: LoginType, now: number): Promise<void> {
    const stream = streamId.user(idUser);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.writer.execute({
          streams: [stream],
          metadata: { userId: idUser },
          decide: (view) => [{ streamId: stream, events: decideUser({ type: 'RecordLogin', sid, loginType, now }, view.state<UserState>(stream)) }],
          reply: () => undefined,
        });
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
      }
    }
  }

  /**
   * The session of an API credential (the `token` header or the session cookie), or null when it is invalid,
   * expired, ended, its user is unknown, or it is not a session token: a live token is refused here.
   */
  authenticate(token: string): Session | null {
    return this.sessionOf(this.tokens.verify(token, this.clock.now(), SESSION_SCOPE));
  }

  /**
   * The session of a live-channel credential (MQTT password, socket.io `auth.token`): a live token, or a session
   * token (the mobile app's, which only page scripts must not get), with the same checks as {@link authenticate}.
   */
  authenticateLive(token: string): LiveSession | null {
    const session = this.sessionOf(this.tokens.verify(token, this.clock.now(), LIVE_CHANNEL_SCOPES));
    // The live channel is dealer business (prices, plates): none for a user or dealer not enabled.
    return session && this.inGoodStanding(session.actor) ? session : null;
  }

  /**
   * Whether the actor may use the portal beyond its own account: the user is enabled, and so is its dealer (a
   * registration waiting for approval, or a user invited or created into such a dealer, is not). The access guard
   * refuses every other call of such a user with 403004 (the spec's "user disabled" dialog).
   */
  inGoodStanding(actor: Pick<Actor, 'flgEnabled' | 'idDealer'>): boolean {
    if (!actor.flgEnabled) return false;
    if (!actor.idDealer) return true;
    const dealer = this.readModel.dealers.get(streamId.dealer(actor.idDealer));
    return !dealer || dealer.status === 'NONE' || dealer.status === 'ENABLED';
  }

  /**
   * The session of verified claims, or null: the user must be active, the session not ended by a logout, and the
   * token not issued before the latest password change unless it is of the session that made the change.
   */
  private sessionOf(claims: SessionClaims | null): LiveSession | null {
    if (!claims) return null;
    const user = this.activeUser(claims.sub);
    if (!user || isCredentialRevoked(user, claims.sid, claims.iat)) return null;
    // Disabled by the back-office: no token works, whenever issued (a login racing the disable issues one just after
    // `disabledAt`, which the revocation by issue time alone would let through until re-enabled and beyond).
    if (isDisabledByStaff(user)) return null;
    const d = user.data;
    const roles = effectiveRoles(d.roles);
    const actor = {
      idUser: d.idUser, username: d.username, roles, idDealer: d.idDealer, flgEnabled: d.flgEnabled,
      readOnly: d.readOnly === true, adminEnabledMarket: d.adminEnabledMarket ?? [],
    };
    return { sid: claims.sid, actor, expiresAt: claims.exp, authenticatedAt: claims.auth, scope: claims.scope };
  }

  /** Ends a session for good (an event on the user's stream). */
  async logout(session: Session): Promise<number> {
    const sid = streamId.user(session.actor.idUser);
    const outcome = await this.writer.execute({
      streams: [sid],
      metadata: { userId: session.actor.idUser },
      decide: (view) => [{ streamId: sid, events: decideUser({ type: 'EndSession', sid: session.sid, expiresAt: session.expiresAt, now: this.clock.now() }, view.state<UserState>(sid)) }],
      reply: () => undefined,
    });
    // The ended session must be refused from the next request on.
    await this.readModel.waitFor(outcome.position);
    return outcome.position;
  }

  /**
   * Records that the user's password was just set: every session of theirs whose token was issued before now ends
   * (API calls refused, live connections closed as on a logout), but `keepSid`, the session that made the change
   * (null for a recovery link: none stays). Waits until this instance refuses them.
   */
  async passwordChanged(idUser: string, keepSid: string | null): Promise<void> {
    const sid = streamId.user(idUser);
    const outcome = await this.writer.execute({
      streams: [sid],
      metadata: { userId: idUser },
      decide: (view) => [{ streamId: sid, events: decideUser({ type: 'RecordPasswordChange', now: this.clock.now(), keepSid }, view.state<UserState>(sid)) }],
      reply: () => undefined,
    });
    await this.readModel.waitFor(outcome.position);
  }

  /** The profile of a user. */
  profile(idUser: string): UserProfile {
    const user = this.readModel.users.get(streamId.user(idUser));
    if (user?.status !== 'ACTIVE') throw new AccessError(404, API_ERROR_CODES.USER_NOT_FOUND, 'user not found');
    return profileOf(user);
  }
}

/** Disabled by the back-office (`disabledAt` set and not enabled again); a registration not yet enabled is not. */
function isDisabledByStaff(user: ActiveUser): boolean {
  return user.disabledAt !== undefined && !user.data.flgEnabled;
}

/** The profile a user's session and the back-office's user card answer (OTHER as preferred language reads EN). */
export function profileOf(user: ActiveUser): UserProfile {
  const d = user.data;
  return {
    idUser: d.idUser, idDealer: d.idDealer, idMarket: d.idMarket, username: d.username, roles: [...d.roles],
    preferredLanguage: d.preferredLanguage === 'OTHER' ? 'EN' : d.preferredLanguage,
    consent1: d.consent1, consent2: d.consent2, consent3: d.consent3, flgEnabled: d.flgEnabled,
    readOnly: d.readOnly === true, adminEnabledMarket: [...(d.adminEnabledMarket ?? [])],
  };
}
