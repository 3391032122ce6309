import { consoleMailLogger, type MailLogger } from './logger.js';
import { Mailer, type MailerOptions } from './mailer.js';
import { redactSmtpUrl, parseSmtpUrl, type MailEnv } from './smtp-config.js';
import { SmtpCatcher, type SmtpCatcherOptions } from './smtp-catcher.js';

/** The product's mail: a mailer, and the in-process catcher it sends to when no relay is configured. */
export interface MailService {
  readonly mailer: Mailer;
  /** The embedded catcher (its mail is for the log and administrators), `null` when `SMTP_URL` names a relay. */
  readonly catcher: SmtpCatcher | null;
  close(): Promise<void>;
}

/** Options of {@link openMailService} besides the environment. */
export interface MailServiceOptions {
  readonly logger?: MailLogger;
  readonly mailer?: Omit<MailerOptions, 'smtpUrl' | 'from' | 'logger'>;
  /** For the embedded catcher (host and port default to loopback and a free port). */
  readonly catcher?: Omit<SmtpCatcherOptions, 'logger'>;
}

/**
 * Mail as the environment says: with `SMTP_URL` a {@link Mailer} to that relay; without it (the embedded default)
 * an in-process {@link SmtpCatcher} on loopback and a mailer pointed at it, so every mail the product sends is
 * real SMTP, caught, logged and listable. Throws a `MailError` (500701) for a bad `SMTP_URL` or `MAIL_FROM`.
 */
export async function openMailService(env: MailEnv, options: MailServiceOptions = {}): Promise<MailService> {
  const logger = options.logger ?? consoleMailLogger;
  if (env.SMTP_URL) {
    const mailer = new Mailer({ ...options.mailer, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
    logger.info(`sending mail through ${redactSmtpUrl(parseSmtpUrl(env.SMTP_URL))} as ${mailer.from.address}`);
    return { mailer, catcher: null, close: async () => mailer.close() };
  }
  const catcher = await SmtpCatcher.start({ ...options.catcher, logger });
  const mailer = new Mailer({ ...options.mailer, smtpUrl: catcher.url, from: env.MAIL_FROM, logger });
  logger.info('SMTP_URL is unset: mail stays in the embedded catcher');
  return {
    mailer,
    catcher,
    close: async () => {
      mailer.close();
      await catcher.close();
    },
  };
}
