import { z } from 'zod';
import { isValidAmount } from '@auction/domain';

/** Money in euros: positive, at most two decimals. */
export const Money = z.number().refine(isValidAmount, { message: 'must be a positive amount of euros with at most 2 decimals, at most 100000000' });
/** Money that may be zero. */
export const MoneyOrZero = z.number().refine((v) => v === 0 || isValidAmount(v), { message: 'must be zero or a positive amount with at most 2 decimals, at most 100000000' });
/**
 * Years an instant may name once read in UTC. PostgreSQL has no year 0, and past 9999 an ISO string needs six digits
 * and a sign (`+010000-01-01T…`): either would be accepted here and then refused by every table that stores it.
 */
export const INSTANT_YEARS = { min: 1, max: 9999 } as const;
/** True when an ISO instant names a real moment whose UTC year is within {@link INSTANT_YEARS}. */
export function isStorableInstant(value: string): boolean {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;
}
/**
 * ISO 8601 instant with an offset or Z, read as the UTC instant it names (`2026-11-21T10:00:00+01:00` →
 * `2026-11-21T09:00:00.000Z`), of a UTC year 0001-9999 (after the offset: `0001-01-01T00:00:00+01:00` is year 0).
 * The one schema of every instant a request may carry.
 */
export const Instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant, e.g. 2026-11-21T09:00:00Z' })
  .refine(isStorableInstant, { message: `must be an instant of the years ${String(INSTANT_YEARS.min).padStart(4, '0')}-${INSTANT_YEARS.max} (UTC)`, abort: true })
  .transform((v) => new Date(v).toISOString());
/**
 * A whole number in a query string written in plain digits: `0x10`, `1e3`, `+5`, ` 5`, `5.0` and `` are refused (a
 * number parser would read them as 16, 1000, 5...), so a value means what it says.
 */
export const QueryInt = (min: number, max: number) =>
  z.string().max(16).regex(/^\d{1,15}$/, 'must be a whole number in digits').transform(Number).pipe(z.number().int().min(min).max(max));
/** An amount of euros in a query string: digits with at most 2 decimals (`1500`, `1500.5`), never hex, exponent or sign. */
export const QueryMoney = z.string().max(13).regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in digits with at most 2 decimals')
  .transform(Number).pipe(Money);
/** Months and their days but 29 February (01-28 in every month, 29-30 but in February, 31 in the long months). */
const MONTH_DAY = '(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)';
const realDays = (years: string, leapYears: string) => `(?:(?:${years})-${MONTH_DAY}|(?:${leapYears})-02-29)`;
/**
 * The real calendar days `YYYY-MM-DD` of the years 1900-9998 as a regular expression's source (ASCII digits; the 29th
 * to 31st only in the months that have them, 29 February only in leap years): the day filters' rule written out, so
 * that the OpenAPI description (the pattern) and the check are one and the same. PostgreSQL has no year 0, and the
 * end of 9999-12-31 is no longer a 4-digit ISO date.
 */
export const REAL_DAY_1900_9998 = realDays('19[0-9]{2}|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8]',
  '(?:19|[2-9][0-9])(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[3579][26])00');
/** The real days of the years 1900-2099 (a birth date, `parseBirthDate`'s bounds), as {@link REAL_DAY_1900_9998}. */
export const REAL_DAY_1900_2099 = realDays('19[0-9]{2}|20[0-9]{2}', '(?:19|20)(?:0[48]|[2468][048]|[13579][26])|2000');
/** A time of day and its offset after a day (`T10:00Z`, `T10:00:00.5+01:00`), as `Date` reads it. */
export const TIME_AND_OFFSET = 'T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,3})?)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])';
/** A day filter: a real day `YYYY-MM-DD` (a whole day, UTC) or an ISO instant of such a day ({@link REAL_DAY_1900_9998}). */
export const DAY_OR_INSTANT_FILTER = new RegExp(`^${REAL_DAY_1900_9998}(?:${TIME_AND_OFFSET})?$`);
/**
 * An e-mail address as zod's `z.email()` takes it (its default pattern, which has no look-ahead, so every generator of
 * the OpenAPI description reads it): a check written `.regex(EMAIL_PATTERN)` on the string is described as it checks.
 */
export const EMAIL_PATTERN = z.regexes.email;
/** A calendar day written `YYYY-MM-DD` (whether it exists is the domain's rule, which names the field). */
export const Day = z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day YYYY-MM-DD');
/** An id in a path. */
export const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
/** Most ids one call may name (vehicles in a my-lot call): one request never runs an unbounded number of commands. */
export const MAX_IDS_PER_CALL = 200;
/** True when no value appears twice. */
export const distinct = (values: readonly unknown[]): boolean => new Set(values).size === values.length;
/** A list of ids in a body: 1 to `max`, none twice (a repeated id would run its command twice). */
export const IdArray = (max: number = MAX_IDS_PER_CALL) => z.array(Id).min(1).max(max).refine(distinct, { message: 'must not name an id twice' });
/** A list of ids in a query string, repeated or comma separated. */
export const IdList = z
  .union([z.string().max(MAX_IDS_PER_CALL * 65), z.array(z.string().max(64)).max(MAX_IDS_PER_CALL)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(IdArray());
const UNCLEAN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** True for a string without NUL and without a lone surrogate (neither can be stored nor shown). */
export const isCleanText = (s: string): boolean => !UNCLEAN_TEXT.test(s);

/** The error body of every failed call. */
export const ErrorBody = z.object({
  errorCode: z.number().int(),
  errorMsg: z.string(),
  details: z.array(z.object({ field: z.string(), rule: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error codes of the API shell (the domain's codes are in `ERROR_CODES` of `@auction/domain`). */
export const API_ERROR_CODES = {
  BAD_REQUEST: 400001,
  BAD_JSON: 400002,
  /** A JSON body names a key twice in one object (`{"offer":100,"offer":2000}`): refused, never last-wins. */
  JSON_DUPLICATE_KEY: 400030,
  /** A JSON body has a number not read as written: more than 2 decimals, an exponent, or more than 15 integer digits. */
  JSON_NUMBER_INEXACT: 400031,
  /** Spec: shown without popup. */
  VALIDATION_SILENT: 400020,
  NOT_LOGGED_IN: 401001,
  BAD_CREDENTIALS: 401002,
  SESSION_EXPIRED: 401003,
  /** Single sign-on: the flow expired, its state or nonce did not match, or the issuer refused the code. */
  SSO_FAILED: 401010,
  /** Single sign-on: the issuer's sign-in is older than the user's latest password change or disable (ask for the password again). */
  SSO_SIGN_IN_OUTDATED: 401030,
  FORBIDDEN_ROLE: 403001,
  NOT_OWNER: 403002,
  /** Single sign-on: the issuer's user is not an active user of the portal. */
  SSO_UNKNOWN_USER: 403010,
  XSRF_MISMATCH: 403003,
  /** Spec: user disabled or consents missing. */
  ACCESS_DENIED: 403004,
  /** Back-office: the account was disabled (no new session; its sessions ended when it was disabled). */
  ACCOUNT_DISABLED: 403011,
  /** Back-office: the session's read-only flag; the user may look, not change. */
  READ_ONLY_USER: 403020,
  /** The back-office shut the showcase to this dealer user (`PUT /admin/user-buyer-showcase`). */
  SHOWCASE_CLOSED_TO_USER: 403440,
  /** Back-office: the dealer or user is of a market outside the caller's adminEnabledMarket. */
  OUTSIDE_ADMIN_MARKETS: 403021,
  /** Invitations and users created by the staff: the dealer is not ENABLED (pending approval, disabled or deleted). */
  DEALER_NOT_ENABLED: 403030,
  /** Back-office: only an ADMIN changes an account holding ADMIN, CUSTOMER_CENTER, AUCTIONEER, MULTI_AUCTIONEER or EXHIBITOR, or grants those roles. */
  PROTECTED_ACCOUNT: 403040,
  /** Back-office: only an ADMIN enables or disables a dealer one of whose users holds such a role. */
  PROTECTED_DEALER: 403041,
  /** Password change: the current password is missing or wrong. */
  CURRENT_PASSWORD_WRONG: 403042,
  /** Back-office: no password link for a user of a dealer not enabled (its users get their password with the approval). */
  NO_LINK_DEALER_NOT_ENABLED: 403060,
  /** Back-office: a staff user may not disable, delete, anonymise or take roles from themselves. */
  SELF_CHANGE_REFUSED: 409120,
  /**
   * Back-office: the change would leave no acting administrator (ADMIN, enabled, not read-only): the last one's ADMIN
   * cannot be taken, nor the user disabled, deleted or made read-only.
   */
  LAST_ADMIN: 409160,
  /**
   * Back-office: a staff, auctioneer or exhibitor account moved into a dealer that is not enabled (it could do nothing
   * there and, the dealer holding it, only an ADMIN could enable the dealer again).
   */
  PROTECTED_INTO_DISABLED_DEALER: 409170,
  /** Back-office: the dealer's users changed while a dealer-wide change was decided (a user moved in): try again. */
  DEALER_USERS_CHANGED: 409171,
  /** Back-office: the user has no e-mail on file, so no password-reset link can be mailed. */
  USER_NO_EMAIL: 409121,
  /** Back-office: the dealer's state does not allow this (already enabled, deleted, has live offers...). */
  DEALER_STATE_CONFLICT: 409130,
  /** Back-office: the user cannot be anonymised now (running auctions, open bookings, staff roles...). */
  ANONYMISE_REFUSED: 409140,
  /** Back-office: the user was deleted or anonymised; nothing more can be changed. */
  USER_GONE: 410020,
  /** A queued mail not sent: its only recipient's address was erased (the right to erasure). */
  MAIL_RECIPIENT_ERASED: 410350,
  NOT_FOUND: 404001,
  /** Spec: the user is logged out after the dialog. */
  USER_NOT_FOUND: 404010,
  /**
   * Back-office: the user a call names (the target, not the caller) is unknown. Not 404010, which the spec keeps for
   * "your own account is gone" and on which clients log out.
   */
  TARGET_USER_NOT_FOUND: 404060,
  IDEMPOTENCY_KEY_REUSED: 409100,
  /** Accounts: the username (or the e-mail used as one) belongs to another user. */
  USERNAME_TAKEN: 409110,
  /** Accounts: the dealer already has a user with this e-mail, or an invitation to it is pending. */
  EMAIL_TAKEN: 409111,
  /** A recovery or invitation link (`tag`) that is unknown, expired, already used, or for another user or e-mail. */
  TAG_INVALID: 410010,
  /** The dealer named is unknown (or not the caller's). */
  DEALER_NOT_FOUND: 404040,
  /** The template (partner) named is unknown, or not one the caller may see. */
  TEMPLATE_NOT_FOUND: 404300,
  /** The template is deleted (or its state forbids the change). */
  TEMPLATE_STATE_CONFLICT: 409300,
  /** An auction or a showcase names a template of another market than its own. */
  TEMPLATE_OTHER_MARKET: 422300,
  /** A template's largeLogo or smallLogo names no PNG, JPEG or WebP image the caller uploaded (`POST /secure/file`). */
  TEMPLATE_LOGO_NOT_YOURS: 422450,
  /** No vehicle was ever listed in the showcase named (not 404001, which says the path itself does not exist). */
  SHOWCASE_NOT_FOUND: 404024,
  /** A stored file (registration document, upload) that is unknown, or not the caller's to read. */
  FILE_NOT_FOUND: 404030,
  /** Mobile: the offer sent as a GET came from a browser page (Origin or Sec-Fetch-* headers): only the app may send it. */
  MOBILE_CALL_FROM_BROWSER: 403220,
  /** `random-vehicle`: none of the auctions named has a running lot the caller may see. */
  NO_RUNNING_LOT: 404220,
  METHOD_NOT_ALLOWED: 405001,
  PAYLOAD_TOO_LARGE: 413001,
  UNSUPPORTED_MEDIA: 415001,
  TOO_MANY_REQUESTS: 429001,
  /** Single sign-on: too many sign-in starts or sign-in pages from one client address (the embedded issuer's `/auth`, `/interaction`). */
  SSO_TOO_MANY_STARTS: 429010,
  INTERNAL: 500001,
  UNAVAILABLE: 503001,
  /** Single sign-on: the OpenID Connect issuer cannot be reached. */
  SSO_UNAVAILABLE: 503010,
  /**
   * A write another instance passed to its auction's writer, which died or froze before answering; no instance has
   * answered for it since. It may have been done: the answer's `Idempotency-Key` header names the key it went with,
   * and a retry with that key answers its outcome (never doing it twice).
   */
  WRITE_OUTCOME_UNKNOWN: 503515,
  // Vehicles (issue 22): the vehicles context of the API (apps/api/src/vehicles), 400200-422229
  /** A vehicle list's bounds cross: a min above its max, or insertDate after insertDateTo. */
  VEHICLE_FILTER_BOUNDS: 400200,
  /** The caller sees this vehicle but may not change it now (who holds it decides: ROLES.md). */
  VEHICLE_CHANGE_FORBIDDEN: 403200,
  /** A vehicle is loaded only into a provenance of the loader's own dealer. */
  VEHICLE_PROVENANCE_FORBIDDEN: 403201,
  /** No such vehicle, or not one the caller may see (the same answer: existence is not disclosed). */
  VEHICLE_NOT_VISIBLE: 404200,
  /** Another vehicle not sold nor withdrawn has this licence plate. */
  VEHICLE_DUPLICATE_PLATE: 409210,
  /** Another vehicle not sold nor withdrawn has this frame number (VIN). */
  VEHICLE_DUPLICATE_FRAME: 409211,
  /** No provenance has this code. */
  PROVENANCE_UNKNOWN: 422220,
  /** A hand-over names a user who cannot take the vehicle (not an AUCTIONEER of its dealer, not a MULTI_AUCTIONEER). */
  VEHICLE_HANDOVER_TARGET_INVALID: 422221,
  /** An auction or a showcase of one market names a vehicle whose provenance is of another (a vehicle sells in its provenance's market). */
  VEHICLE_MARKET_MISMATCH: 422222,
  /** `showcase/user-showcase`: the user named is not a dealer user (no BUYER role), so it has no showcase activity to show. */
  SHOWCASE_USER_NOT_DEALER: 422223,
  // Vehicle uploads and their files (apps/api/src/vehicles/uploads): 400210-400219, 404210-404219, 413200-413209,
  // 415200-415209, 422240-422259, 429200-429209.
  /** An upload's multipart body is broken, or has a part it does not take, or lacks the file. */
  VEHICLE_UPLOAD_MALFORMED: 400210,
  /** An upload lacks a field it needs (provenance, tempId, tupla), or a file call a parameter (idImage, idPdf, size). */
  VEHICLE_UPLOAD_FIELD_MISSING: 400211,
  /** `select-by-file`: idTemplate is not a template id (letters, digits, `_` and `-`, at most 64). */
  VEHICLE_SELECT_TEMPLATE_INVALID: 400212,
  /** The temporary batch (tempId) is unknown, expired, saved already or another user's. */
  VEHICLE_UPLOAD_BATCH_NOT_FOUND: 404210,
  /** The tupla names no vehicle of the temporary batch (neither its row nor its plate). */
  VEHICLE_UPLOAD_TUPLA_NOT_FOUND: 404211,
  /** A photo, PDF or file that does not exist or that the caller may not see (the same answer for both). */
  VEHICLE_FILE_NOT_FOUND: 404212,
  /** The auction has no regulation document of its own (file-message), or the caller may not see the auction. */
  AUCTION_FILE_MESSAGE_NOT_FOUND: 404230,
  /** An uploaded file is larger than its kind allows. */
  VEHICLE_UPLOAD_TOO_LARGE: 413200,
  /** A vehicle file has more rows than one upload takes. */
  VEHICLE_UPLOAD_TOO_MANY_ROWS: 413201,
  /** A photo has more pixels than the server decodes (a decompression bomb, or simply too big a picture). */
  VEHICLE_PHOTO_TOO_MANY_PIXELS: 413202,
  /** The file's content is not of a type this upload takes, whatever its name says (an HTML page named .jpg). */
  VEHICLE_UPLOAD_WRONG_TYPE: 415200,
  /** An upload must be multipart/form-data. */
  VEHICLE_UPLOAD_NOT_MULTIPART: 415201,
  /** Rows of the vehicle file are refused (listed in `rows`); nothing of the file was kept. */
  VEHICLE_UPLOAD_ROWS_REFUSED: 422240,
  /** The file cannot be read as what it claims to be (a broken spreadsheet, CSV or picture). */
  VEHICLE_UPLOAD_UNREADABLE: 422241,
  /** The vehicle file has no vehicle rows, or its header lacks a required column or names one twice (listed in `details`). */
  VEHICLE_UPLOAD_NO_ROWS: 422242,
  /** Two rows of the file have the same plate or frame. */
  VEHICLE_UPLOAD_DUPLICATE_VEHICLE: 422244,
  /** A vehicle of the batch has as many photos or documents as a vehicle may have. */
  VEHICLE_UPLOAD_TOO_MANY_FILES: 422245,
  /** A temporary batch's vehicles could not all be saved (some were refused: listed in `rows`). */
  VEHICLE_SAVE_REFUSED: 422246,
  /** Too many uploads by this user in the last hour. */
  VEHICLE_UPLOAD_RATE_LIMITED: 429200,
  /** Too many open temporary batches (this user's, or the server's room for them): save or wait for them to expire. */
  VEHICLE_UPLOAD_BATCHES_FULL: 429201,
  // The public portal's content (apps/api/src/partners/top-cms, issue 23 item 6): 400400-400409, 404400-404409,
  // 409400-409409, 413400-413409, 422400-422409 (404400 and 422400 are the domain's).
  /** `open/top-cms`: mkt and lang are both required, each a known market and language. */
  TOP_CMS_QUERY_INVALID: 400400,
  /** A banner image upload: the multipart body is broken, has a part it does not take, or lacks the file. */
  TOP_CMS_IMAGE_MALFORMED: 400401,
  /** `open/info`: market is required and must be a known market. */
  PORTAL_INFO_MARKET_INVALID: 400402,
  /** A banner names an image that was not uploaded by the caller, expired (2 hours) or belongs to another banner. */
  TOP_CMS_IMAGE_NOT_FOUND: 404401,
  /** `open/image`, `open/temp-image`: no public image at this path (unknown, expired, private, or a path outside the public prefixes: one answer). */
  PUBLIC_IMAGE_NOT_FOUND: 404402,
  /** Too many banner images are waiting to be saved by this user (20): save or wait for them to expire. */
  TOP_CMS_IMAGES_PENDING: 409400,
  /** A banner image is larger than 10 MiB. */
  TOP_CMS_IMAGE_TOO_LARGE: 413400,
  /** A banner image has more than 40 megapixels (a decompression bomb, or simply too big a picture). */
  TOP_CMS_IMAGE_TOO_MANY_PIXELS: 413401,
  /** A banner image is not a JPEG, PNG or WebP picture by its content, whatever its name or type says. */
  TOP_CMS_IMAGE_WRONG_TYPE: 422401,
  /** A banner image cannot be decoded (a broken picture). */
  TOP_CMS_IMAGE_UNREADABLE: 422402,
  /** A banner image is smaller than its device needs (desktop 1280, tablet 768, mobile 480 pixels wide). */
  TOP_CMS_IMAGE_TOO_SMALL: 422403,
  // Pay by link (apps/api/src/payments, issue 23 item 7): 400420-400429, 404420-404429, 409420-409429, 422420-422429,
  // 502420-502429 (404420, 404421, 409420, 409421 and 422420 are the domain's).
  /** `secure/user/payByLink`: idPurchase is required and must be an id. */
  PAY_BY_LINK_QUERY_INVALID: 400420,
  /** A payment provider's notification that is malformed: nothing changes. */
  PAYMENT_NOTIFICATION_INVALID: 400421,
  /** A payment provider's notification whose signature is missing or does not verify (the signature is its access: 401): nothing changes. */
  PAYMENT_NOTIFICATION_UNSIGNED: 401520,
  /** A preferred language (PUT user, PUT admin/user) that the user's market does not offer; details name those it does. */
  LANGUAGE_NOT_OFFERED: 422520,
  /** The demo payment page's link is unknown, already used or expired. */
  DEMO_PAYMENT_LINK_INVALID: 404422,
  /** The payment provider could not be reached or refused to make a link: try again later. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502420,
  // Communication (apps/api/src/communication, issue 23 item 4): 404350-404359, 422350-422359.
  /** No queued e-mail has this id. */
  EMAIL_NOT_FOUND: 404350,
  /** The e-mail's HTML has nothing left to send once what is unsafe (scripts, frames, handlers) is removed. */
  EMAIL_EMPTY_AFTER_SANITISING: 422350,
  /** No lead campaign has this id. */
  LEAD_NOT_FOUND: 404351,
  /** A lead campaign is changed or sent only while it is a DRAFT. */
  LEAD_NOT_DRAFT: 409350,
} as const;
