import type { LoggerService } from '@nestjs/common';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

/** Structured logger: one JSON object per line (or a readable line with LOG_FORMAT=pretty). */
export class JsonLogger implements LoggerService {
  constructor(private readonly level: Level, private readonly format: 'json' | 'pretty') {}

  log(message: unknown, context?: string): void { this.write('info', message, context); }
  error(message: unknown, trace?: string, context?: string): void { this.write('error', message, context, trace); }
  warn(message: unknown, context?: string): void { this.write('warn', message, context); }
  debug(message: unknown, context?: string): void { this.write('debug', message, context); }
  verbose(message: unknown, context?: string): void { this.write('debug', message, context); }

  /** Logs a message with structured fields. */
  info(msg: string, fields: Record<string, unknown> = {}, context?: string): void {
    this.write('info', msg, context, undefined, fields);
  }

  private write(level: Level, message: unknown, context?: string, trace?: string, fields: Record<string, unknown> = {}): void {
    if (LEVELS[level] < LEVELS[this.level]) return;
    const msg = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    if (this.format === 'pretty') {
      const extra = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : '';
      stream.write(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${context ? `[${context}] ` : ''}${msg}${extra}${trace ? `\n${trace}` : ''}\n`);
      return;
    }
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, context, msg, ...fields, ...(trace ? { trace } : {}) })}\n`);
  }
}
