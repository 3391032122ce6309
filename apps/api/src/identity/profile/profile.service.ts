import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, maskIban, type DealerUserRow, type DealerUsersPage, type UpdateUserRequest, type UserDetails, type UserPersonal,
  type UserProfile, type UsersOfDealerQuery,
} from '@auction/contracts';
import { checkIban, decideUserPlan, streamId, type UserCommand, type UserState } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { AccountsService } from '../accounts/accounts.service.js';
import type { PersonalData } from '../accounts/personal-data.js';
import { hasRole, type Actor } from '../actor.js';
import { AuthService } from '../auth.service.js';
import { ibanInvalid, languageNotOffered } from './profile-errors.js';

const PERSONAL_KEYS = ['name', 'surname', 'email', 'phone', 'mobile', 'fiscalCode', 'birthDate', 'iban'] as const;
/** Who may list any dealer's users; everyone else only their own dealer's. */
const USER_ADMIN_ROLES = ['ADMIN', 'CUSTOMER_CENTER'] as const;

/** The personal part of the details: every field, null when not on file (demo users have none). */
function personalOf(data: PersonalData): UserPersonal {
  const value = (key: (typeof PERSONAL_KEYS)[number]) => (typeof data[key] === 'string' ? data[key] : null);
  return Object.fromEntries(PERSONAL_KEYS.map((k) => [k, value(k)])) as UserPersonal;
}

/**
 * The order of a users page: by username or surname (without case), ascending or descending; users without a surname
 * come last either way; ties by username, then id, so pages never overlap or skip.
 */
function byQuery(query: UsersOfDealerQuery): (a: DealerUserRow, b: DealerUserRow) => number {
  const sign = query.order === 'desc' ? -1 : 1;
  const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return (a, b) => {
    if (query.sort === 'surname') {
      if ((a.surname === null) !== (b.surname === null)) return a.surname === null ? 1 : -1;
      const bySurname = a.surname !== null && b.surname !== null ? sign * text(a.surname, b.surname) : 0;
      if (bySurname !== 0) return bySurname;
    }
    return sign * (text(a.username, b.username) || (a.idUser < b.idUser ? -1 : a.idUser > b.idUser ? 1 : 0));
  };
}

/**
 * The caller's own account: reading it with its personal data, editing what a user may edit (language, consents,
 * names, phones, IBAN), and the users of a dealer for that dealer and the back office. Language and consents are
 * events on the user's stream; names, phones and the IBAN are personal data beside the log, never in an event.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly readModel: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
  ) {}

  /** The profile of the caller plus the personal data; 404010 when the user is gone. */
  async details(idUser: string): Promise<UserDetails> {
    const profile: UserProfile = this.auth.profile(idUser);
    return { ...profile, personal: personalOf(await this.accounts.personalOf(idUser)) };
  }

  /**
   * Applies the caller's edit (fields not given stay) and answers the updated details. The language the user already
   * has is accepted as it is even when the market does not offer it (a dealer registered on another language's site,
   * a user moved by the back office): a client that sends the whole form back must not be refused for a field the
   * user did not touch.
   */
  async update(actor: Actor, edit: UpdateUserRequest): Promise<UserDetails> {
    const user = this.activeUser(actor.idUser);
    let language: string | undefined;
    if (edit.preferredLanguage !== undefined) {
      // Spec 01 §3: a preferred language OTHER is stored as EN.
      language = edit.preferredLanguage === 'other' ? 'en' : edit.preferredLanguage;
      const offered = marketLanguages(user.data.idMarket);
      const current = user.data.preferredLanguage.toLowerCase();
      if (language === (current === 'other' ? 'en' : current)) language = undefined;
      else if (!offered.includes(language as (typeof offered)[number])) throw languageNotOffered(offered);
    }
    const consents = edit.consent1 !== undefined || edit.consent2 !== undefined || edit.consent3 !== undefined;
    const personal: Record<string, string | null> = {};
    for (const key of ['name', 'surname', 'phone', 'mobile'] as const) if (edit[key] !== undefined) personal[key] = edit[key];
    // Everything is checked above: from here on only the stores can fail.
    if (Object.keys(personal).length > 0) await this.accounts.personalData.merge('USER', actor.idUser, personal);
    if (language !== undefined || consents) {
      await this.run(actor.idUser, (state) => {
        const commands: UserCommand[] = [];
        if (language !== undefined) commands.push({ type: 'ChangePreferences', change: { preferredLanguage: language } });
        // The consents not given are the ones on the stream as this append sees it, not as the request found them:
        // two edits of different consents at once must both stay (the read above may be stale by now).
        if (consents && state.status === 'ACTIVE') {
          const d = state.data;
          commands.push({ type: 'GiveConsents', consent1: edit.consent1 ?? d.consent1, consent2: edit.consent2 ?? d.consent2, consent3: edit.consent3 ?? d.consent3 });
        }
        return commands;
      });
    }
    return this.details(actor.idUser);
  }

  /** Stores the caller's IBAN, checked (ibantools) and normalised (no blanks, upper case); 422106 when invalid. */
  async setIban(actor: Actor, iban: string): Promise<UserDetails> {
    this.activeUser(actor.idUser);
    const checked = checkIban(iban);
    if (!checked.valid) throw ibanInvalid(checked.reason);
    await this.accounts.personalData.merge('USER', actor.idUser, { iban: checked.iban });
    return this.details(actor.idUser);
  }

  /**
   * A page of a dealer's users, for that dealer's own users and ADMIN or CUSTOMER_CENTER (403002 otherwise, also for
   * an unknown dealer, so the answer does not tell which dealers exist).
   */
  async usersOfDealer(actor: Actor, query: UsersOfDealerQuery): Promise<DealerUsersPage> {
    const allowed = hasRole(actor, USER_ADMIN_ROLES) || (actor.idDealer !== null && actor.idDealer === query.idDealer);
    if (!allowed) throw new AccessError(403, API_ERROR_CODES.NOT_OWNER, 'only the users of this dealer or the back office may list its users');
    const users = this.accounts.usersOfDealer(query.idDealer);
    const personal = await this.accounts.personalData.getMany('USER', users.map((u) => u.data.idUser));
    const rows: DealerUserRow[] = users.map(({ data: d }) => {
      const p = personalOf(personal.get(d.idUser) ?? {});
      return {
        idUser: d.idUser, username: d.username, roles: [...d.roles], flgEnabled: d.flgEnabled, consentsGiven: d.consent1 && d.consent2 && d.consent3,
        name: p.name, surname: p.surname, email: p.email, iban: p.iban === null ? null : maskIban(p.iban),
      };
    });
    rows.sort(byQuery(query));
    return { total: rows.length, items: rows.slice(query.offset, query.offset + query.limit) };
  }

  private activeUser(idUser: string): Extract<UserState, { status: 'ACTIVE' }> {
    const user = this.accounts.user(idUser);
    if (!user) throw new AccessError(404, API_ERROR_CODES.USER_NOT_FOUND, 'user not found');
    return user;
  }

  /**
   * Runs the commands planned from the stream's state as the append sees it (so a retry after a concurrent write
   * plans again), in order and in one append, and waits until the engine's index has them.
   */
  private async run(idUser: string, plan: (state: UserState) => readonly UserCommand[]): Promise<void> {
    const sid = streamId.user(idUser);
    const outcome = await this.writer.execute({
      streams: [sid],
      actor: idUser,
      ownAccount: true,
      metadata: { userId: idUser },
      decide: (view) => {
        const state = view.state<UserState>(sid);
        return [{ streamId: sid, events: decideUserPlan(plan(state), state) }];
      },
      reply: () => undefined,
    });
    await this.readModel.waitFor(outcome.position);
  }
}
