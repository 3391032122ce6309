import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { toCaughtMail, type CaughtMail } from './caught-mail.js';
import { MailError, describeError } from './errors.js';
import { consoleMailLogger, maskAddress, type MailLogger } from './logger.js';

/** Where and how much an {@link SmtpCatcher} takes. */
export interface SmtpCatcherOptions {
  /** Interface to listen on; loopback by default (the catcher has no authentication). */
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Messages kept; the oldest goes when a new one arrives. Default 500. */
  readonly maxMessages?: number;
  /** Largest message in bytes, announced with SIZE and enforced with a 552 reply. Default 10 MiB. */
  readonly maxMessageBytes?: number;
  readonly logger?: MailLogger;
}

/** A page of caught mail, newest first. */
export interface CaughtMailPage {
  /** How many kept messages match, whatever the page. */
  readonly total: number;
  readonly items: readonly CaughtMail[];
}

/** What {@link SmtpCatcher.list} selects. */
export interface CaughtMailQuery {
  /** Default 50, at most 500. */
  readonly limit?: number;
  readonly offset?: number;
  /** Only mail delivered to this address (case-insensitive). */
  readonly to?: string;
}

/** Enough for a test run or a demo day; each kept message costs its size in memory (a few KB for ours). */
export const DEFAULT_CATCHER_MAX_MESSAGES = 500;
/** 10 MiB: above any mail the portal sends (no attachments), below what would strain the process's memory. */
export const DEFAULT_CATCHER_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_PAGE = 500;

/**
 * An SMTP server that delivers nowhere: it keeps the last messages in memory for people and tests to read. The
 * product runs it in-process when `SMTP_URL` is unset, and `tools/infra` runs it as its own process (with an HTTP
 * API) for server-mode tests. No authentication and no TLS: it listens on loopback unless told otherwise.
 */
export class SmtpCatcher {
  private readonly mails: CaughtMail[] = []; // newest first
  private readonly arrivals = new EventEmitter();

  private constructor(
    private readonly server: SMTPServer,
    /** `smtp://host:port` to give to a `Mailer` (or any SMTP client). */
    readonly url: string,
    readonly port: number,
    private readonly maxMessages: number,
    private readonly logger: MailLogger,
  ) {
    this.arrivals.setMaxListeners(0);
  }

  /** Starts listening; resolves once the port is bound. Rejects (e.g. port taken) with the listen error. */
  static async start(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
    const host = options.host ?? '127.0.0.1';
    const maxMessages = options.maxMessages ?? DEFAULT_CATCHER_MAX_MESSAGES;
    const maxBytes = options.maxMessageBytes ?? DEFAULT_CATCHER_MAX_MESSAGE_BYTES;
    const logger = options.logger ?? consoleMailLogger;
    let catcher: SmtpCatcher | undefined;
    const server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      size: maxBytes,
      rejectOversized: true,
      banner: 'auction-portal mail catcher',
      logger: false,
      socketTimeout: 30_000,
      closeTimeout: 2_000,
      onData: (stream, session, callback) => {
        if (!catcher) return callback(new Error('not ready'));
        catcher.receive(stream, session).then(
          (reply) => callback(null, reply),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    server.on('error', (error) => logger.warn(`catcher connection error: ${describeError(error)}`));
    await listen(server, options.port ?? 0, host);
    const port = (server.server.address() as AddressInfo).port;
    const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    catcher = new SmtpCatcher(server, `smtp://${urlHost}:${port}`, port, maxMessages, logger);
    logger.info(`catching mail on ${catcher.url} (kept: last ${maxMessages}, largest ${maxBytes} bytes)`);
    return catcher;
  }

  /** Kept mail matching `query`, newest first; throws a `MailError` (400701) for a bad limit or offset. */
  list(query: CaughtMailQuery = {}): CaughtMailPage {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE) throw new MailError('QUERY_INVALID', `limit must be a whole number from 0 to ${MAX_PAGE}`);
    if (!Number.isInteger(offset) || offset < 0) throw new MailError('QUERY_INVALID', 'offset must be a whole number from 0');
    const to = query.to?.trim().toLowerCase();
    const matching = to ? this.mails.filter((mail) => deliveredTo(mail, to)) : this.mails;
    return { total: matching.length, items: matching.slice(offset, offset + limit) };
  }

  /** One kept message, or `null` when the id is unknown (never caught, or pushed out by newer mail). */
  get(id: string): CaughtMail | null {
    return this.mails.find((mail) => mail.id === id) ?? null;
  }

  /** Forgets every kept message (a test's clean slate); returns how many there were. */
  clear(): number {
    return this.mails.splice(0).length;
  }

  /**
   * Forgets every kept message delivered to `address` (any case): the right to erasure (issue 14) reaches the
   * catcher's memory too. Returns how many went.
   */
  forget(address: string): number {
    const to = address.trim().toLowerCase();
    if (!to) return 0;
    const before = this.mails.length;
    const kept = this.mails.filter((mail) => !deliveredTo(mail, to));
    this.mails.splice(0, this.mails.length, ...kept);
    return before - kept.length;
  }

  /**
   * The newest kept message matching `predicate`, or the first to arrive within `timeoutMs`. Event-driven: no
   * polling. Rejects with a `MailError` (408701) on timeout.
   */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
    const kept = this.mails.find(predicate);
    if (kept) return Promise.resolve(kept);
    return new Promise((resolve, reject) => {
      const onMail = (mail: CaughtMail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        this.arrivals.off('mail', onMail);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.arrivals.off('mail', onMail);
        reject(new MailError('WAIT_TIMEOUT', `no matching mail arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      this.arrivals.on('mail', onMail);
    });
  }

  /** Stops listening; open sessions get up to 2 s to finish. */
  async close(): Promise<void> {
    if (!this.server.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const receivedAt = new Date();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      // Past the limit, keep draining (the client is still sending) but stop buffering; smtp-server replies 552.
      if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
    }
    if (stream.sizeExceeded) {
      this.logger.warn(`refused a message of ${stream.byteLength} bytes (too large) from ${session.remoteAddress}`);
      throw Object.assign(new Error('message exceeds fixed maximum message size'), { responseCode: 552 });
    }
    const raw = Buffer.concat(chunks);
    // mailparser loads with the first message caught, not at start: about 7 MB of V8 heap an idle API need not hold.
    const { simpleParser } = await import('mailparser');
    const mail = toCaughtMail(await simpleParser(raw), session.envelope, raw.length, receivedAt);
    this.mails.unshift(mail);
    this.mails.length = Math.min(this.mails.length, this.maxMessages);
    this.logger.info(`caught ${mail.id} ${mail.messageId ?? '(no Message-ID)'} from ${maskAddress(mail.from)} to ${mail.to.map(maskAddress).join(', ')}: ${JSON.stringify(mail.subject)}`);
    this.arrivals.emit('mail', mail);
    return `queued as ${mail.id}`;
  }
}

/** Binds the server; rejects with the bind error (port taken, unknown host) instead of emitting it later. */
function listen(server: SMTPServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
}

function deliveredTo(mail: CaughtMail, address: string): boolean {
  return mail.to.some((to) => to.toLowerCase() === address);
}
