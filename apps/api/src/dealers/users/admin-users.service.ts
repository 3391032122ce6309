import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, type AdminEditUserRequest, type AdminUserDetails, type AdminUsersPage, type AdminUsersQuery,
} from '@auction/contracts';
import { decideUserPlan, isProtectedAccount, streamId, type DealerState, type Market, type Role, type UserCommand, type UserState } from '@auction/domain';
import { marketLanguages, timeZoneOfMarket } from '@auction/i18n';
import { renderEmailChanged } from '@auction/mail';
import { AccountMail } from '../../identity/accounts/account-mail.js';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { PERSONAL_CHANGE_KEY, PersonalChanges } from '../../identity/accounts/personal-changes.js';
import { hasRole, type Actor } from '../../identity/actor.js';
import { AccountAccessError } from '../../identity/passwords/account-access-error.js';
import { PasswordsService, RECOVERY_LIMITS } from '../../identity/passwords/passwords.service.js';
import { languageNotOffered } from '../../identity/profile/profile-errors.js';
import { RequestLimiter, type LimitWindows } from '../../identity/passwords/request-limiter.js';
import { DealerDirectory } from '../../identity/registration/dealer-directory.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, LIMIT_WINDOWS, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import { assertInScope, scopedMarkets } from '../../identity/admin-scope.js';
import { assertMayChangeAccount, assertMayGrantRoles } from '../../identity/staff-protection.js';
import { adminDetailsOf, adminRowOf, adminUserOrder, type KnownUser } from './admin-user-view.js';
import { actingAdminStreams, assertAnAdminLeft, dealerEnabledIn } from './last-admin.js';
import { personalEdit } from './personal-edit.js';

/** The back-office's own roles: nobody takes their own (409120). */
const STAFF_ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER_CENTER'];
const RESET_WINDOW_MS = 15 * 60_000;

/**
 * The users back-office (issue 14): the list and card, the edit, enable/disable, delete, the mailed password-reset link
 * and permissions. Every call checks the caller's markets against the user's (403021); changes to a deleted or
 * anonymised user are 410020; a staff user may not disable, delete or demote themselves (409120); only an ADMIN acts on
 * another account holding a staff, auctioneer or exhibitor role (403040, `staff-protection.ts`: a customer-centre user
 * could otherwise change its e-mail and mail themselves its reset link). Each change is an event with `by` and `at`:
 * the audit trail; an e-mail change is told to the old address.
 */
@Injectable()
export class AdminUsersService {
  private readonly resets: RequestLimiter;

  constructor(
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordsService,
    private readonly dealers: DealerDirectory,
    private readonly mail: AccountMail,
    private readonly readModel: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly changes: PersonalChanges,
    @Inject(LIMIT_WINDOWS) windows?: LimitWindows,
  ) {
    this.resets = new RequestLimiter(RECOVERY_LIMITS.perAccount, RESET_WINDOW_MS, undefined, windows ? { windows, name: 'admin-resets' } : undefined);
  }

  /** `GET /admin/user`: the card of a user of the caller's markets (404060 unknown). */
  async get(actor: Actor, idUser: string): Promise<AdminUserDetails> {
    const user = this.known(actor, idUser);
    return adminDetailsOf(user, await this.accounts.personalOf(idUser));
  }

  /** `GET /admin/users`: the users of the caller's markets, filtered, sorted and paged by the server. */
  async list(actor: Actor, query: AdminUsersQuery): Promise<AdminUsersPage> {
    const markets = new Set(scopedMarkets(actor, query.idMarket));
    const byEmail = query.email ? new Set(await this.accounts.personalData.idsByEmail('USER', query.email)) : null;
    const name = query.username?.toLowerCase();
    const users: KnownUser[] = [];
    for (const user of this.readModel.users.values()) {
      if (user.status !== 'ACTIVE') continue;
      const d = user.data;
      if (!markets.has(d.idMarket)) continue;
      if (name !== undefined && !d.username.toLowerCase().includes(name)) continue;
      if (byEmail && !byEmail.has(d.idUser)) continue;
      if (query.idDealer !== undefined && d.idDealer !== query.idDealer) continue;
      if (query.role !== undefined && !d.roles.includes(query.role)) continue;
      if (query.flgEnabled !== undefined && d.flgEnabled !== query.flgEnabled) continue;
      users.push(user);
    }
    users.sort(adminUserOrder(query));
    const page = users.slice(query.offset, query.offset + query.limit);
    const personal = await this.accounts.personalData.getMany('USER', page.map((u) => u.data.idUser));
    return { items: page.map((u) => adminRowOf(u, personal.get(u.data.idUser))), total: users.length, limit: query.limit, offset: query.offset };
  }

  /**
   * `PUT /admin/user`: non-personal fields as an event (`UserEditedByAdmin`, with the NAMES of the personal fields
   * changed), personal fields beside the log. Everything is checked before anything is written.
   */
  async edit(actor: Actor, request: AdminEditUserRequest): Promise<AdminUserDetails> {
    // Edits that set an e-mail run one at a time: the "no other user has it" check and the write must not interleave
    // (two concurrent edits gave two users one address). Per instance; across instances the personal-data store's
    // unique index refuses the second (409111 too).
    if (typeof request.email === 'string') return this.oneEmailEditAtATime(() => this.editNow(actor, request));
    return this.editNow(actor, request);
  }

  private emailEdits: Promise<unknown> = Promise.resolve();

  private oneEmailEditAtATime<T>(work: () => Promise<T>): Promise<T> {
    const next = this.emailEdits.then(work, work);
    this.emailEdits = next.catch(() => undefined);
    return next;
  }

  private async editNow(actor: Actor, request: AdminEditUserRequest): Promise<AdminUserDetails> {
    const user = this.changeable(actor, request.idUser, { allowSelf: true });
    if (request.adminEnabledMarket !== undefined) {
      if (!hasRole(actor, ['ADMIN'])) throw AccessError.role();
      for (const m of request.adminEnabledMarket) assertInScope(actor, m);
    }
    if (request.idMarket !== undefined) assertInScope(actor, request.idMarket);
    const language = this.language(request.preferredLanguage, user, request.idMarket ?? user.data.idMarket);
    if (request.idDealer) assertInScope(actor, (await this.dealers.info(request.idDealer)).idMarket);
    const current = await this.accounts.personalOf(request.idUser);
    const personal = await personalEdit(request, current, request.idMarket ?? user.data.idMarket, this.accounts);
    // Only the fields whose value changes are recorded (their names, never their values).
    const changed = Object.keys(personal).filter((k) => (current[k] ?? null) !== personal[k]);
    const change = {
      ...(request.idMarket !== undefined ? { idMarket: request.idMarket } : {}),
      ...(language !== undefined ? { preferredLanguage: language } : {}),
      ...(request.readOnly !== undefined ? { readOnly: request.readOnly } : {}),
      ...(request.adminEnabledMarket !== undefined ? { adminEnabledMarket: request.adminEnabledMarket } : {}),
      ...(request.idDealer !== undefined ? { idDealer: request.idDealer } : {}),
    };
    // The values staged beside the log, then the event (refused, 410020, if the user was deleted or anonymised
    // meanwhile: the values are taken back; a crash in between is swept later). An anonymisation erases staged values
    // with the rest; should one have run in between anyway, they are erased again: never resurrected.
    const values = changed.length > 0 ? personal : {};
    const intoDealer = request.idDealer && request.idDealer !== user.data.idDealer ? request.idDealer : undefined;
    await this.changes.apply('USER', request.idUser, values, (personalChange) => this.run(actor, request.idUser, () => [
      { type: 'EditUserByAdmin', change, personalFields: changed, by: actor.idUser, now: this.clock.now() },
    ], personalChange, intoDealer));
    if (changed.length > 0 && this.accounts.user(request.idUser)?.anonymised) await this.accounts.personalData.erase('USER', request.idUser);
    // The old address is told (a takeover points the account's mails, reset links included, somewhere else).
    if (changed.includes('email') && current.email) await this.mailEmailChanged(user, current.email);
    return this.get(actor, request.idUser);
  }

  private async mailEmailChanged(user: KnownUser, oldEmail: string): Promise<void> {
    const d = user.data;
    await this.mail.send(oldEmail, (site) => renderEmailChanged({
      language: this.mail.language(d.preferredLanguage), site, username: d.username, changedAt: new Date(this.clock.now()), timeZone: timeZoneOfMarket(d.idMarket),
    }));
  }

  /** `DELETE /admin/user` (ADMIN): no login, every token refused from the next request on; the history stays. */
  async delete(actor: Actor, idUser: string): Promise<void> {
    this.changeable(actor, idUser, { allowSelf: false });
    await this.run(actor, idUser, () => [{ type: 'DeleteUser', by: actor.idUser, now: this.clock.now() }]);
  }

  /**
   * `PATCH /admin/user/enable-disable`: once this instance's index has the change, the user's next request is refused
   * (disabled: every session and mobile token issued before ends, the live connections close) or a new login works.
   */
  async setEnabled(actor: Actor, idUser: string, flgEnabled: boolean): Promise<AdminUserDetails> {
    this.changeable(actor, idUser, { allowSelf: flgEnabled });
    await this.run(actor, idUser, () => [{ type: 'SetUserEnabled', flgEnabled, by: actor.idUser, now: this.clock.now() }]);
    return this.get(actor, idUser);
  }

  /**
   * `PATCH /admin/user/reset-pwd`: mails the user a single-use recovery link (the passwords feature's `RECOVERY` tag,
   * never a password) and records the request. At most {@link RECOVERY_LIMITS.perAccount} per user in 15 minutes
   * (429001); no e-mail on file: 409121; a user of a dealer not enabled: 403060.
   */
  async resetPassword(actor: Actor, idUser: string): Promise<void> {
    const user = this.changeable(actor, idUser, { allowSelf: true });
    // A registration waiting for approval (or a disabled dealer) has no password to reset: a link would give its user
    // a password before the dealer may use the portal (issue 21 item 2), whoever enabled the user alone.
    if (user.data.idDealer && !this.dealers.acceptsUsers(user.data.idDealer)) {
      throw new AccessError(403, API_ERROR_CODES.NO_LINK_DEALER_NOT_ENABLED, 'this user\'s dealer is not enabled: no password link until it is');
    }
    if (!(await this.accounts.personalOf(idUser)).email) throw new AccessError(409, API_ERROR_CODES.USER_NO_EMAIL, 'this user has no e-mail on file');
    const wait = await this.resets.hit(idUser, this.clock.now());
    if (wait > 0) throw AccountAccessError.tooMany(wait);
    await this.run(actor, idUser, () => [{ type: 'RecordPasswordResetRequest', by: actor.idUser, now: this.clock.now() }]);
    await this.passwords.mailLink(user, 'RECOVERY');
  }

  /** `POST`/`DELETE /admin/user/permission` (ADMIN): grants or takes one role; taking one's own staff role is 409120. */
  async setPermission(actor: Actor, idUser: string, permission: Role, granted: boolean): Promise<AdminUserDetails> {
    this.changeable(actor, idUser, { allowSelf: granted || !STAFF_ROLES.includes(permission) });
    assertMayGrantRoles(actor, [permission]);
    await this.run(actor, idUser, (state) => {
      if (state.status !== 'ACTIVE') return [];
      const roles = granted ? [...state.data.roles, permission] : state.data.roles.filter((r) => r !== permission);
      return [{ type: 'SetUserRoles', roles, by: actor.idUser, now: this.clock.now() }];
    });
    return this.get(actor, idUser);
  }

  /**
   * The language to record, by the profile's rule: one the user's market offers (else 400), `other` read as `en`; the
   * language the user already has is accepted as it is (a whole form sent back must not fail on an untouched field).
   */
  private language(requested: string | undefined, user: KnownUser, market: Market): string | undefined {
    if (requested === undefined) return undefined;
    const language = requested === 'other' ? 'en' : requested;
    const current = user.data.preferredLanguage.toLowerCase();
    if (language === (current === 'other' ? 'en' : current)) return undefined;
    const offered = marketLanguages(market);
    if (!offered.includes(language as (typeof offered)[number])) throw languageNotOffered(offered);
    return language;
  }

  /** A user of the caller's markets (404060 when unknown, 403021 outside them). */
  private known(actor: Actor, idUser: string): KnownUser {
    const user = this.accounts.user(idUser);
    if (!user) throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found');
    assertInScope(actor, user.data.idMarket);
    return user;
  }

  /** A user the caller may change: in scope, not gone (410020), not the caller unless allowed (409120), not a peer's staff account. */
  private changeable(actor: Actor, idUser: string, { allowSelf }: { allowSelf: boolean }): KnownUser {
    const user = this.known(actor, idUser);
    if (user.deleted || user.anonymised) throw new AccessError(410, API_ERROR_CODES.USER_GONE, 'this user was deleted or anonymised');
    const self = idUser === actor.idUser;
    if (self && !allowSelf) throw new AccessError(409, API_ERROR_CODES.SELF_CHANGE_REFUSED, 'you cannot do this to your own account');
    assertMayChangeAccount(actor, user);
    return user;
  }

  /**
   * Runs the commands planned on the stream's state as the append sees it, and waits until this instance applied them.
   * A change to an acting administrator takes every administrator's stream in the same turn (so two such changes run one
   * after the other, each on the other's result) and is refused, 409160, when it would leave none. `personalChange`:
   * the token of the personal data staged for it, in the event's metadata.
   */
  private async run(actor: Actor, idUser: string, plan: (state: UserState) => readonly UserCommand[], personalChange?: string, intoDealer?: string): Promise<void> {
    const sid = streamId.user(idUser);
    const admins = actingAdminStreams(this.readModel.users, [sid], this.dealerLetsAct);
    // A move into a dealer takes that dealer's stream too: it is decided in turn with the dealer's enable or disable.
    const dealerSid = intoDealer ? streamId.dealer(intoDealer) : undefined;
    const outcome = await this.writer.execute({
      streams: [sid, ...admins, ...(dealerSid ? [dealerSid] : [])],
      actor,
      metadata: { userId: actor.idUser, ...(personalChange ? { [PERSONAL_CHANGE_KEY]: personalChange } : {}) },
      decide: (view) => {
        const state = view.state<UserState>(sid);
        // Checked again on the stream's own state: a delete or anonymisation that won the race is 410020, not a 5xx/4xx of the domain's.
        if (state.status === 'ACTIVE' && (state.deleted || state.anonymised)) throw new AccessError(410, API_ERROR_CODES.USER_GONE, 'this user was deleted or anonymised');
        // And the staff protection on the roles as the append sees them (a protected role granted meanwhile counts).
        if (state.status === 'ACTIVE') assertMayChangeAccount(actor, state);
        // A staff or auction-manager account in a dealer that is not enabled can do nothing, and only an ADMIN could
        // enable that dealer again: refused, whoever moves it (a dealer disabled just before the move counts).
        const into = dealerSid ? view.state<DealerState>(dealerSid) : undefined;
        if (state.status === 'ACTIVE' && into && into.status !== 'NONE' && into.status !== 'ENABLED' && isProtectedAccount(state.data.roles)) {
          throw new AccessError(409, API_ERROR_CODES.PROTECTED_INTO_DISABLED_DEALER, 'a staff, auctioneer or exhibitor account cannot be moved into a dealer that is not enabled');
        }
        const decisions = [{ streamId: sid, events: decideUserPlan(plan(state), state) }];
        assertAnAdminLeft(view, [sid, ...admins], decisions, this.dealerLetsAct);
        return decisions;
      },
      reply: () => undefined,
    });
    await this.readModel.waitFor(outcome.position);
  }

  /** Whether a user of this dealer may act (as the actor check judges it). */
  private get dealerLetsAct() {
    return dealerEnabledIn(this.readModel.dealers);
  }
}
