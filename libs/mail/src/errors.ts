/**
 * Error codes of e-mail. Six digits, the first three the HTTP status an API answers with (as `ERROR_CODES` of
 * `@auction/domain`); the block x7xx is e-mail's, so the codes never collide with another context's.
 */
export const MAIL_ERROR_CODES = {
  /** A query of the caught mail (limit, offset, recipient) is not valid. */
  QUERY_INVALID: 400701,
  /** No caught mail has that id (it never arrived or was pushed out by newer mail). */
  NOT_FOUND: 404701,
  /** The catcher's HTTP API does not offer that method on that path. */
  METHOD_NOT_ALLOWED: 405701,
  /** `SmtpCatcher.waitFor`: no matching mail arrived in time. */
  WAIT_TIMEOUT: 408701,
  /** A template got input it cannot render (a base URL that is not http(s), a bad date or time zone, ...). */
  INPUT_INVALID: 422701,
  /** A recipient is not an e-mail address; nothing was sent. */
  ADDRESS_INVALID: 422702,
  /** `SMTP_URL` or `MAIL_FROM` is not usable. */
  CONFIG_INVALID: 500701,
  /** The SMTP server refused the message for good (a 5xx reply: unknown recipient, too large, ...). */
  REJECTED: 502701,
  /** The SMTP server could not be reached or timed out, on every attempt. */
  UNAVAILABLE: 503701,
} as const;
/** The name of an e-mail error code (`'REJECTED'`). */
export type MailErrorCodeName = keyof typeof MAIL_ERROR_CODES;
/** One of the numeric codes of {@link MAIL_ERROR_CODES}. */
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[MailErrorCodeName];

/**
 * A refusal of the mail library, with a numeric `errorCode` the API can answer with as is. Thrown only for a
 * programming or configuration mistake (bad template input, bad `SMTP_URL`); a failed send is a result instead.
 */
export class MailError extends Error {
  readonly errorCode: MailErrorCode;
  constructor(name: MailErrorCodeName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
    this.errorCode = MAIL_ERROR_CODES[name];
  }
  /** HTTP status implied by the code. */
  get httpStatus(): number {
    return Math.floor(this.errorCode / 1000);
  }
}

/** Short text of any thrown value, for logs and failure results. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
