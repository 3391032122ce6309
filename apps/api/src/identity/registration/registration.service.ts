import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { API_ERROR_CODES } from '@auction/contracts';
import { isLanguage, type Language } from '@auction/i18n';
import { renderRegistrationReceived, renderSignUpExisting } from '@auction/mail';
import {
  COUNTRY_RULES, DOCUMENT_EXTENSIONS, MARKETS, MAX_DOCUMENT_BYTES, REGISTRATION_DOCUMENT_KINDS, REGISTRATION_ERROR_CODES, dealerRegistrationSchema, decideDealer, formatIsoDate,
  parseBirthDate, registrationCountryOf, sniffDocumentType, streamId, type DealerDocument, type DealerRegistration, type DealerState, type Market, type RegistrationDocumentKind,
} from '@auction/domain';
import { AccountMail } from '../accounts/account-mail.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { LIMIT_WINDOWS, STREAM_WRITER } from '../../platform/engine/tokens.js';
import { parse } from '../../platform/http/validation.js';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { judgeDocument } from './documents.js';
import { MULTIPART_BUSY_RETRY_AFTER_SECONDS, MultipartError, discardMultipart, readMultipart, type MultipartFile } from './multipart.js';
import { Refusal } from './refusal.js';
import { AnswerTime } from './answer-time.js';
import { inexactJsonAt } from '../../platform/http/exact-json.js';
import { RequestLimiter, type LimitWindows } from '../passwords/request-limiter.js';
import { randomUUID } from 'node:crypto';

/**
 * Sign-up calls admitted per client address (`request.ip`: X-Forwarded-For only under TRUST_PROXY) in a window,
 * refused or not: each may make the instance buffer ~30 MiB and store up to 30 MiB of documents, a user, personal data
 * and a mail. A person fixing a refused form needs a few; an office behind one address registering several dealers,
 * ten. Beyond: 429001 with Retry-After, before a byte of the body is read. In memory, per instance.
 * `SIGN_UP_ADDRESS_MAX_ATTEMPTS` and `SIGN_UP_ADDRESS_WINDOW_SECONDS` change it (tests that register many dealers).
 */
export interface SignUpLimits { readonly perAddress: number; readonly windowMs: number }
export const DEFAULT_SIGN_UP_LIMITS: SignUpLimits = { perAddress: 10, windowMs: 15 * 60_000 };
export const SIGN_UP_LIMITS = Symbol('SIGN_UP_LIMITS');

/** {@link SignUpLimits} from the environment; a missing or non-positive-integer value keeps the default. */
export function signUpLimitsFrom(env: NodeJS.ProcessEnv): SignUpLimits {
  const count = (value: string | undefined, fallback: number) => (value !== undefined && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : fallback);
  return {
    perAddress: count(env.SIGN_UP_ADDRESS_MAX_ATTEMPTS, DEFAULT_SIGN_UP_LIMITS.perAddress),
    windowMs: count(env.SIGN_UP_ADDRESS_WINDOW_SECONDS, DEFAULT_SIGN_UP_LIMITS.windowMs / 1000) * 1000,
  };
}

/** The parts `POST /open/sign-up` takes; any other is refused (400). */
export const SIGN_UP_PARTS = ['dealerFullDTO', ...REGISTRATION_DOCUMENT_KINDS] as const;
/** Largest `dealerFullDTO` (JSON text): the fields' maximum lengths add up to a few kilobytes. */
export const MAX_DTO_BYTES = 64 * 1024;
/**
 * Largest sign-up body: three documents of {@link MAX_DOCUMENT_BYTES} (10 MiB each, `documents.ts` of the rules)
 * plus the form's own overhead. A larger body is refused before it is kept (600002: a document is too large).
 */
export const MAX_SIGN_UP_BYTES = 3 * MAX_DOCUMENT_BYTES + 256 * 1024;

const DOCUMENT_INVALID = REGISTRATION_ERROR_CODES.DOCUMENT_INVALID;
const docRefusal = (details: { field: string; rule: string }[], message = 'a registration document is missing, too large or of a refused type') =>
  new Refusal(422, DOCUMENT_INVALID, message, details);
const badRequest = (message: string, field: string, rule: string) => new Refusal(400, API_ERROR_CODES.BAD_REQUEST, message, [{ field, rule }]);

/**
 * Dealer registration (spec 01 §2, §3, §5, §8; issue 13 item 3): reads the multipart form, validates `dealerFullDTO`
 * with the form's own schema and the documents by content, then stores the documents, creates the reference user
 * (disabled, without a password) and registers the dealer (PENDING, disabled), and mails a confirmation. All or
 * nothing: a refusal at any step leaves no dealer, no user, no personal data and no file behind.
 */
@Injectable()
export class RegistrationService {
  private readonly logger = new Logger('Registration');
  private readonly perAddress: RequestLimiter;
  private readonly answerTime = new AnswerTime();

  constructor(
    private readonly accounts: AccountsService,
    private readonly mail: AccountMail,
    private readonly readModel: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(SIGN_UP_LIMITS) limits: SignUpLimits,
    @Inject(LIMIT_WINDOWS) windows?: LimitWindows,
  ) {
    this.perAddress = new RequestLimiter(limits.perAddress, limits.windowMs, undefined, windows ? { windows, name: 'sign-up-address' } : undefined);
  }

  /**
   * Counts a sign-up call of `address` (before its body is read); throws a 429 {@link Refusal} with Retry-After
   * beyond {@link SignUpLimits}, draining the unread body so the client reads the answer.
   */
  async admit(address: string, body: unknown, now = Date.now()): Promise<void> {
    const waitMs = await this.perAddress.hit(address, now);
    if (waitMs <= 0) return;
    discardMultipart(body);
    throw new Refusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, 'too many registrations from this address: retry later', undefined, waitMs / 1000);
  }

  /** Registers a dealer from a `multipart/form-data` body; answers its id. Throws {@link Refusal} or AccessError. */
  async signUp(body: unknown): Promise<{ idDealer: string }> {
    const { dto, files } = await this.readForm(body);
    const registration = this.validate(dto, files);
    const documents = this.judge(files, registration);
    // The reference person's e-mail is the username; where the form hides it (DE), the dealer's e-mail.
    const referenceEmailShown = COUNTRY_RULES[registrationCountryOf(registration.country)].referenceEmail.shown;
    const username = ((referenceEmailShown && registration.referenceEmail) || registration.email!).toLowerCase();
    // A taken username, or the e-mail of another account (staff accounts have a username of their own), answers as a
    // new registration does, in comparable time, so the form does not tell which e-mails have an account (issue 21
    // item 8): the account's owner is told by mail instead, and nothing is stored.
    const startedAt = performance.now();
    const taken = this.accounts.userNamed(username) ?? (await this.accounts.usersWithEmail(username))[0];
    if (taken) return this.answerTaken(registration, username, startedAt);
    try {
      const answer = await this.register(registration, documents, username);
      this.answerTime.record(performance.now() - startedAt);
      return answer;
    } catch (error) {
      // Claimed by a registration racing this one (the username, or the e-mail in the personal data): the same answer.
      if (error instanceof AccessError && (error.code === API_ERROR_CODES.USERNAME_TAKEN || error.code === API_ERROR_CODES.EMAIL_TAKEN)) {
        return this.answerTaken(registration, username, startedAt);
      }
      throw error;
    }
  }

  /**
   * The answer to a registration whose username (an e-mail) already has an account: a dealer id that names nothing,
   * a mail to the account's owner (its stored e-mail, else the username) saying no account was made and how to log in
   * or recover the password, and, as for a new registration, the confirmation to the dealer's e-mail when that is
   * another address (whoever typed it sees what a new registration gives).
   */
  private async answerTaken(reg: DealerRegistration, username: string, startedAt: number): Promise<{ idDealer: string }> {
    const owner = this.accounts.userNamed(username) ?? (await this.accounts.usersWithEmail(username))[0];
    const ownerEmail = owner ? (await this.accounts.personalOf(owner.data.idUser)).email || username : username;
    const language = owner ? this.mail.language(owner.data.preferredLanguage) : 'en';
    await this.mail.send(ownerEmail, (site) => renderSignUpExisting({ language, site, username }));
    const dealerEmail = reg.email!.toLowerCase();
    if (dealerEmail !== ownerEmail.toLowerCase() && dealerEmail !== username) await this.mailReceived(reg, languageOf(reg.idMarket, marketOf(reg)));
    await this.answerTime.pad(startedAt);
    return { idDealer: randomUUID() };
  }

  private async mailReceived(reg: DealerRegistration, language: Language): Promise<void> {
    const recipientName = [reg.referenceName, reg.referenceSurname].filter(Boolean).join(' ') || undefined;
    await this.mail.send(reg.email!, (site) => renderRegistrationReceived({
      language, site, businessName: reg.businessName!, ...(recipientName ? { recipientName } : {}),
    }));
  }

  private async readForm(body: unknown): Promise<{ dto: unknown; files: Map<RegistrationDocumentKind, MultipartFile> }> {
    let form;
    try {
      form = await readMultipart(body, MAX_SIGN_UP_BYTES);
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      if (error.problem === 'notMultipart') {
        throw new Refusal(415, API_ERROR_CODES.UNSUPPORTED_MEDIA, 'a dealer registration is multipart/form-data (dealerFullDTO and the files visura, doc, doc2); a user sign-up after an invitation is POST /api/v1/open/user-sign-up');
      }
      if (error.problem === 'busy') throw new Refusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, error.message, undefined, MULTIPART_BUSY_RETRY_AFTER_SECONDS);
      if (error.problem === 'tooLarge') throw docRefusal([{ field: 'body', rule: `at most ${MAX_SIGN_UP_BYTES} bytes in all, ${MAX_DOCUMENT_BYTES} per document` }]);
      throw badRequest(error.message, 'body', 'malformed');
    }
    let dto: unknown = undefined;
    const files = new Map<RegistrationDocumentKind, MultipartFile>();
    const seen = new Set<string>();
    for (const { name, value } of form.parts) {
      if (!(SIGN_UP_PARTS as readonly string[]).includes(name)) throw badRequest(`unknown part: only ${SIGN_UP_PARTS.join(', ')}`, name.slice(0, 64), 'unknownPart');
      if (seen.has(name)) throw badRequest(`the part ${name} is sent twice`, name, 'duplicatePart');
      seen.add(name);
      if (name === 'dealerFullDTO') {
        // A text part, or a file part of JSON (a browser's Blob of type application/json).
        const text = typeof value === 'string' ? value : Buffer.from(value.bytes).toString('utf8');
        if (Buffer.byteLength(text) > MAX_DTO_BYTES) throw badRequest(`dealerFullDTO is larger than ${MAX_DTO_BYTES} bytes`, 'dealerFullDTO', 'tooLarge');
        try {
          dto = JSON.parse(text);
        } catch {
          throw new Refusal(400, API_ERROR_CODES.BAD_JSON, 'dealerFullDTO is not JSON', [{ field: 'dealerFullDTO', rule: 'JSON' }]);
        }
        // Read exactly as written, as every JSON body is (exact-json.ts): a key twice, or a rounded number, is 400.
        const problem = inexactJsonAt(text);
        if (problem) {
          const field = `dealerFullDTO.${problem.field}`;
          throw new Refusal(400, problem.code, `invalid dealerFullDTO: ${field} ${problem.rule}`, [{ field, rule: problem.rule }]);
        }
      } else if (typeof value === 'string') {
        throw docRefusal([{ field: name, rule: 'must be a file part' }]);
      } else if (value.bytes.length > 0) {
        files.set(name as RegistrationDocumentKind, value); // an empty file input sends an empty part: not a document
      }
    }
    if (dto === undefined) throw new Refusal(422, REGISTRATION_ERROR_CODES.DEALER_REGISTRATION_INVALID, 'dealerFullDTO is missing', [{ field: 'dealerFullDTO', rule: 'registrationForm.error.mandatory' }]);
    return { dto, files };
  }

  /**
   * The registration schema of the form, on the payload whose document fields name the files actually sent (the
   * DTO's own `visura`, `doc`, `doc2` are labels of the form; the parts are what counts). Field rules broken:
   * 422101 with every issue; only document rules broken: 600002.
   */
  private validate(dto: unknown, files: Map<RegistrationDocumentKind, MultipartFile>): DealerRegistration {
    if (dto === null || typeof dto !== 'object' || Array.isArray(dto)) {
      throw new Refusal(422, REGISTRATION_ERROR_CODES.DEALER_REGISTRATION_INVALID, 'dealerFullDTO must be a JSON object', [{ field: 'dealerFullDTO', rule: 'registrationForm.error.wrongFormat' }]);
    }
    const input: Record<string, unknown> = { ...(dto as Record<string, unknown>) };
    for (const kind of REGISTRATION_DOCUMENT_KINDS) {
      const file = files.get(kind);
      input[kind] = file ? (file.filename || `${kind}.${extensionGuess(file.bytes)}`) : undefined;
    }
    parse(z.unknown(), input, 'dealerFullDTO'); // NUL and lone surrogates: 400, as every body
    const result = dealerRegistrationSchema.safeParse(input);
    if (result.success) return result.data;
    const details = result.error.issues.map((i) => ({ field: i.path.join('.') || 'dealerFullDTO', rule: i.message }));
    const isDocument = (field: string) => (REGISTRATION_DOCUMENT_KINDS as readonly string[]).includes(field);
    if (details.some((d) => !isDocument(d.field))) {
      throw new Refusal(422, REGISTRATION_ERROR_CODES.DEALER_REGISTRATION_INVALID, `the registration breaks a rule: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
    }
    throw docRefusal(details);
  }

  /** Every document by content: visura PDF only, the legal documents JPEG, PNG, PDF or EPS, at most 10 MiB each. */
  private judge(files: Map<RegistrationDocumentKind, MultipartFile>, registration: DealerRegistration) {
    const judged: { kind: RegistrationDocumentKind; mediaType: DealerDocument['mediaType']; bytes: Uint8Array }[] = [];
    const refused: { field: string; rule: string }[] = [];
    for (const kind of REGISTRATION_DOCUMENT_KINDS) {
      const file = files.get(kind);
      if (!file || !registration[kind]) continue;
      const verdict = judgeDocument(kind, file);
      if (verdict.ok) judged.push({ kind, mediaType: verdict.mediaType, bytes: verdict.bytes });
      else refused.push({ field: kind, rule: verdict.reason });
    }
    if (refused.length > 0) throw docRefusal(refused);
    return judged;
  }

  private async register(reg: DealerRegistration, judged: ReturnType<RegistrationService['judge']>, username: string): Promise<{ idDealer: string }> {
    const idDealer = randomUUID();
    const idUser = randomUUID();
    const country = reg.country!.toUpperCase();
    const idMarket = marketOf(reg);
    const language = languageOf(reg.idMarket, idMarket);
    const stored: DealerDocument[] = [];
    let userCreated = false;
    try {
      for (const doc of judged) {
        const meta = await this.blobs.put(doc.bytes, doc.mediaType, `dealer:${idDealer}`);
        stored.push({ kind: doc.kind, idFile: meta.idFile, mediaType: doc.mediaType, size: meta.size, sha256: meta.sha256 });
      }
      await this.accounts.personalData.merge('DEALER', idDealer, dealerPersonalData(reg));
      await this.accounts.createUser({
        idUser,
        user: {
          username, roles: ['USER', 'BUYER'], idDealer, idMarket, preferredLanguage: language,
          consent1: reg.checkConsents1 === true, consent2: reg.checkConsents2 === true, consent3: reg.checkConsents3 === true, flgEnabled: false,
        },
        personal: {
          name: reg.referenceName ?? null, surname: reg.referenceSurname ?? null, email: username, fiscalCode: reg.referenceFiscalCode ?? null,
          birthDate: birthDateOf(reg.referenceBirthDate),
        },
      });
      userCreated = true;
      const sid = streamId.dealer(idDealer);
      const outcome = await this.writer.execute({
        streams: [sid],
        metadata: { userId: idUser },
        decide: (view, now) => [{
          streamId: sid,
          events: decideDealer({
            type: 'RegisterDealer',
            data: {
              idDealer, idMarket, country, region: reg.region || null, typeDealerActivity: reg.typeDealerActivity!, carSold: reg.carSold!,
              buyingInterest: reg.buyingInterest!, language, documents: stored, idReferenceUser: idUser, registeredAt: new Date(now).toISOString(),
            },
          }, view.state<DealerState>(sid)),
        }],
        reply: () => undefined,
      });
      await this.readModel.waitFor(outcome.position);
    } catch (error) {
      // A user whose dealer could not be written stays (its event is history) and keeps the dealer's data and files.
      if (!userCreated) {
        for (const doc of stored) await this.blobs.delete(doc.idFile).catch(() => undefined);
        await this.accounts.personalData.erase('DEALER', idDealer).catch(() => undefined);
      } else {
        this.logger.error(`dealer ${idDealer} of user ${idUser} was not registered: ${error instanceof Error ? error.message : String(error)}`);
      }
      throw error;
    }
    await this.mailReceived(reg, language);
    return { idDealer };
  }
}

/** The market a registration buys in: its country when that is a market, else OTHER. */
function marketOf(reg: DealerRegistration): Market {
  const country = reg.country!.toUpperCase();
  return (MARKETS as readonly string[]).includes(country) ? (country as Market) : 'OTHER';
}

/** The dealer's business and personal data, kept beside the log (personal-data store, kind DEALER). */
function dealerPersonalData(reg: DealerRegistration): Record<string, string | null> {
  const keys = ['businessName', 'address', 'city', 'postalCode', 'vatCode', 'email', 'phone', 'mobile', 'website', 'regon',
    'referenceName', 'referenceSurname', 'referenceFiscalCode', 'referenceEmail', 'referenceFCA'] as const;
  const data: Record<string, string | null> = {};
  for (const key of keys) data[key] = reg[key] || null;
  data.referenceBirthDate = birthDateOf(reg.referenceBirthDate);
  return data;
}

function birthDateOf(value: string | number | null | undefined): string | null {
  const date = value === null || value === undefined || value === '' ? null : parseBirthDate(value);
  return date ? formatIsoDate(date) : null;
}

/** The registrant's language: the locale's (`idMarket` of the form, `it` of `it-IT`), else the market's, else English. */
function languageOf(locale: string | null | undefined, market: Market): Language {
  const fromLocale = (locale ?? '').toLowerCase();
  if (isLanguage(fromLocale)) return fromLocale;
  const fromMarket = market.toLowerCase();
  return isLanguage(fromMarket) ? fromMarket : 'en';
}

/** A label for a file part sent without a name, from its content (the name check then applies as to any name). */
function extensionGuess(bytes: Uint8Array): string {
  const type = sniffDocumentType(bytes);
  return type ? DOCUMENT_EXTENSIONS[type][0]!.slice(1) : 'bin';
}
