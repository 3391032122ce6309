import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES, type AdminDealerChanged, type AdminDealerCreate, type AdminDealerEdit } from '@auction/contracts';
import { isLanguage } from '@auction/i18n';
import {
  DEALER_CODE_FIELDS, DealerRuleError, MARKETS, decideDealer, decideUser, streamId, usersToRestore,
  type DealerCapability, type DealerCommand, type DealerState, type Market, type Role, type UserCommand, type UserState,
} from '@auction/domain';
import { AccountMail } from '../../identity/accounts/account-mail.js';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { PERSONAL_CHANGE_KEY, PersonalChanges } from '../../identity/accounts/personal-changes.js';
import type { Actor } from '../../identity/actor.js';
import { PasswordsService } from '../../identity/passwords/passwords.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { Decision, StreamWriter } from '../../platform/engine/stream-writer.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { CLOCK, FANOUT, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { assertInScope } from '../../identity/admin-scope.js';
import { assertMayChangeDealerUsers } from '../../identity/staff-protection.js';
import { actingAdminStreams, assertAnAdminLeft, dealerEnabledIn } from '../users/last-admin.js';
import { DealerMails } from './dealer-mails.js';
import { DealerQueries } from './dealer-queries.service.js';
import { CHECKED_FIELDS, assertBusinessRules } from './dealer-rules.js';
import { runningCommitments } from './running-commitments.js';

type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

/** The role a capability gives the dealer's reference user. */
export const CAPABILITY_ROLES: Readonly<Record<DealerCapability, Role>> = { auctioneer: 'AUCTIONEER', exhibitor: 'EXHIBITOR', multiAuctioneer: 'MULTI_AUCTIONEER' };

/** The business fields of a dealer kept beside the log (personal-data store, kind DEALER). */
const PERSONAL_FIELDS = ['businessName', 'vatCode', 'address', 'city', 'postalCode', 'email', 'phone', 'mobile', 'website', 'regon',
  'referenceName', 'referenceSurname', 'referenceEmail', 'referenceFCA'] as const;

const conflict = (message: string) => new AccessError(409, API_ERROR_CODES.DEALER_STATE_CONFLICT, message);

/**
 * The dealers back-office's changes (spec 02 §7): create, edit, delete, enable/disable and the partner capabilities.
 * Each is one `writer.execute` over the dealer's stream and the users it changes (enabling a PENDING dealer enables its
 * reference user; disabling or deleting a dealer disables its users, whose sessions end), with the audit stamp
 * `{by, at}` in every event. Business data goes to the personal-data store; events carry ids, codes, flags and names
 * of changed fields only.
 */
@Injectable()
export class DealerChanges {
  constructor(
    private readonly queries: DealerQueries,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordsService,
    private readonly mail: AccountMail,
    private readonly mails: DealerMails,
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly consistency: Consistency,
    private readonly changes: PersonalChanges,
  ) {}

  /** `POST /admin/dealer`: an ENABLED dealer, its business data, its reference user (enabled, no password: a link is mailed). */
  async create(actor: Actor, body: AdminDealerCreate): Promise<AdminDealerChanged> {
    const country = body.country.toUpperCase();
    const idMarket: Market = (MARKETS as readonly string[]).includes(country) ? (country as Market) : 'OTHER';
    assertInScope(actor, idMarket);
    // What staff leave blank and a registration requires (mobile, activity codes) is not asked of them.
    const optional = new Set(['mobile', 'typeDealerActivity', 'carSold', 'buyingInterest']);
    assertBusinessRules(country, body, CHECKED_FIELDS.filter((f) => !optional.has(f) || body[f as keyof AdminDealerCreate]));
    const username = body.referenceEmail.toLowerCase();
    if (this.accounts.userNamed(username)) throw new AccessError(409, API_ERROR_CODES.USERNAME_TAKEN, 'this username is taken');
    // The reference user's e-mail is its username: as in an admin edit of a user, no other user may hold it (a password
    // recovery by e-mail would otherwise mail links for two accounts to one mailbox).
    if ((await this.accounts.usersWithEmail(username)).length > 0) throw new AccessError(409, API_ERROR_CODES.EMAIL_TAKEN, 'this e-mail belongs to another user');
    const language = body.language && isLanguage(body.language.toLowerCase()) ? body.language.toLowerCase() : this.mail.language(idMarket);
    const idDealer = randomUUID();
    const personal: Record<string, string | null> = {};
    for (const key of PERSONAL_FIELDS) personal[key] = (body[key] as string | null | undefined) || null;
    personal.referenceEmail = username;
    await this.accounts.personalData.merge('DEALER', idDealer, personal);
    let idUser: string;
    try {
      ({ idUser } = await this.accounts.createUser({
        user: {
          username, roles: ['USER', 'BUYER'], idDealer, idMarket, preferredLanguage: language,
          consent1: false, consent2: false, consent3: false, flgEnabled: true,
        },
        personal: { name: body.referenceName, surname: body.referenceSurname, email: username },
        actingUserId: actor.idUser,
        byStaff: true,
      }));
    } catch (error) {
      await this.accounts.personalData.erase('DEALER', idDealer).catch(() => undefined);
      throw error;
    }
    const now = this.clock.now();
    await this.run(actor, idDealer, [], () => ({
      type: 'CreateDealerByAdmin', by: actor.idUser, now,
      data: {
        idDealer, idMarket, country, region: body.region || null, typeDealerActivity: body.typeDealerActivity || '', carSold: body.carSold || '',
        buyingInterest: body.buyingInterest || '', language, documents: [], idReferenceUser: idUser, registeredAt: new Date(now).toISOString(),
      },
    }));
    const user = this.accounts.user(idUser);
    if (user) await this.passwords.mailLink(user, 'SETUP');
    return this.changed(idDealer);
  }

  /** `PUT /admin/dealer`: the business data beside the log, the codes and the NAMES of the changed fields in the event. */
  async edit(actor: Actor, body: AdminDealerEdit): Promise<AdminDealerChanged> {
    const dealer = this.queries.dealer(actor, body.idDealer);
    const current = (await this.accounts.personalData.get('DEALER', body.idDealer)) ?? {};
    const changes: Record<string, string | null> = {};
    for (const key of PERSONAL_FIELDS) {
      const value = body[key as keyof AdminDealerEdit] as string | null | undefined;
      if (value === undefined) continue;
      const next = value === null || value === '' ? null : key === 'email' ? value.toLowerCase() : value;
      if ((current[key] ?? null) !== next) changes[key] = next;
    }
    const codes: Record<string, string | null> = {};
    for (const key of DEALER_CODE_FIELDS) {
      const value = body[key];
      if (value === undefined) continue;
      if (key === 'region') codes[key] = value || null;
      else if (value) codes[key] = value;
    }
    const d = dealer.data;
    const merged = { ...current, region: d.region, typeDealerActivity: d.typeDealerActivity, carSold: d.carSold, buyingInterest: d.buyingInterest, ...changes, ...codes };
    assertBusinessRules(d.country, merged, Object.keys(body).filter((k) => k !== 'idDealer'));
    // The data staged before the event, taken back if the event is refused or never written (a crash: swept later).
    await this.changes.apply('DEALER', body.idDealer, changes, (personalChange) => this.run(actor, dealer.data.idDealer, [], () => ({
      type: 'EditDealerByAdmin', idDealer: body.idDealer, codes, personalFields: Object.keys(changes), by: actor.idUser, now: this.clock.now(),
    }), undefined, personalChange));
    return this.changed(body.idDealer);
  }

  /** `DELETE /admin/dealer` (ADMIN): refused (409130) for the caller's own dealer or one with a running auction commitment. */
  async delete(actor: Actor, idDealer: string): Promise<void> {
    const dealer = this.queries.dealer(actor, idDealer);
    if (actor.idDealer === idDealer) throw conflict('you may not delete your own dealer');
    // Every live user of the dealer, enabled or not: their streams are part of the write, so a user an enable racing
    // this delete has just switched on is switched off again in the same write (decided on their current state).
    const users = this.liveUsersOf(idDealer);
    assertMayChangeDealerUsers(actor, users);
    // Offers live in the read models: wait until they show every write acknowledged so far (an offer just placed counts).
    await this.consistency.caughtUp();
    const live = await runningCommitments(this.fanout.db, this.model, users.map((u) => u.data.idUser));
    if (live.length > 0) throw conflict(`the dealer has running auction commitments: ${live.slice(0, 5).join('; ')}`);
    const now = this.clock.now();
    await this.run(actor, dealer.data.idDealer, users, () => ({ type: 'DeleteDealer', idDealer, by: actor.idUser, now }),
      () => ({ type: 'SetUserEnabled', flgEnabled: false, by: actor.idUser, now }), undefined, true);
  }

  /**
   * `PUT /admin/enable-dealer`: PENDING or DISABLED → ENABLED (first enabling: the dealer is mailed in its language, and
   * its reference user gets a first-password link when it has no password), ENABLED or PENDING → DISABLED (its users
   * disabled: their sessions end; the event lists them). A re-enable switches on only the users the disable switched
   * off and nobody disabled since (`usersToRestore`): a user disabled one by one stays disabled. Only an ADMIN acts on a
   * dealer one of whose users holds a protected role (403041). The caller's own dealer cannot be disabled (409120).
   */
  async setEnabled(actor: Actor, idDealer: string, flgEnabled: boolean): Promise<AdminDealerChanged> {
    // Users moved into the dealer while it was decided: read them again, once (a second change in between: 409171).
    try {
      return await this.setEnabledOnce(actor, idDealer, flgEnabled);
    } catch (error) {
      if (!(error instanceof AccessError && error.code === API_ERROR_CODES.DEALER_USERS_CHANGED)) throw error;
      return this.setEnabledOnce(actor, idDealer, flgEnabled);
    }
  }

  private async setEnabledOnce(actor: Actor, idDealer: string, flgEnabled: boolean): Promise<AdminDealerChanged> {
    const dealer = this.queries.dealer(actor, idDealer);
    if (!flgEnabled && actor.idDealer === idDealer) throw new AccessError(409, API_ERROR_CODES.SELF_CHANGE_REFUSED, 'you may not disable your own dealer');
    const from = dealer.status;
    // Every user's stream is in the write: the protection and the choice of whom to switch are decided on their states
    // at write time (a user an enable racing a disable has just switched on must not stay enabled in a disabled dealer).
    const users = this.liveUsersOf(idDealer);
    assertMayChangeDealerUsers(actor, users);
    const now = this.clock.now();
    const appended = await this.run(actor, idDealer, users,
      (switched) => ({ type: 'SetDealerEnabled', idDealer, flgEnabled, ...(flgEnabled ? {} : { switchedOff: switched }), by: actor.idUser, now }),
      (state, dealerState, all) => {
        if (flgEnabled && (dealerState.status === 'NONE' || !usersToRestore(dealerState, all).includes(state.data.idUser))) return null;
        return { type: 'SetUserEnabled', flgEnabled, by: actor.idUser, now };
      }, undefined, true);
    if (appended && flgEnabled) await this.mails.enabled(dealer, from === 'PENDING');
    return this.changed(idDealer);
  }

  /** `PUT /admin/enable-auctioneer|exhibitor|multi-auctioneer` (ADMIN): the flag, and the matching role of the reference user. */
  async setCapability(actor: Actor, idDealer: string, capability: DealerCapability, flgEnabled: boolean): Promise<AdminDealerChanged> {
    const dealer = this.queries.dealer(actor, idDealer);
    const reference = this.accounts.user(dealer.data.idReferenceUser);
    const users = reference && !reference.deleted && !reference.anonymised ? [reference] : [];
    const role = CAPABILITY_ROLES[capability];
    const now = this.clock.now();
    await this.run(actor, idDealer, users, () => ({ type: 'SetDealerCapability', idDealer, capability, flgEnabled, by: actor.idUser, now }), (state) => {
      const roles = flgEnabled ? [...new Set([...state.data.roles, role])] : state.data.roles.filter((r) => r !== role);
      return { type: 'SetUserRoles', roles, by: actor.idUser, now };
    });
    return this.changed(idDealer);
  }

  /**
   * One write over the dealer's stream and `users`' streams: each user's command is decided on its state at write time
   * (null: that user is left as it is), then the dealer's, given the ids of the users whose streams change (its refusal
   * is the answer; when it writes nothing, no user changes either). The staff protection is checked again on the users'
   * states at write time. True when something was appended. Waits until this instance's index has it.
   * `personalChange`: the token of the personal data staged for it, in the events' metadata.
   */
  private async run(
    actor: Actor, idDealer: string, users: readonly ActiveUser[], dealerCommand: (changedUsers: string[]) => DealerCommand,
    userCommand?: (state: ActiveUser, dealer: DealerState, all: readonly ActiveUser[]) => UserCommand | null,
    personalChange?: string, wholeDealer = false,
  ): Promise<boolean> {
    const sid = streamId.dealer(idDealer);
    const userSids = users.map((u) => streamId.user(u.data.idUser));
    // A dealer's disable or delete switches its users off: the last acting administrator among them is kept (409160).
    const admins = userCommand ? actingAdminStreams(this.model.users, userSids, dealerEnabledIn(this.model.dealers)) : [];
    let outcome;
    try {
      outcome = await this.writer.execute({
        streams: [sid, ...userSids, ...admins],
        actor,
        metadata: { userId: actor.idUser, ...(personalChange ? { [PERSONAL_CHANGE_KEY]: personalChange } : {}) },
        decide: (view): Decision[] => {
          const dealerState = view.state<DealerState>(sid);
          // Deleted or anonymised since it was read (a racing back-office call): left as it is, not a 500.
          const live = userSids.map((u) => view.state<UserState>(u))
            .filter((s): s is ActiveUser => s.status === 'ACTIVE' && s.deleted !== true && s.anonymised !== true)
            // Moved to another dealer since it was read: no longer this dealer's (a dealer-wide change leaves it alone).
            .filter((s) => !wholeDealer || s.data.idDealer === idDealer);
          if (userCommand && wholeDealer) {
            // A user moved into the dealer after its users were read is not in this write: it would be left enabled in
            // a disabled dealer (locked out) or escape the staff protection. Its move is in the index by now unless
            // still being written; the caller reads the users again and retries.
            const inWrite = new Set(userSids);
            if (this.liveUsersOf(idDealer).some((u) => !inWrite.has(streamId.user(u.data.idUser)))) {
              throw new AccessError(409, API_ERROR_CODES.DEALER_USERS_CHANGED, 'the dealer\'s users changed meanwhile: try again');
            }
            assertMayChangeDealerUsers(actor, live);
          }
          const userDecisions: Decision[] = [];
          const changed: string[] = [];
          for (const state of userCommand ? live : []) {
            const command = userCommand!(state, dealerState, live);
            const events = command ? decideUser(command, state) : [];
            if (events.length === 0) continue;
            userDecisions.push({ streamId: streamId.user(state.data.idUser), events });
            changed.push(state.data.idUser);
          }
          const events = decideDealer(dealerCommand(changed), dealerState);
          if (events.length === 0) return [{ streamId: sid, events }];
          assertAnAdminLeft(view, [...userSids, ...admins], userDecisions, dealerEnabledIn(this.model.dealers));
          return [{ streamId: sid, events }, ...userDecisions];
        },
        reply: () => undefined,
      });
    } catch (error) {
      if (error instanceof DealerRuleError) {
        throw new AccessError(error.httpStatus === 404 ? 404 : 409, error.code, error.message);
      }
      throw error;
    }
    await this.model.waitFor(outcome.position);
    return outcome.events > 0;
  }

  /**
   * The dealer's live users (not deleted or anonymised): the index's, and those the writer has moved in or out with an append the index may not
   * show yet (a move decided in the dealer's turn just before: PostgreSQL's index lags the write by some milliseconds).
   */
  private liveUsersOf(idDealer: string): ActiveUser[] {
    const isLive = (u: UserState): u is ActiveUser => u.status === 'ACTIVE' && !u.deleted && !u.anonymised;
    const ahead = new Map(this.writer.aheadOfIndex<UserState>(streamId.user('')).filter(isLive).map((u) => [u.data.idUser, u]));
    const indexed = this.accounts.usersOfDealer(idDealer).filter((u) => isLive(ahead.get(u.data.idUser) ?? u));
    const known = new Set(indexed.map((u) => u.data.idUser));
    return [
      ...indexed.map((u) => ahead.get(u.data.idUser) ?? u).filter((u) => u.data.idDealer === idDealer),
      ...[...ahead.values()].filter((u) => u.data.idDealer === idDealer && !known.has(u.data.idUser)),
    ];
  }

  private changed(idDealer: string): AdminDealerChanged {
    const state = this.model.dealers.get(streamId.dealer(idDealer));
    if (!state || state.status === 'NONE') throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    return { idDealer, status: state.status, flgEnabled: state.status === 'ENABLED', capabilities: { ...state.capabilities } };
  }
}
