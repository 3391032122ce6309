/** Where the mailer and the catcher report what they did: one line per sent or caught message. */
export interface MailLogger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
}

/** Default logger: one `[mail]` line on the console per message, so an operator can find a mail by its id. */
export const consoleMailLogger: MailLogger = {
  info: (message, extra) => console.info(`[mail] ${message}`, ...(extra ? [extra] : [])),
  warn: (message, extra) => console.warn(`[mail] ${message}`, ...(extra ? [extra] : [])),
};

/** A logger that drops everything (tests that assert on results, not on logs). */
export const silentMailLogger: MailLogger = { info: () => {}, warn: () => {} };
