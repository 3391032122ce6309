import { Inject, Injectable, Logger } from '@nestjs/common';
import { renderAccountSetup, renderPasswordChanged, renderPasswordRecovery } from '@auction/mail';
import { timeZoneOfMarket } from '@auction/i18n';
import { REGISTRATION_ERROR_CODES, changePasswordFreshSchema, changePasswordSchema, passwordRecoveryRequestSchema, passwordRecoverySchema, type UserState } from '@auction/domain';
import type { z } from 'zod';
import { API_ERROR_CODES } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG, CLOCK, LIMIT_WINDOWS, type Clock } from '../../platform/engine/tokens.js';
import { ValidationError, parse } from '../../platform/http/validation.js';
import { AccountMail } from '../accounts/account-mail.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { AuthService } from '../auth.service.js';
import { CredentialsService } from '../credentials.service.js';
import { AccountAccessError, detailsOf } from './account-access-error.js';
import { AccessTagStore } from './access-tags.js';
import { RequestLimiter, type LimitWindows } from './request-limiter.js';

type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

/** Recovery requests per typed username or e-mail, and per client address, in {@link LIMIT_WINDOW_MS}. */
export const RECOVERY_LIMITS = { perAccount: 5, perAddress: 50 } as const;
const LIMIT_WINDOW_MS = 15 * 60_000;
/** A session signed in this recently may change its password without giving the current one (issue 21 item 8). */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** Changes with a current password one user may try in {@link LIMIT_WINDOW_MS} (a session guessing it). */
const CURRENT_PASSWORD_ATTEMPTS = 5;
const PASSWORD_FIELDS = new Set(['password', 'confPassword']);
/** An id no user has (ids have no blanks or brackets): what the link of an unknown username is looked up with. */
const NO_USER = '(no user)';

/**
 * Passwords: the recovery request and its mailed single-use link, the first password of a new user (the same
 * link, a `SETUP` tag), and the logged-in change. Every way of setting a password applies the domain's one rule
 * (min 8, 3 of 4 classes, equal) and ends with a "password changed" mail to the stored address.
 */
@Injectable()
export class PasswordsService {
  private readonly logger = new Logger('Passwords');
  private readonly perAccount: RequestLimiter;
  private readonly perAddress: RequestLimiter;
  private readonly attempts: RequestLimiter;

  constructor(
    private readonly tags: AccessTagStore,
    private readonly accounts: AccountsService,
    private readonly credentials: CredentialsService,
    private readonly auth: AuthService,
    private readonly mail: AccountMail,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'accessTagTtlMs'>,
    // The limits' windows, shared by every instance (absent in unit tests: in memory).
    @Inject(LIMIT_WINDOWS) windows?: LimitWindows,
  ) {
    const shared = (name: string) => (windows ? { windows, name } : undefined);
    this.perAccount = new RequestLimiter(RECOVERY_LIMITS.perAccount, LIMIT_WINDOW_MS, undefined, shared('recovery-account'));
    this.perAddress = new RequestLimiter(RECOVERY_LIMITS.perAddress, LIMIT_WINDOW_MS, undefined, shared('recovery-address'));
    this.attempts = new RequestLimiter(CURRENT_PASSWORD_ATTEMPTS, LIMIT_WINDOW_MS, undefined, shared('current-password'));
  }

  /**
   * Checks a recovery request and its limits, and answers what to do after the answer: the lookup and the mail
   * run once the (always equal) answer is gone, so neither its content nor its timing tells whether an account
   * matched. Bad input: 422105; over a limit: 429001 (counted on what was typed, matched or not).
   */
  async admitRecovery(body: unknown, address: string): Promise<() => Promise<void>> {
    const request = this.parseOr(passwordRecoveryRequestSchema, body, (details) => new AccountAccessError(422, REGISTRATION_ERROR_CODES.PASSWORD_RECOVERY_REQUEST_INVALID, 'give a username (at least 6 characters) or a valid e-mail', details));
    const username = request.username?.trim() || null;
    const email = request.email?.trim().toLowerCase() || null;
    const now = this.clock.now();
    const waits = [this.perAddress.hit(`ip:${address}`, now)];
    if (username) waits.push(this.perAccount.hit(`user:${username.toLowerCase()}`, now));
    if (email) waits.push(this.perAccount.hit(`email:${email}`, now));
    const wait = Math.max(...await Promise.all(waits));
    if (wait > 0) throw AccountAccessError.tooMany(wait);
    return () => this.sendRecovery(username, email);
  }

  /** Mails a recovery link to each user matched by username (any case) or e-mail, at the address stored for them. */
  private async sendRecovery(username: string | null, email: string | null): Promise<void> {
    const users = new Map<string, ActiveUser>();
    const named = username ? this.accounts.userNamed(username) : null;
    if (named) users.set(named.data.idUser, named);
    if (email) for (const user of await this.accounts.usersWithEmail(email)) users.set(user.data.idUser, user);
    // A deleted, anonymised or staff-disabled account gets no link: it could not sign in with the new password. Nor
    // does a registration never enabled (or a user of a dealer not enabled): its first password comes with approval.
    for (const user of users.values()) if (this.mayRecover(user)) await this.mailLink(user, 'RECOVERY');
  }

  /**
   * Issues a `RECOVERY` or `SETUP` tag for a user (voiding their older ones of that kind) and mails its link to the
   * user's stored e-mail, in their language. False when the user has no e-mail (nothing issued). A `SETUP` link comes
   * in its own mail (nobody asked for a reset): the account was `approved` (a registration enabled) or `created`.
   */
  async mailLink(user: ActiveUser, kind: 'RECOVERY' | 'SETUP', reason: 'approved' | 'created' = 'created'): Promise<boolean> {
    const personal = await this.accounts.personalOf(user.data.idUser);
    const to = personal.email;
    if (!to) {
      this.logger.warn(`no e-mail stored for user ${user.data.idUser}: no ${kind.toLowerCase()} link sent`);
      return false;
    }
    const ttlMs = kind === 'RECOVERY' ? this.config.accessTagTtlMs.recovery : this.config.accessTagTtlMs.setup;
    const tag = (await this.tags.issue({ kind, idUser: user.data.idUser }, this.clock.now(), ttlMs))!;
    const recipientName = [personal.name, personal.surname].filter(Boolean).join(' ') || undefined;
    const input = { language: this.mail.language(user.data.preferredLanguage), recipientName, username: user.data.username, tag, validForMinutes: Math.round(ttlMs / 60_000) };
    await this.mail.send(to, (site) => (kind === 'SETUP' ? renderAccountSetup({ ...input, site, reason }) : renderPasswordRecovery({ ...input, site })));
    return true;
  }

  /**
   * `POST /open/verify-pwd-recovery`: the password rules first (422104, the link is not spent), then the tag must
   * be a live `RECOVERY` or `SETUP` tag of that username (410010), consumed atomically; then the password is set.
   */
  async verifyRecovery(body: unknown): Promise<void> {
    const request = this.parsePasswords(passwordRecoverySchema, body);
    const user = this.accounts.userNamed(request.username ?? '');
    const tag = request.hash ?? '';
    // The same query for an unknown username (an id no user has): the answer's timing must not tell which names exist.
    const consumed = await this.tags.consume(tag, ['RECOVERY', 'SETUP'], { idUser: user ? user.data.idUser : NO_USER }, this.clock.now());
    // A link of an account deleted or anonymised since it was mailed is dead (a staff-disabled one may still set it).
    if (!user || !consumed || user.deleted || user.anonymised || neverEnabled(user)) throw AccountAccessError.deadTag();
    await this.setPassword(user, request.password!, null);
  }

  /**
   * `POST /secure/change-password` (and the mobile one): the caller's own password, at most 30 characters. The current
   * password is asked (a session left open must not be enough to take the account): missing or wrong, 403042; more than
   * {@link CURRENT_PASSWORD_ATTEMPTS} tries in 15 minutes, 429001. A session signed in within
   * {@link FRESH_SIGN_IN_MS} may leave it out (single sign-on users may have no portal password): signed in means the
   * password was checked then (a password login, or the issuer's `auth_time`), not that the session was made then, since
   * `/open/sso/login` makes a new session from an issuer session hours old. The caller's session
   * (`sid`) stays; the user's other sessions end.
   */
  async change(idUser: string, session: { sid: string; authenticatedAt?: number }, body: unknown): Promise<void> {
    const raw = body !== null && typeof body === 'object' ? (body as { currentPassword?: unknown }).currentPassword : undefined;
    const given = raw !== undefined && raw !== null && raw !== '';
    const fresh = session.authenticatedAt !== undefined && this.clock.now() - session.authenticatedAt <= FRESH_SIGN_IN_MS;
    if (!given && !fresh) throw currentPasswordWrong();
    // The new password's rules first: a weak one does not spend a guess of the current one.
    const request = given ? this.parsePasswords(changePasswordSchema, body) : this.parsePasswords(changePasswordFreshSchema, body);
    const user = this.accounts.user(idUser);
    if (!user) throw new AccessError(404, API_ERROR_CODES.USER_NOT_FOUND, 'user not found');
    if (given) {
      // Counted before the check: concurrent guesses cannot outrun the limit.
      const wait = await this.attempts.hit(idUser, this.clock.now());
      if (wait > 0) throw AccountAccessError.tooMany(wait);
      if (!(await this.credentials.verify(idUser, String(raw)))) throw currentPasswordWrong();
    }
    await this.setPassword(user, request.password!, session.sid);
  }

  /**
   * Sets the password, voids the user's other mailed links (recovery, first password), then ends every session of the user issued before now but `keepSid` (a stolen session or
   * token must not outlive the owner's new password; null: a link, no session stays), then mails the change.
   * The password first: a login between the two with the old password would otherwise be issued after the change.
   */
  private async setPassword(user: ActiveUser, password: string, keepSid: string | null): Promise<void> {
    await this.credentials.set(user.data.idUser, password);
    await this.tags.voidUserLinks(user.data.idUser, this.clock.now());
    await this.auth.passwordChanged(user.data.idUser, keepSid);
    const personal = await this.accounts.personalOf(user.data.idUser);
    if (!personal.email) return;
    await this.mail.send(personal.email, (site) => renderPasswordChanged({
      language: this.mail.language(user.data.preferredLanguage), site,
      recipientName: [personal.name, personal.surname].filter(Boolean).join(' ') || undefined,
      username: user.data.username, changedAt: new Date(this.clock.now()), timeZone: timeZoneOfMarket(user.data.idMarket),
    }));
  }

  /**
   * Whether an account may be mailed a recovery link: not deleted or anonymised, and in good standing (enabled, of an
   * enabled dealer): not disabled by staff, nor a registration waiting for approval.
   */
  private mayRecover(user: ActiveUser): boolean {
    return !user.deleted && !user.anonymised && this.auth.inGoodStanding(user.data);
  }

  /** Parses a body whose password rules answer 422104; any other broken field (missing tag, not an object) is 400. */
  private parsePasswords<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
    try {
      return parse(schema, body);
    } catch (error) {
      if (error instanceof ValidationError && error.details.length > 0 && error.details.every((d) => PASSWORD_FIELDS.has(d.field))) {
        throw AccountAccessError.weakPassword(error.details);
      }
      throw error;
    }
  }

  private parseOr<S extends z.ZodType>(schema: S, body: unknown, refusal: (details: ReturnType<typeof detailsOf>) => Error): z.output<S> {
    try {
      return parse(schema, body);
    } catch (error) {
      if (error instanceof ValidationError && body !== null && typeof body === 'object' && !Array.isArray(body)) throw refusal(error.details);
      throw error;
    }
  }
}

const currentPasswordWrong = () => new AccessError(403, API_ERROR_CODES.CURRENT_PASSWORD_WRONG, 'give your current password (currentPassword), or sign in again');

/** A user not enabled yet and never disabled by staff: a registration waiting for approval. */
function neverEnabled(user: ActiveUser): boolean {
  return !user.data.flgEnabled && user.disabledAt === undefined;
}
