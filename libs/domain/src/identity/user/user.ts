import { DomainError, assertNever } from '../../shared/errors.js';
import type { Market, Role } from '../../shared/statuses.js';
import {
  consentsDelta, preferencesDelta, withConsents, withPreferences,
  type PreferencesChange, type UserConsentsGivenData, type UserPreferencesChangedData,
} from './user-preferences.js';
import {
  adminChangeDelta, anonymousName, knownRoles, showcaseShut, withAdminChange,
  type AdminUserChange, type AuditStamp, type UserEditedByAdminData,
} from './user-admin.js';

export * from './user-preferences.js';
export * from './user-admin.js';

/**
 * A portal user. Credentials are not part of it: a password is a secret, not history, so the shell keeps
 * its hash in a credential store beside the log (bodies written by earlier releases carried `passwordHash`;
 * `withoutLegacySecrets` removes it on every read).
 */
export interface UserData {
  readonly idUser: string;
  readonly username: string;
  readonly roles: readonly Role[];
  readonly idDealer: string | null;
  readonly idMarket: Market;
  readonly preferredLanguage: string;
  readonly consent1: boolean;
  readonly consent2: boolean;
  readonly consent3: boolean;
  readonly flgEnabled: boolean;
  /** Back-office: the session's read-only flag (sees, cannot change). Absent in bodies of earlier releases: false. */
  readonly readOnly?: boolean;
  /** Back-office: the markets whose dealers and users an ADMIN or CUSTOMER_CENTER user may act on. Absent: none. */
  readonly adminEnabledMarket?: readonly Market[];
}

/** User state, discriminated on `status`. */
export type UserState =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'ACTIVE';
      readonly data: UserData;
      /** Sessions ended by a logout, kept while a token of theirs may still be presented (see {@link ENDED_SESSION_GRACE_MS}). */
      readonly endedSessions: readonly EndedSession[];
      readonly feedback: readonly Feedback[];
      readonly showcaseRegulationAccepted: boolean;
      /**
       * The latest password change (absent: never changed since this was recorded): sessions whose token was issued
       * before it are over, but for the one that made the change. One entry, however many changes.
       */
      readonly passwordChange?: PasswordChange;
      /**
       * When the back-office last disabled the user (epoch ms): tokens issued before it are refused for good, even
       * after a re-enable (a disabled user's sessions end at once and do not come back).
       */
      readonly disabledAt?: number;
      /** Deleted by the back-office: no login, every token refused; the history (offers, purchases) stays. */
      readonly deleted?: boolean;
      /** Anonymised (right to erasure): the username reads {@link anonymousName}; personal data was erased beside the log. */
      readonly anonymised?: boolean;
      /**
       * The back-office shut the showcase to this dealer user (`PUT /admin/user-buyer-showcase`): it neither sees nor
       * buys there until it is opened again. Absent: open, as for every user by default.
       */
      readonly showcaseClosed?: boolean;
    };

/**
 * When the password last changed (epoch ms, the writer's clock) and the session that changed it (`null`: none, as
 * a recovery link), which alone outlives the change. No personal data: issue 14's erasure need not touch it.
 */
export interface PasswordChange {
  readonly changedAt: number;
  readonly keepSid: string | null;
}

/**
 * A session ended by a logout. `expiresAt` is when its token expires (epoch ms): until then the token must be
 * refused, so the session is remembered that long. `null` for sessions ended by earlier releases, whose events
 * did not say: those are remembered for good (their number is fixed, no new ones are written).
 */
export interface EndedSession {
  readonly sid: string;
  readonly expiresAt: number | null;
}

/**
 * How long past its token's expiry an ended session is still remembered: the expiry is checked on the clock of the
 * instance that verifies a token, which may lag the one that wrote the logout.
 */
export const ENDED_SESSION_GRACE_MS = 10 * 60_000;

/** True when the session `sid` of the user was ended by a logout (its token must be refused). */
export function isSessionEnded(state: UserState, sid: string): boolean {
  return state.status === 'ACTIVE' && state.endedSessions.some((s) => s.sid === sid);
}

/**
 * True when a token of session `sid` issued at `issuedAt` (epoch ms; 0 for tokens that do not say) must be refused:
 * its session was ended by a logout, or the password changed after the token was issued and `sid` is not the
 * session that changed it (a stolen session must not outlive the owner's new password).
 */
export function isCredentialRevoked(state: UserState, sid: string, issuedAt: number): boolean {
  if (state.status !== 'ACTIVE') return false;
  if (isSessionEnded(state, sid)) return true;
  if (state.deleted || state.anonymised) return true;
  if (state.disabledAt !== undefined && issuedAt < state.disabledAt) return true;
  const change = state.passwordChange;
  return change !== undefined && issuedAt < change.changedAt && sid !== change.keepSid;
}

/**
 * Since when (epoch ms) a sign-in proven before it no longer counts: the latest password change or back-office
 * disable. A single sign-on whose authentication (`auth_time`) is older must ask for the password again; undefined
 * when neither ever happened.
 */
export function credentialsChangedAt(state: UserState): number | undefined {
  if (state.status !== 'ACTIVE') return undefined;
  const times = [state.passwordChange?.changedAt, state.disabledAt].filter((t): t is number => t !== undefined);
  return times.length ? Math.max(...times) : undefined;
}

/**
 * True when a single sign-on whose authentication happened at `authTimeSeconds` (the ID token's `auth_time`, epoch
 * seconds, rounded down) was surely proven before the latest password change or disable: the issuer's session then
 * predates the new password, and the portal must not open a session from it.
 */
export function isSignInOutdated(state: UserState, authTimeSeconds: number): boolean {
  const changedAt = credentialsChangedAt(state);
  return changedAt !== undefined && (authTimeSeconds + 1) * 1000 <= changedAt;
}

/** The stars a rating may give: whole stars, 1 to 5 (spec: "5 stars, no half stars"). */
export const FEEDBACK_STARS = [1, 2, 3, 4, 5] as const;

/** True for a rating the portal takes: an integer from 1 to 5. */
export function isFeedbackRating(rating: unknown): rating is number {
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5;
}

/** The user's rating of a target (an auction, a showcase vehicle), or null when not rated yet. */
export function feedbackOf(state: UserState, target: Feedback['target'], idTarget: string): Feedback | null {
  return state.status === 'ACTIVE' ? state.feedback.find((f) => f.target === target && f.idTarget === idTarget) ?? null : null;
}

/**
 * A dealer's rating of an auction or a showcase purchase: one per target (a repeat is a no-op). `idTemplate`: the
 * partner (template, selling channel) the rating counts for, fixed when it is given: the auction's template, or the
 * template of the showcase vehicle's provenance in its market; null (and absent in the events of earlier releases):
 * the sale went through no partner, and the rating counts for none.
 */
export interface Feedback {
  readonly idFeedback: string;
  readonly target: 'AUCTION' | 'SHOWCASE';
  readonly idTarget: string;
  readonly rating: number;
  readonly idAuctioneer: string | null;
  readonly idTemplate?: string | null;
}

/** Events of a user stream (`user-{idUser}`). */
export type UserEvent =
  /** `by` and `at` when the back-office created the user (the audit trail's first entry); absent otherwise. */
  | { type: 'UserRegistered'; data: UserData & Partial<AuditStamp> }
  /**
   * `expiresAt`: when the session's token expires; `endedAt`: when the logout happened (epoch ms). Both absent from
   * the events of earlier releases.
   */
  | { type: 'UserSessionEnded'; data: { idUser: string; sid: string; expiresAt?: number; endedAt?: number } }
  | { type: 'FeedbackGiven'; data: Feedback & { idUser: string } }
  | { type: 'ShowcaseRegulationAccepted'; data: { idUser: string } }
  /** The user's own preferences (language, market): only the fields that changed. No personal data. */
  | { type: 'UserPreferencesChanged'; data: UserPreferencesChangedData }
  /** The three consents of the privacy page as the user now gives them (all three, true or false). */
  | { type: 'UserConsentsGiven'; data: UserConsentsGivenData }
  /**
   * The password was set (change, recovery link, first password): the user's sessions issued before `changedAt`
   * (epoch ms) end, but `keepSid` (the session that made the change; absent for a link). No personal data.
   */
  | { type: 'UserPasswordChanged'; data: { idUser: string; changedAt: number; keepSid?: string } }
  /** Back-office (audit: `by` is the acting user's id, `at` epoch ms). Disabling ends every session at once. */
  | { type: 'UserEnabledChanged'; data: { idUser: string; flgEnabled: boolean } & AuditStamp }
  /** Back-office: the showcase opened (flgEnabled) or shut to a dealer user. */
  | { type: 'UserShowcaseAccessChanged'; data: { idUser: string; flgEnabled: boolean } & AuditStamp }
  /** Back-office: the user's roles as they now are (a permission added or removed). */
  | { type: 'UserRolesChanged'; data: { idUser: string; roles: Role[] } & AuditStamp }
  /** Back-office edit: non-personal fields that changed, and the names of personal fields changed beside the log. */
  | { type: 'UserEditedByAdmin'; data: UserEditedByAdminData }
  /** Back-office: a staff action asked for a password-reset link to be mailed (no secret in the body). */
  | { type: 'UserPasswordResetRequested'; data: { idUser: string } & AuditStamp }
  | { type: 'UserDeleted'; data: { idUser: string } & AuditStamp }
  /** Right to erasure: personal data beside the log was erased; the username now reads `anonymous-{idUser}`. */
  | { type: 'UserAnonymised'; data: { idUser: string } & AuditStamp }
  /**
   * A session was opened (password, mobile token or single sign-on; issue 23 item 5, the logins report). Codes only, no
   * personal data: the user's dealer and market at that moment, so the report filters them without reading the user.
   */
  | { type: 'UserLoggedIn'; data: UserLoggedInData };

/** How a session was opened: the web sign-in form, the mobile app's token call, or the single sign-on issuer. */
export const LOGIN_TYPES = ['WEB', 'MOBILE', 'SSO'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** The body of `UserLoggedIn`: `at` is the time of the login (epoch ms), `sid` the session opened. */
export interface UserLoggedInData {
  readonly idUser: string;
  readonly sid: string;
  readonly loginType: LoginType;
  readonly at: number;
  readonly idDealer: string | null;
  readonly idMarket: Market;
}

/** Commands of a user. */
export type UserCommand =
  /** `stamp`: who created the user in the back-office, and when (absent: a registration, an invitation, the demo). */
  | { type: 'RegisterUser'; data: UserData; stamp?: AuditStamp }
  /** `expiresAt`: when the session's token expires; `now`: the time of the logout. */
  | { type: 'EndSession'; sid: string; expiresAt: number; now: number }
  | { type: 'GiveFeedback'; feedback: Feedback }
  | { type: 'AcceptShowcaseRegulation' }
  /** Fields not given stay; a change to the current values is a no-op (no event). */
  | { type: 'ChangePreferences'; change: PreferencesChange }
  | { type: 'GiveConsents'; consent1: boolean; consent2: boolean; consent3: boolean }
  /** The password was just set at `now`; `keepSid`: the session that set it, which stays (null: none stays). */
  | { type: 'RecordPasswordChange'; now: number; keepSid: string | null }
  /** Back-office commands: `by` is the acting user's id, `now` the time (audit stamp of the event). */
  | { type: 'SetUserEnabled'; flgEnabled: boolean; by: string; now: number }
  | { type: 'SetUserRoles'; roles: readonly Role[]; by: string; now: number }
  | { type: 'SetShowcaseAccess'; flgEnabled: boolean; by: string; now: number }
  /** `personalFields`: names of the personal fields the caller changed beside the log (recorded, values never). */
  | { type: 'EditUserByAdmin'; change: AdminUserChange; personalFields: readonly string[]; by: string; now: number }
  | { type: 'RecordPasswordResetRequest'; by: string; now: number }
  | { type: 'DeleteUser'; by: string; now: number }
  | { type: 'AnonymiseUser'; by: string; now: number }
  /** A session `sid` was just opened at `now` (the credentials were checked by the shell). */
  | { type: 'RecordLogin'; sid: string; loginType: LoginType; now: number };

/** Initial state of a user stream. */
export const initialUserState: UserState = { status: 'NONE' };

/** Decides the events of a user command. */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'NONE') return [];
      return [{ type: 'UserRegistered', data: command.stamp ? { ...command.data, by: command.stamp.by, at: command.stamp.at } : command.data }];
    case 'EndSession':
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      if (isSessionEnded(state, command.sid) || command.expiresAt <= command.now) return [];
      return [{ type: 'UserSessionEnded', data: { idUser: state.data.idUser, sid: command.sid, expiresAt: command.expiresAt, endedAt: command.now } }];
    case 'GiveFeedback': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      if (!isFeedbackRating(command.feedback.rating)) throw new DomainError('FEEDBACK_RATING_INVALID', 'a rating is 1 to 5 whole stars');
      const { target, idTarget } = command.feedback;
      if (state.feedback.some((f) => f.target === target && f.idTarget === idTarget)) return [];
      return [{ type: 'FeedbackGiven', data: { ...command.feedback, idUser: state.data.idUser } }];
    }
    case 'AcceptShowcaseRegulation':
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return state.showcaseRegulationAccepted ? [] : [{ type: 'ShowcaseRegulationAccepted', data: { idUser: state.data.idUser } }];
    case 'ChangePreferences': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      const delta = preferencesDelta(state.data, command.change);
      return delta ? [{ type: 'UserPreferencesChanged', data: delta }] : [];
    }
    case 'GiveConsents': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      const delta = consentsDelta(state.data, command);
      return delta ? [{ type: 'UserConsentsGiven', data: delta }] : [];
    }
    case 'RecordPasswordChange':
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return [{ type: 'UserPasswordChanged', data: { idUser: state.data.idUser, changedAt: command.now, ...(command.keepSid ? { keepSid: command.keepSid } : {}) } }];
    case 'SetUserEnabled': {
      const active = activeForAdmin(state);
      if (active.data.flgEnabled === command.flgEnabled) return [];
      return [{ type: 'UserEnabledChanged', data: { idUser: active.data.idUser, flgEnabled: command.flgEnabled, by: command.by, at: command.now } }];
    }
    case 'SetShowcaseAccess': {
      const active = activeForAdmin(state);
      if (showcaseShut(active) !== command.flgEnabled) return [];
      return [{ type: 'UserShowcaseAccessChanged', data: { idUser: active.data.idUser, flgEnabled: command.flgEnabled, by: command.by, at: command.now } }];
    }
    case 'SetUserRoles': {
      const active = activeForAdmin(state);
      const roles = knownRoles(command.roles);
      if (roles.length === active.data.roles.length && roles.every((r) => active.data.roles.includes(r))) return [];
      return [{ type: 'UserRolesChanged', data: { idUser: active.data.idUser, roles, by: command.by, at: command.now } }];
    }
    case 'EditUserByAdmin': {
      const active = activeForAdmin(state);
      const delta = adminChangeDelta(active.data, command.change, command.personalFields, { by: command.by, at: command.now });
      return delta ? [{ type: 'UserEditedByAdmin', data: delta }] : [];
    }
    case 'RecordPasswordResetRequest': {
      const active = activeForAdmin(state);
      return [{ type: 'UserPasswordResetRequested', data: { idUser: active.data.idUser, by: command.by, at: command.now } }];
    }
    case 'DeleteUser': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return state.deleted ? [] : [{ type: 'UserDeleted', data: { idUser: state.data.idUser, by: command.by, at: command.now } }];
    }
    case 'AnonymiseUser': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return state.anonymised ? [] : [{ type: 'UserAnonymised', data: { idUser: state.data.idUser, by: command.by, at: command.now } }];
    }
    case 'RecordLogin': {
      const active = activeForAdmin(state);
      const { idUser, idDealer, idMarket } = active.data;
      return [{ type: 'UserLoggedIn', data: { idUser, sid: command.sid, loginType: command.loginType, at: command.now, idDealer, idMarket } }];
    }
    default:
      return assertNever(command);
  }
}

/** The active user a back-office change applies to: not unknown, not deleted, not anonymised. */
function activeForAdmin(state: UserState): Extract<UserState, { status: 'ACTIVE' }> {
  if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
  if (state.deleted || state.anonymised) throw new DomainError('BUYER_NOT_ELIGIBLE', 'the user was deleted or anonymised');
  return state;
}

/** Folds one user event. Never throws. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      if (state.status !== 'NONE') return state;
      const { by: _by, at: _at, ...data } = event.data;
      return { status: 'ACTIVE', data, endedSessions: [], feedback: [], showcaseRegulationAccepted: false };
    }
    case 'UserSessionEnded':
      return state.status === 'ACTIVE' ? { ...state, endedSessions: withEndedSession(state.endedSessions, event.data) } : state;
    case 'FeedbackGiven': {
      const { idUser: _idUser, ...feedback } = event.data;
      return state.status === 'ACTIVE' ? { ...state, feedback: [...state.feedback, feedback] } : state;
    }
    case 'ShowcaseRegulationAccepted':
      return state.status === 'ACTIVE' ? { ...state, showcaseRegulationAccepted: true } : state;
    case 'UserPreferencesChanged':
      return state.status === 'ACTIVE' && event.data ? { ...state, data: withPreferences(state.data, event.data) } : state;
    case 'UserConsentsGiven':
      return state.status === 'ACTIVE' && event.data ? { ...state, data: withConsents(state.data, event.data) } : state;
    case 'UserPasswordChanged':
      return state.status === 'ACTIVE' ? withPasswordChange(state, event.data) : state;
    case 'UserEnabledChanged': {
      if (state.status !== 'ACTIVE' || typeof event.data?.flgEnabled !== 'boolean') return state;
      const at = typeof event.data.at === 'number' && Number.isFinite(event.data.at) ? event.data.at : undefined;
      const disabledAt = !event.data.flgEnabled && at !== undefined ? Math.max(at, state.disabledAt ?? 0) : state.disabledAt;
      return { ...state, data: { ...state.data, flgEnabled: event.data.flgEnabled }, ...(disabledAt !== undefined ? { disabledAt } : {}) };
    }
    case 'UserShowcaseAccessChanged':
      return state.status === 'ACTIVE' && typeof event.data?.flgEnabled === 'boolean' ? { ...state, showcaseClosed: !event.data.flgEnabled } : state;
    case 'UserRolesChanged':
      return state.status === 'ACTIVE' && Array.isArray(event.data?.roles) ? { ...state, data: { ...state.data, roles: knownRoles(event.data.roles) } } : state;
    case 'UserEditedByAdmin':
      return state.status === 'ACTIVE' && event.data ? { ...state, data: withAdminChange(state.data, event.data) } : state;
    case 'UserPasswordResetRequested':
    case 'UserLoggedIn':
      return state;
    case 'UserDeleted':
      return state.status === 'ACTIVE' ? { ...state, deleted: true, data: { ...state.data, flgEnabled: false } } : state;
    case 'UserAnonymised':
      return state.status === 'ACTIVE'
        ? { ...state, anonymised: true, data: { ...state.data, username: anonymousName(state.data.idUser), flgEnabled: false } }
        : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/**
 * The ended sessions after one more logout. A session is never forgotten while its token may still be presented:
 * the ones whose token expired (with {@link ENDED_SESSION_GRACE_MS} to spare) before this logout's time are dropped,
 * so the list holds the sessions ended within one token lifetime, however many there were. The time comes from the
 * event: no clock here.
 */
function withEndedSession(ended: readonly EndedSession[], data: { sid: string; expiresAt?: number; endedAt?: number }): readonly EndedSession[] {
  const endedAt = typeof data.endedAt === 'number' && Number.isFinite(data.endedAt) ? data.endedAt : null;
  const live = endedAt === null ? ended : ended.filter((s) => s.expiresAt === null || s.expiresAt + ENDED_SESSION_GRACE_MS > endedAt);
  if (live.some((s) => s.sid === data.sid)) return live;
  const expiresAt = typeof data.expiresAt === 'number' && Number.isFinite(data.expiresAt) ? data.expiresAt : null;
  return [...live, { sid: data.sid, expiresAt }];
}

/**
 * The state after a password change: the latest change wins (an event carrying an earlier time than the one kept, or
 * no usable time, changes nothing), so the state holds one entry however many changes there were.
 */
function withPasswordChange<S extends Extract<UserState, { status: 'ACTIVE' }>>(state: S, data: { changedAt?: unknown; keepSid?: unknown } | null | undefined): S {
  const changedAt = data?.changedAt;
  if (typeof changedAt !== 'number' || !Number.isFinite(changedAt)) return state;
  if (state.passwordChange && state.passwordChange.changedAt > changedAt) return state;
  return { ...state, passwordChange: { changedAt, keepSid: typeof data?.keepSid === 'string' ? data.keepSid : null } };
}

/**
 * The events of several commands decided in order, each on the state the previous ones leave (one append of a
 * request that changes more than one thing, as a profile save or a back-office edit).
 */
export function decideUserPlan(commands: readonly UserCommand[], state: UserState): UserEvent[] {
  const events: UserEvent[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decideUser(command, current);
    current = decided.reduce(evolveUser, current);
    events.push(...decided);
  }
  return events;
}

/** The user decider. */
export const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };

/** The roles a user acts with: with VISITOR, BUYER is void (a user given both may still never bid or buy). */
export function effectiveRoles<R extends string>(roles: readonly R[]): readonly R[] {
  return roles.includes('VISITOR' as R) ? roles.filter((r) => r !== 'BUYER') : roles;
}

/**
 * An administrator who can still administer: has ADMIN, is enabled, not read-only, not deleted or anonymised, and
 * manages its own market (an administrator of no market, or of others only, cannot reach even its own account to
 * undo that); `dealerEnabled` (when given) says whether its dealer lets it act (one in a dealer that is not enabled is
 * refused every change). The back-office never lets the last of them go (a portal nobody can administer cannot be
 * repaired from inside).
 */
export function isActingAdmin(state: UserState, dealerEnabled?: (idDealer: string) => boolean): boolean {
  return state.status === 'ACTIVE' && state.data.roles.includes('ADMIN') && state.data.flgEnabled
    && state.data.readOnly !== true && !state.deleted && !state.anonymised
    && (state.data.adminEnabledMarket ?? []).includes(state.data.idMarket)
    && (!state.data.idDealer || !dealerEnabled || dealerEnabled(state.data.idDealer));
}

/** The ADMIN that `events` would take away: the user is an acting administrator before them and not after. */
export function removesActingAdmin(state: UserState, events: readonly UserEvent[], dealerEnabled?: (idDealer: string) => boolean): boolean {
  return isActingAdmin(state, dealerEnabled) && !isActingAdmin(events.reduce(evolveUser, state), dealerEnabled);
}
