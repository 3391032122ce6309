/** Where the transport, the Kafka adapter and the relay report trouble. */
export interface TransportLogger {
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  /** Optional: routine events (consumer restarts recovered, topics created). */
  info?(message: string, extra?: Record<string, unknown>): void;
}

/** Default logger: warnings and errors on `console.warn`, nothing else. */
export const consoleTransportLogger: TransportLogger = {
  warn: (message, extra) => console.warn(`[messaging] ${message}`, ...(extra ? [extra] : [])),
  error: (message, extra) => console.warn(`[messaging] ERROR ${message}`, ...(extra ? [extra] : [])),
};

/** Short text of any thrown value, for logs and stats. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
