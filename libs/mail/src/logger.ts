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

/**
 * An e-mail address as a log line may show it: its first character and its domain (`a***@example.com`). Logs outlive
 * an anonymisation (they are shipped, rotated, kept by others), so they must not hold whole addresses; the domain
 * and the message id are enough to follow a delivery problem.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${[...address.slice(0, at)][0]}***${address.slice(at)}`;
}
