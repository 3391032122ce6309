/** Where the live channel reports what it started and what went wrong. Same shape as the transport's logger. */
export interface LiveLogger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

/** A logger that drops everything (tests). */
export const silentLiveLogger: LiveLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Default logger: warnings and errors on `console.warn`, nothing else. */
export const consoleLiveLogger: LiveLogger = {
  info: () => {},
  warn: (message, extra) => console.warn(`[live] ${message}`, ...(extra ? [extra] : [])),
  error: (message, extra) => console.warn(`[live] ERROR ${message}`, ...(extra ? [extra] : [])),
};

/** Short text of any thrown value, for logs. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
