import { Inject, Injectable } from '@nestjs/common';
import { PersonalDataErasers } from '../../platform/erasure/personal-data-erasers.js';
import { API_ERROR_CODES, AnonymiseCandidatePage, AnonymiseCandidatesQuery, AnonymiseRequest, type AnonymiseErased, type AnonymiseResult } from '@auction/contracts';
import { decideUser, streamId, type Market, type UserState } from '@auction/domain';
import type { MailService } from '@auction/mail';
import type { Actor } from '../../identity/actor.js';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { UsernameClaims } from '../../identity/accounts/username-claims.js';
import { CREDENTIAL_STORE, type CredentialStore } from '../../identity/credential-store.port.js';
import { AccessTagStore } from '../../identity/passwords/access-tags.js';
import { PushTokenStore } from '../../identity/profile/push-tokens.js';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { AccessError } from '../../platform/engine/access-error.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { FANOUT, MAIL_SERVICE, STREAM_WRITER } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { parse } from '../../platform/http/validation.js';
import type { SqlIdempotencyStore } from '../../platform/idempotency/idempotency-store.js';
import { IDEMPOTENCY_STORE } from '../../platform/idempotency/idempotency.tokens.js';
import { assertInScope } from '../../identity/admin-scope.js';
import { AnonymisationCandidates } from './anonymisation-candidates.js';
import { liveCommitments } from './live-commitments.js';

type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

/** The dealer's personal fields that describe its reference person (registration form), erased with that person. */
const REFERENCE_FIELDS = ['referenceName', 'referenceSurname', 'referenceFiscalCode', 'referenceBirthDate', 'referenceEmail', 'referenceFCA'] as const;

const refused = (message: string) => new AccessError(409, API_ERROR_CODES.ANONYMISE_REFUSED, message);

/**
 * The right to erasure (issue 14) in an event-sourced portal. Events are immutable and carry no personal data (ids,
 * codes, flags and audit stamps only), so nothing in the log is rewritten or encrypted: `UserAnonymised` is appended
 * to each user's stream (the audit trail: who, when; from then on the username reads `anonymous-<idUser>`), and the
 * rows kept beside the log are deleted: personal data (USER, and DEALER for a dealer), the username claim, the
 * password hash, mailed-link tags, push tokens, stored documents, the catcher's copies of mail to them, and their
 * addresses in the mail outbox and the lead campaigns' lists ({@link PersonalDataErasers}).
 * The auction history (offers, awards) keeps the user's id, so reports show the anonymous name.
 */
@Injectable()
export class AnonymisationService {
  constructor(
    private readonly readModel: LiveReadModel,
    private readonly candidates: AnonymisationCandidates,
    private readonly accounts: AccountsService,
    private readonly usernames: UsernameClaims,
    private readonly tags: AccessTagStore,
    private readonly pushTokens: PushTokenStore,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MAIL_SERVICE) private readonly mail: MailService,
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly consistency: Consistency,
    @Inject(IDEMPOTENCY_STORE) private readonly idempotency: Pick<SqlIdempotencyStore, 'forgetPersonalData'>,
    private readonly erasers: PersonalDataErasers,
  ) {}

  /** One page of candidates (see {@link AnonymisationCandidates} for the rule). */
  page(actor: Actor, query: unknown): AnonymiseCandidatePage {
    const q = parse(AnonymiseCandidatesQuery, query, 'query');
    const all = this.candidates.list(actor, q);
    return { items: all.slice(q.offset, q.offset + q.limit), total: all.length, limit: q.limit, offset: q.offset };
  }

  /** Every candidate, for the CSV export (same filters and order, no paging). */
  all(actor: Actor, query: unknown) {
    const q = parse(AnonymiseCandidatesQuery.omit({ limit: true, offset: true }), query, 'query');
    return this.candidates.list(actor, q);
  }

  /** Anonymises one user or a dealer and all its users; idempotent (a repeat erases nothing more). */
  async anonymise(actor: Actor, body: unknown): Promise<AnonymiseResult> {
    const request = parse(AnonymiseRequest, body);
    const idDealer = 'idDealer' in request ? request.idDealer : null;
    const users = idDealer ? this.dealerUsers(actor, idDealer) : [this.oneUser(actor, (request as { idUser: string }).idUser)];
    if (users.some((u) => u.data.idUser === actor.idUser)) {
      throw new AccessError(409, API_ERROR_CODES.SELF_CHANGE_REFUSED, 'you cannot anonymise yourself');
    }
    const pending = users.filter((u) => !u.anonymised);
    const dealerStatus = idDealer ? this.candidates.dealerStatus(idDealer)?.status : undefined;
    if (dealerStatus !== undefined && dealerStatus !== 'DISABLED' && dealerStatus !== 'DELETED') {
      throw refused(`dealer ${idDealer} is ${dealerStatus}: disable or delete it first`);
    }
    for (const user of pending) this.assertCandidate(user);
    // The read models must show every offer and hold this instance acknowledged before they are asked.
    await this.consistency.caughtUp();
    const busy = await liveCommitments(this.fanout.db, pending.map((u) => u.data.idUser), Date.now());
    if (busy.length > 0) throw refused(`still committed: ${busy.join(', ')} (a lot it leads in a running auction, or an open showcase hold)`);

    const erased: { -readonly [K in keyof AnonymiseErased]: number } = { personalData: 0, usernameClaims: 0, credentials: 0, accessTags: 0, pushTokens: 0, files: 0, mails: 0, idempotentAnswers: 0 };
    const emails = new Set<string>();
    // Gather what names the people before anything goes (the e-mails find the caught mail and the invitations).
    const dealerData = idDealer ? await this.accounts.personalData.get('DEALER', idDealer) : null;
    for (const key of ['email', 'referenceEmail', 'pec']) addEmail(emails, dealerData?.[key]);
    const names = new Map<string, string[]>();
    const userEmails = new Map<string, string>();
    for (const user of users) {
      const email = (await this.accounts.personalOf(user.data.idUser)).email;
      addEmail(emails, email);
      if (typeof email === 'string' && email.includes('@')) userEmails.set(user.data.idUser, email.trim().toLowerCase());
      names.set(user.data.idUser, await this.claimedNames(user));
    }
    let position = 0;
    for (const user of pending) {
      const sid = streamId.user(user.data.idUser);
      const outcome = await this.writer.execute({
        streams: [sid],
        actor,
        metadata: { userId: actor.idUser },
        // Decided on the stream's state at write time: a re-enable that raced the checks above refuses the erasure.
        decide: (view, now) => {
          const state = view.state<UserState>(sid);
          if (state.status === 'ACTIVE' && !state.anonymised) this.assertCandidate(state);
          return [{ streamId: sid, events: decideUser({ type: 'AnonymiseUser', by: actor.idUser, now }, state) }];
        },
        reply: () => undefined,
      });
      position = Math.max(position, outcome.position);
    }
    if (position > 0) await this.readModel.waitFor(position);
    // Personal data goes LAST: it is what finds the e-mails (invitations, caught mail) and the dealer's reference
    // person, so a crash in the middle leaves enough behind for a retry (a 200 of alreadyAnonymised) to finish.
    for (const email of emails) {
      erased.accessTags += await this.tags.eraseSubject({ email });
      erased.mails += this.mail.catcher?.forget(email) ?? 0;
      // The outboxes and mailing lists of the communication context (registered with PersonalDataErasers).
      erased.mails += await this.erasers.forgetEmail(email);
    }
    for (const user of users) {
      const idUser = user.data.idUser;
      for (const name of names.get(idUser) ?? []) {
        await this.usernames.release(name, idUser);
        erased.usernameClaims++;
      }
      if (await this.credentials.delete(idUser)) erased.credentials++;
      erased.accessTags += await this.tags.eraseSubject({ idUser });
      erased.pushTokens += await this.pushTokens.eraseUser(idUser);
      erased.files += (await this.blobs.deleteOwnedBy(`user:${idUser}`)).length;
    }
    if (idDealer) {
      erased.accessTags += await this.tags.eraseSubject({ idDealer });
      const documents = this.dealerDocuments(idDealer);
      for (const idFile of documents) if (await this.blobs.delete(idFile)) erased.files++;
      erased.files += (await this.blobs.deleteOwnedBy(`dealer:${idDealer}`)).length;
    } else {
      erased.personalData += await this.eraseReferencePerson(users, userEmails);
    }
    // Kept answers of idempotent calls are copies of what the API said (a staff's PATCH answered the user's card):
    // they go too, found by the values the personal data still holds here.
    for (const user of users) {
      const needles = [...(names.get(user.data.idUser) ?? []), ...personalValues(await this.accounts.personalOf(user.data.idUser)), ...personalValues(dealerData)];
      erased.idempotentAnswers += await this.idempotency.forgetPersonalData(user.data.idUser, needles);
    }
    for (const user of users) if (await this.accounts.personalData.erase('USER', user.data.idUser)) erased.personalData++;
    if (idDealer && await this.accounts.personalData.erase('DEALER', idDealer)) erased.personalData++;
    return {
      idDealer,
      anonymisedUsers: pending.map((u) => u.data.idUser).sort(),
      alreadyAnonymised: users.filter((u) => u.anonymised).map((u) => u.data.idUser).sort(),
      erased,
    };
  }

  /** 409140 unless the user is a candidate (see {@link AnonymisationCandidates}); a user still enabled is told to be disabled first. */
  private assertCandidate(user: ActiveUser): void {
    if (this.candidates.candidateOf(user)) return;
    if (!user.deleted && user.data.flgEnabled) throw refused(`user ${user.data.idUser} is still enabled: disable it first (it could still bid or hold a vehicle)`);
    throw refused(`user ${user.data.idUser} is staff, or neither deleted nor disabled (nor its dealer): disable or delete it first`);
  }

  /**
   * A user anonymised alone (not with its dealer) may be its dealer's reference person, whose name, surname, fiscal
   * code, birth date and e-mail are kept in the DEALER's personal data too (the registration form's reference
   * fields): those go with the user; the dealer's own e-mail also goes when it is that person's address. Answers 1
   * when a dealer's record was changed.
   */
  private async eraseReferencePerson(users: readonly ActiveUser[], userEmails: ReadonlyMap<string, string>): Promise<number> {
    let changed = 0;
    for (const user of users) {
      const idDealer = user.data.idDealer;
      if (!idDealer) continue;
      const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
      const data = await this.accounts.personalData.get('DEALER', idDealer);
      if (!data) continue;
      const email = userEmails.get(user.data.idUser);
      const isReference = (dealer && dealer.status !== 'NONE' && dealer.data.idReferenceUser === user.data.idUser)
        || (email !== undefined && typeof data.referenceEmail === 'string' && data.referenceEmail.trim().toLowerCase() === email);
      const erase: Record<string, null> = {};
      if (isReference) for (const key of REFERENCE_FIELDS) if (data[key] !== undefined && data[key] !== null) erase[key] = null;
      if (email !== undefined && typeof data.email === 'string' && data.email.trim().toLowerCase() === email) erase.email = null;
      if (Object.keys(erase).length === 0) continue;
      await this.accounts.personalData.merge('DEALER', idDealer, erase);
      changed++;
    }
    return changed;
  }

  private oneUser(actor: Actor, idUser: string): ActiveUser {
    const user = this.readModel.users.get(streamId.user(idUser));
    if (!user || user.status !== 'ACTIVE') throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'unknown user');
    assertInScope(actor, user.data.idMarket);
    return user;
  }

  private dealerUsers(actor: Actor, idDealer: string): ActiveUser[] {
    const users = [...this.readModel.users.values()].filter((u): u is ActiveUser => u.status === 'ACTIVE' && u.data.idDealer === idDealer);
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    const market: Market | undefined = dealer && dealer.status !== 'NONE' ? dealer.data.idMarket : users[0]?.data.idMarket;
    if (!market) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    assertInScope(actor, market);
    for (const user of users) assertInScope(actor, user.data.idMarket);
    return users.sort((a, b) => (a.data.idUser < b.data.idUser ? -1 : 1));
  }

  private dealerDocuments(idDealer: string): string[] {
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    if (!dealer || dealer.status === 'NONE') return [];
    const documents = (dealer.data as { documents?: readonly { idFile?: unknown }[] }).documents ?? [];
    return documents.map((d) => d.idFile).filter((id): id is string => typeof id === 'string');
  }

  /** The usernames claimed for a user: the index's name (unless already anonymous) and any claim row of its id. */
  private async claimedNames(user: ActiveUser): Promise<string[]> {
    const names = new Set<string>();
    if (!user.anonymised) names.add(user.data.username.toLowerCase());
    const rows = await this.fanout.db.query<{ username: string }>(
      'SELECT username FROM public.username_claims WHERE id_user = $1', [user.data.idUser],
    ).catch(() => [] as { username: string }[]);
    for (const row of rows) names.add(row.username);
    return [...names];
  }
}

function addEmail(emails: Set<string>, value: string | null | undefined): void {
  if (typeof value === 'string' && value.includes('@')) emails.add(value.trim().toLowerCase());
}

/** The identifying values of a personal-data record (e-mails, codes, names of a business, phones), as search needles. */
function personalValues(record: object | null | undefined): string[] {
  if (!record) return [];
  const keys = ['email', 'pec', 'referenceEmail', 'fiscalCode', 'vatCode', 'businessName', 'phone', 'mobile', 'iban', 'referenceFiscalCode'];
  return keys.map((k) => (record as Record<string, unknown>)[k]).filter((v): v is string => typeof v === 'string' && v.trim().length >= 3);
}
