import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer, { type NodemailerError, type SMTPSentMessageInfo, type Transporter } from 'nodemailer';
import { MailError, describeError, type MailErrorCode, MAIL_ERROR_CODES } from './errors.js';
import { consoleMailLogger, maskAddress, type MailLogger } from './logger.js';
import { parseMailFrom, parseMailboxes, parseSmtpUrl, type MailEnv, type Mailbox } from './smtp-config.js';

/** How often and how patiently a send is tried: only transient failures (no connection, 4xx) are retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retry). */
  readonly attempts: number;
  /** Wait before the second attempt; doubled before each further one. */
  readonly initialDelayMs: number;
  /** Longest wait between two attempts. */
  readonly maxDelayMs: number;
}

/** Three attempts over about three seconds: rides out a relay restart, never holds a request for long. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, initialDelayMs: 1_000, maxDelayMs: 10_000 };

/** Time limits of one attempt (nodemailer's own defaults wait up to 10 minutes on a silent socket). */
export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  readonly connectionMs: number;
  /** From connecting to the server's greeting. */
  readonly greetingMs: number;
  /** Of silence on an open connection. */
  readonly socketMs: number;
  /** Of the whole attempt, from connecting to the server's final answer. */
  readonly attemptMs: number;
}

/** Limits that fail a dead relay in seconds while leaving a slow one time to take a 10 MiB message. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000, attemptMs: 60_000 };

/** How a {@link Mailer} reaches its relay. */
export interface MailerOptions {
  /** `smtp://host:port` or `smtps://user:pass@host:465` (`SMTP_URL`). */
  readonly smtpUrl: string;
  /** The sender (`MAIL_FROM`), e.g. `"Auction portal" <no-reply@example.com>`; see `DEFAULT_MAIL_FROM`. */
  readonly from?: string | undefined;
  readonly logger?: MailLogger;
  readonly retry?: Partial<RetryPolicy>;
  readonly timeouts?: Partial<SmtpTimeouts>;
}

/** One message to send: a rendered template plus its recipients. */
export interface OutgoingMail {
  readonly to: string | readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly replyTo?: string;
  /** Copy recipients (shown to every recipient). */
  readonly cc?: string | readonly string[];
  /**
   * The message id without angle brackets (`<id>@<from domain>`): an outbox passes its entry's id, so a message sent
   * again after a crash in the SMTP exchange carries the same Message-ID and receivers can tell it is one message.
   */
  readonly messageKey?: string;
}

/** The relay took the message (for at least one recipient). */
export interface SentMail {
  readonly status: 'sent';
  readonly messageId: string;
  readonly accepted: readonly string[];
  readonly rejected: readonly string[];
  readonly attempts: number;
}

/** Nothing was delivered; `errorCode` says whether to blame the input, the relay's refusal or its absence. */
export interface FailedMail {
  readonly status: 'failed';
  readonly messageId: string;
  readonly accepted: readonly string[];
  readonly rejected: readonly string[];
  readonly attempts: number;
  readonly errorCode: MailErrorCode;
  readonly error: string;
}

/** What {@link Mailer.send} answers: never a thrown error, so a mail problem cannot fail the caller's request. */
export type SendResult = SentMail | FailedMail;

// Failures that the same message would meet again: bad credentials or TLS, a refused envelope or message.
const PERMANENT_CODES = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'ETLS', 'EREQUIRETLS', 'EENVELOPE', 'EMESSAGE', 'EMAXRECIPIENTS', 'EOTP']);
const CONFIG_CODES = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'ETLS', 'EREQUIRETLS']);

/**
 * Sends e-mail through one SMTP relay with nodemailer (`SMTP_URL`, `MAIL_FROM`): an HTML and a text part, a
 * message id chosen here (so a failed send is traceable too), bounded timeouts, a few retries of transient
 * failures, and one log line per message. `send` never throws.
 */
export class Mailer {
  readonly from: Mailbox;
  private readonly transport: Transporter<SMTPSentMessageInfo>;
  private readonly retry: RetryPolicy;
  private readonly timeouts: SmtpTimeouts;
  private readonly logger: MailLogger;
  private readonly closing = new AbortController();

  /** Throws a `MailError` (500701) for an unusable `smtpUrl` or `from`: a configuration mistake, found at start-up. */
  constructor(options: MailerOptions) {
    const url = parseSmtpUrl(options.smtpUrl);
    this.from = parseMailFrom(options.from);
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts };
    if (!Number.isInteger(this.retry.attempts) || this.retry.attempts < 1) {
      throw new MailError('CONFIG_INVALID', 'retry.attempts must be a whole number of at least 1');
    }
    this.logger = options.logger ?? consoleMailLogger;
    this.transport = nodemailer.createTransport({
      url: url.href,
      connectionTimeout: this.timeouts.connectionMs,
      greetingTimeout: this.timeouts.greetingMs,
      socketTimeout: this.timeouts.socketMs,
      // Templates never attach files: refuse paths and URLs as content, so no input can make us read or fetch them.
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    });
  }

  /** A mailer for `SMTP_URL` and `MAIL_FROM`; throws a `MailError` (500701) when `SMTP_URL` is unset or bad. */
  static fromEnv(env: MailEnv, options: Omit<MailerOptions, 'smtpUrl' | 'from'> = {}): Mailer {
    if (!env.SMTP_URL) throw new MailError('CONFIG_INVALID', 'SMTP_URL is not set');
    return new Mailer({ ...options, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  }

  /** Sends one message; the result says whether the relay took it. Never throws, never waits without limit; `signal` stops it (and its retries) early. */
  async send(mail: OutgoingMail, options: { readonly signal?: AbortSignal } = {}): Promise<SendResult> {
    const stop = options.signal ? AbortSignal.any([this.closing.signal, options.signal]) : this.closing.signal;
    const messageId = `<${mail.messageKey ?? randomUUID()}@${this.from.address.split('@')[1]}>`;
    const recipients = parseMailboxes(mail.to);
    const cc = mail.cc === undefined || mail.cc.length === 0 ? [] : parseMailboxes(mail.cc);
    if (!recipients || !cc) {
      return this.failed({ messageId, attempts: 0, rejected: [], errorCode: MAIL_ERROR_CODES.ADDRESS_INVALID, error: 'a recipient is not an e-mail address' }, mail);
    }
    let attempt = 0;
    for (;;) {
      attempt += 1;
      try {
        const info = await this.transport.sendMail({
          messageId,
          from: this.from,
          to: recipients,
          ...(cc.length ? { cc } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          signal: AbortSignal.any([AbortSignal.timeout(this.timeouts.attemptMs), stop]),
        });
        const sent: SentMail = { status: 'sent', messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected), attempts: attempt };
        this.logger.info(`sent ${messageId} to ${sent.accepted.map(maskAddress).join(', ')}${sent.rejected.length ? ` (rejected ${sent.rejected.map(maskAddress).join(', ')})` : ''}, attempt ${attempt}`);
        return sent;
      } catch (error) {
        const failure = classify(error);
        if (failure.permanent || attempt >= this.retry.attempts || stop.aborted) {
          return this.failed({ messageId, attempts: attempt, rejected: failure.rejected, errorCode: failure.errorCode, error: describeError(error) }, mail);
        }
        const delay = Math.min(this.retry.initialDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs);
        this.logger.warn(`attempt ${attempt} of ${messageId} failed (${describeError(error)}), retrying in ${delay} ms`);
        try {
          await sleep(delay, undefined, { signal: stop });
        } catch {
          return this.failed({ messageId, attempts: attempt, rejected: [], errorCode: failure.errorCode, error: 'mailer closed' }, mail);
        }
      }
    }
  }

  /** Stops retries in progress and releases the transport; later sends fail with 503701. */
  close(): void {
    this.closing.abort();
    this.transport.close();
  }

  private failed(result: Omit<FailedMail, 'status' | 'accepted'>, mail: OutgoingMail): FailedMail {
    const to = (typeof mail.to === 'string' ? mail.to.split(',') : mail.to).map((a) => maskAddress(a.trim())).join(', ');
    this.logger.warn(`NOT sent ${result.messageId} to ${to}: ${result.error} (errorCode ${result.errorCode}, ${result.attempts} attempt(s))`);
    return { status: 'failed', accepted: [], ...result };
  }
}

function addresses(list: ReadonlyArray<string | { address: string }> | undefined): string[] {
  return (list ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.address));
}

/** Whether retrying can help, and which code the caller sees. */
function classify(error: unknown): { permanent: boolean; errorCode: MailErrorCode; rejected: string[] } {
  const e = (error ?? {}) as NodemailerError;
  const code = e.code ?? '';
  const rejected = Array.isArray(e.rejected) ? e.rejected.map(String) : [];
  if (CONFIG_CODES.has(code)) return { permanent: true, errorCode: MAIL_ERROR_CODES.CONFIG_INVALID, rejected };
  const permanent = e.permanent === true || (e.permanent === undefined && PERMANENT_CODES.has(code));
  return { permanent, errorCode: permanent ? MAIL_ERROR_CODES.REJECTED : MAIL_ERROR_CODES.UNAVAILABLE, rejected };
}
