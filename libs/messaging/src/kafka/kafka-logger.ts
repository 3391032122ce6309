import { logLevel, type logCreator } from 'kafkajs';
import type { TransportLogger } from '../transport/transport-logger.js';

/** kafkajs log level used by our clients: warnings and errors only. */
export const KAFKA_LOG_LEVEL = logLevel.WARN;

/** The same kafkajs line is logged at most once per this window (a broker outage repeats them many times a second). */
const REPEAT_WINDOW_MS = 5_000;

/** A kafkajs line not to log: a pattern of its message, or a test of its message and details. */
export type KafkaLogIgnore = RegExp | ((message: string, extra: Record<string, unknown>) => boolean);

/** Routes kafkajs' own log lines to a {@link TransportLogger}, minus those `ignore` matches, repeats folded. */
export function kafkaLogCreator(logger: TransportLogger, ignore: readonly KafkaLogIgnore[] = []): logCreator {
  const recent = new Map<string, { at: number; suppressed: number }>();
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _name, ...extra } = log;
      if (ignore.some((rule) => (rule instanceof RegExp ? rule.test(message) : rule(message, extra)))) return;
      const key = `${level} ${namespace} ${message}`;
      const now = Date.now();
      const seen = recent.get(key);
      if (seen && now - seen.at < REPEAT_WINDOW_MS) {
        seen.suppressed += 1;
        return;
      }
      if (recent.size > 500) recent.clear();
      recent.set(key, { at: now, suppressed: 0 });
      const details: Record<string, unknown> = seen?.suppressed ? { ...extra, repeatedTimes: seen.suppressed } : extra;
      const text = `kafkajs ${namespace}: ${message}`;
      if (level === logLevel.ERROR) logger.error(text, details);
      else if (level === logLevel.WARN) logger.warn(text, details);
      else logger.info?.(text, details);
    };
}
