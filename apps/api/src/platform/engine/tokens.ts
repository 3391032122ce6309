/** Injection tokens of the engine's providers. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const STREAM_WRITER = Symbol('STREAM_WRITER');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const CLOCK = Symbol('CLOCK');
export const FANOUT = Symbol('FANOUT');
/** The key that signs session and live tokens (see config/session-secret.ts). */
export const SESSION_SECRET = Symbol('SESSION_SECRET');
/** The limiters' fixed windows, shared by every instance (`SqlLimitWindows`, platform/limits). */
export const LIMIT_WINDOWS = Symbol('LIMIT_WINDOWS');

/** The server's clock; tests may replace it. */
export interface Clock {
  now(): number;
}

/** The product's mail (`MailService` of @auction/mail): a mailer, and the embedded catcher when `SMTP_URL` is unset. */
export const MAIL_SERVICE = Symbol('MAIL_SERVICE');
