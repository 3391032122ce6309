import addressparser from 'nodemailer/lib/addressparser';
import { MailError } from './errors.js';

/** One mailbox of an address field: `"Name" <address>` parsed. */
export interface Mailbox {
  readonly name: string;
  readonly address: string;
}

/** What the mail library reads from the environment. */
export interface MailEnv {
  readonly SMTP_URL?: string | undefined;
  readonly MAIL_FROM?: string | undefined;
}

/** Sender used when `MAIL_FROM` is unset: fine for the embedded catcher, to be set for a real relay. */
export const DEFAULT_MAIL_FROM = '"Auction portal" <no-reply@auction-portal.local>';

// An address as relays accept it: something before and after one `@`, no spaces or controls, RFC 5321 length.
const ADDRESS_SHAPE = /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+@[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+$/u;

/** True for a bare e-mail address (`dealer@example.com`) a relay will take in an envelope. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS_SHAPE.test(value);
}

/**
 * The mailboxes of an address field (`a@x.it, "B" <b@y.de>`), parsed by nodemailer's own address parser so the
 * envelope we check is the one it will send; `null` when the field is empty or any entry is not an address.
 */
export function parseMailboxes(field: string | readonly string[]): Mailbox[] | null {
  const parts = typeof field === 'string' ? [field] : field;
  const boxes = parts.flatMap((part) => addressparser(part, { flatten: true }));
  if (boxes.length === 0) return null;
  return boxes.every((box) => isEmailAddress(box.address)) ? boxes.map(({ name, address }) => ({ name, address })) : null;
}

/**
 * `SMTP_URL` checked before nodemailer sees it: `smtp://host:port` (plain, STARTTLS when offered) or
 * `smtps://user:pass@host:465` (TLS from the start). A typo fails at start-up with a clear code, not at the first
 * password-recovery mail.
 */
export function parseSmtpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw new MailError('CONFIG_INVALID', 'SMTP_URL is not a URL (expected smtp://host:port or smtps://user:pass@host:465)', { cause });
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailError('CONFIG_INVALID', `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new MailError('CONFIG_INVALID', 'SMTP_URL has no host');
  return url;
}

/** `MAIL_FROM` as one mailbox; unset means {@link DEFAULT_MAIL_FROM}. */
export function parseMailFrom(value: string | undefined): Mailbox {
  const boxes = parseMailboxes(value?.trim() ? value : DEFAULT_MAIL_FROM);
  if (!boxes || boxes.length !== 1) {
    throw new MailError('CONFIG_INVALID', 'MAIL_FROM must be one address, e.g. "Auction portal" <no-reply@example.com>');
  }
  return boxes[0]!;
}

/** An SMTP URL without its password, for logs. */
export function redactSmtpUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}
