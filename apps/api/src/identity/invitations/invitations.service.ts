import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, CreateUserRequest, InviteRequest, SignUpTag, VerifyTagQuery, type UserProfile, type VerifyTagAnswer } from '@auction/contracts';
import {
  FORM_MESSAGE_KEYS, REGISTRATION_ERROR_CODES, formatIsoDate, parseBirthDate, userSignUpSchema, type Market,
} from '@auction/domain';
import { renderInvitation } from '@auction/mail';
import type { AppConfig } from '../../platform/config/app-config.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { APP_CONFIG, CLOCK, LIMIT_WINDOWS, type Clock } from '../../platform/engine/tokens.js';
import { ValidationError, parse } from '../../platform/http/validation.js';
import { AccountMail } from '../accounts/account-mail.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { assertInScope } from '../admin-scope.js';
import { assertMayGrantRoles } from '../staff-protection.js';
import { hasRole, type Actor } from '../actor.js';
import { AuthService } from '../auth.service.js';
import { AccountAccessError } from '../passwords/account-access-error.js';
import { AccessTagStore } from '../passwords/access-tags.js';
import { PasswordsService } from '../passwords/passwords.service.js';
import { RequestLimiter, type LimitWindows } from '../passwords/request-limiter.js';
import { DealerDirectory } from '../registration/dealer-directory.service.js';

/** A dealer as the invitations see it: its id, name and market (the sign-up rules are the market's). */
export interface InvitingDealer {
  readonly idDealer: string;
  readonly dealerName: string;
  readonly idMarket: Market;
}

/** 403030: no user joins a dealer that is not ENABLED (a registration waiting for approval, disabled or deleted). */
const dealerNotEnabled = () => new AccessError(403, API_ERROR_CODES.DEALER_NOT_ENABLED, 'this dealer is not enabled: it takes no new users');

const STAFF = ['ADMIN', 'CUSTOMER_CENTER'] as const;
/**
 * Invitations a dealer's user may send in {@link INVITE_WINDOW_MS} (the staff are not limited): each one mails a
 * stranger from the portal's address, so an account (or a self-registered dealer) must not become a spam relay.
 */
export const INVITES_PER_USER = 20;
const INVITE_WINDOW_MS = 60 * 60_000;
/** The stored preferred language of a market (OTHER is stored as EN, spec 01 §3). */
const languageOfMarket = (market: Market) => (market === 'OTHER' ? 'EN' : market);

/**
 * Invitations and users created by others: a dealer's user (or the staff) invites an e-mail, the invitee signs up
 * with the mailed tag (the dealer's market rules), and sets a first password from a second mailed link; the staff
 * create users directly, who get the same first-password link.
 */
@Injectable()
export class InvitationsService {
  private readonly perInviter: RequestLimiter;

  constructor(
    private readonly tags: AccessTagStore,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordsService,
    private readonly auth: AuthService,
    private readonly mail: AccountMail,
    private readonly dealers: DealerDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'accessTagTtlMs'>,
    @Inject(LIMIT_WINDOWS) windows?: LimitWindows,
  ) {
    this.perInviter = new RequestLimiter(INVITES_PER_USER, INVITE_WINDOW_MS, undefined, windows ? { windows, name: 'invitations' } : undefined);
  }

  /**
   * A known dealer (its `dealer-` stream, or users of it for the dealers that predate the stream), or null; read
   * through the registration's dealer directory, so one rule says which dealers exist. Its name is the stored
   * `businessName` (else the id).
   */
  async dealer(idDealer: string): Promise<InvitingDealer | null> {
    try {
      const info = await this.dealers.info(idDealer);
      return { idDealer, dealerName: info.businessName || idDealer, idMarket: info.idMarket };
    } catch (error) {
      if (error instanceof AccessError && error.code === API_ERROR_CODES.DEALER_NOT_FOUND) return null;
      throw error;
    }
  }

  /**
   * `POST /secure/user/invite`: a user of THAT dealer (enabled), or the staff, invites an e-mail. 403002 for
   * another dealer's user, 404040 for an unknown dealer, 409111 when the e-mail already is a user of the dealer or
   * has a live invitation to it; 429001 past {@link INVITES_PER_USER} an hour for a dealer's user (counted on the
   * well-formed, allowed calls, sent or not).
   */
  async invite(actor: Actor, body: unknown): Promise<void> {
    const { email, dealerId } = parse(InviteRequest, body);
    const staff = hasRole(actor, STAFF);
    if (!staff && actor.idDealer !== dealerId) throw new AccessError(403, API_ERROR_CODES.NOT_OWNER, 'only a user of this dealer or an administrator may invite for it');
    if (!staff && !actor.flgEnabled) throw AccessError.disabled();
    const wait = staff ? 0 : await this.perInviter.hit(actor.idUser, this.clock.now());
    if (wait > 0) throw AccountAccessError.tooMany(wait);
    const dealer = await this.dealer(dealerId);
    if (!dealer) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    if (!this.dealers.acceptsUsers(dealerId)) throw dealerNotEnabled();
    const lower = email.toLowerCase();
    const known = [...(await this.accounts.usersWithEmail(lower)), this.accounts.userNamed(lower)];
    if (known.some((u) => u?.data.idDealer === dealerId)) throw emailTaken();
    const ttlMs = this.config.accessTagTtlMs.invitation;
    const tag = await this.tags.issue({ kind: 'INVITATION', email: lower, idDealer: dealerId, invitedBy: actor.idUser }, this.clock.now(), ttlMs);
    if (!tag) throw emailTaken();
    const inviter = this.accounts.user(actor.idUser);
    await this.mail.send(lower, (site) => renderInvitation({
      language: this.mail.language(inviter?.data.preferredLanguage ?? languageOfMarket(dealer.idMarket)), site,
      email: lower, tag, dealerId, dealerName: dealer.dealerName, validForMinutes: Math.round(ttlMs / 60_000),
    }));
  }

  /** `GET /open/verify-tag`: what a live invitation of that e-mail is for (does not spend it); else 410010. */
  async verifyTag(query: unknown): Promise<VerifyTagAnswer> {
    const { email, tag } = parse(VerifyTagQuery, query, 'query');
    const invitation = await this.liveInvitation(tag, email, null);
    return { email: invitation.email, idDealer: invitation.dealer.idDealer, dealerName: invitation.dealer.dealerName, idMarket: invitation.dealer.idMarket };
  }

  /**
   * `POST /open/user-sign-up`: the tag must be a live invitation of that e-mail and dealer (410010); the form
   * follows the DEALER's market rules (422102, an Italian fiscal code inconsistent or malformed 422103); the tag is
   * then spent, the user created (username = the e-mail, lower case) and mailed a first-password link.
   */
  async signUp(body: unknown): Promise<{ idUser: string; username: string }> {
    const { tag, email, idDealer } = parse(SignUpTag, body);
    const { dealer } = await this.liveInvitation(tag, email, idDealer);
    if (!this.dealers.acceptsUsers(dealer.idDealer)) throw dealerNotEnabled();
    const { tag: _tag, ...fields } = body as Record<string, unknown>;
    let form;
    try {
      form = parse(userSignUpSchema(dealer.idMarket), fields);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const fiscal = error.details.some((d) => d.rule === FORM_MESSAGE_KEYS.dataErrorFiscalCode);
      throw new AccountAccessError(422, fiscal ? REGISTRATION_ERROR_CODES.FISCAL_CODE_INVALID : REGISTRATION_ERROR_CODES.USER_SIGN_UP_INVALID, 'the sign-up is not valid', error.details);
    }
    const username = email.trim().toLowerCase();
    if (!(await this.tags.consume(tag, ['INVITATION'], { email: username, idDealer }, this.clock.now()))) throw AccountAccessError.deadTag();
    let idUser: string;
    try {
      const birthDate = parseBirthDate(form.birthDate);
      ({ idUser } = await this.accounts.createUser({
        user: {
          username, roles: ['USER', 'BUYER'], idDealer, idMarket: dealer.idMarket, preferredLanguage: languageOfMarket(dealer.idMarket),
          consent1: form.consent1!, consent2: form.consent2!, consent3: form.consent3!, flgEnabled: true,
        },
        personal: { name: form.name ?? null, surname: form.surname ?? null, email: username, fiscalCode: form.fiscalCode || null, birthDate: birthDate ? formatIsoDate(birthDate) : null },
      }));
    } catch (error) {
      // Nothing was created: the invitation stays usable.
      await this.tags.restore(tag);
      throw error;
    }
    await this.passwords.mailLink(this.accounts.user(idUser)!, 'SETUP');
    return { idUser, username };
  }

  /**
   * `POST /secure/user`: the staff create a user (username = the e-mail, lower case; consents unanswered, so the
   * access guard asks for them at the first login), who gets a first-password link. Only an ADMIN grants ADMIN or
   * CUSTOMER_CENTER, and AUCTIONEER, MULTI_AUCTIONEER and EXHIBITOR (403040: `staff-protection.ts`); an unknown dealer is 404040; a taken username 409110.
   */
  async createUser(actor: Actor, body: unknown): Promise<UserProfile> {
    const request = parse(CreateUserRequest, body);
    assertMayGrantRoles(actor, request.roles);
    // The back-office's ownership rule: staff create users of the markets they manage only (403021).
    assertInScope(actor, request.idMarket);
    const dealer = request.idDealer ? await this.dealer(request.idDealer) : null;
    if (request.idDealer && !dealer) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    // The dealer's market was checked by the access guard (resource-scope.ts), as on every route naming a dealer.
    if (request.idDealer && !this.dealers.acceptsUsers(request.idDealer)) throw dealerNotEnabled();
    const username = request.email.toLowerCase();
    const { idUser } = await this.accounts.createUser({
      user: {
        username, roles: request.roles, idDealer: request.idDealer ?? null, idMarket: request.idMarket,
        preferredLanguage: languageOfMarket(request.preferredLanguage), consent1: false, consent2: false, consent3: false, flgEnabled: true,
        // New back-office staff manage the market they are created in (an ADMIN widens it with PUT /admin/user).
        ...(request.roles.some((r) => r === 'ADMIN' || r === 'CUSTOMER_CENTER') ? { adminEnabledMarket: [request.idMarket] } : {}),
      },
      personal: { email: username, name: request.name ?? null, surname: request.surname ?? null },
      actingUserId: actor.idUser,
      byStaff: true,
    });
    await this.passwords.mailLink(this.accounts.user(idUser)!, 'SETUP');
    return this.auth.profile(idUser);
  }

  /** The live invitation of `tag` for `email` (and `idDealer` when given) and its dealer, or 410010. */
  private async liveInvitation(tag: string, email: string, idDealer: string | null): Promise<{ email: string; dealer: InvitingDealer }> {
    const invitation = await this.tags.peek(tag, ['INVITATION'], this.clock.now());
    const lower = email.trim().toLowerCase();
    if (!invitation || invitation.email !== lower || !invitation.idDealer || (idDealer !== null && invitation.idDealer !== idDealer)) throw AccountAccessError.deadTag();
    const dealer = await this.dealer(invitation.idDealer);
    if (!dealer) throw AccountAccessError.deadTag();
    return { email: lower, dealer };
  }
}

const emailTaken = () => new AccessError(409, API_ERROR_CODES.EMAIL_TAKEN, 'this e-mail already is a user of the dealer, or has a pending invitation');
