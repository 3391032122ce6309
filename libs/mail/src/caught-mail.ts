import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import type { SMTPServerEnvelope } from 'smtp-server';

/**
 * One message an {@link SmtpCatcher} received, as JSON can carry it (the HTTP API serves exactly this shape).
 * `to` is the SMTP envelope's recipients, Bcc included: who the message was delivered to, not what its header says.
 */
export interface CaughtMail {
  /** The catcher's own id (the Message-ID header may be missing or repeated). */
  readonly id: string;
  /** The `Message-ID` header, angle brackets included; `null` when the message had none. */
  readonly messageId: string | null;
  /** The `From` header's address, else the envelope sender. */
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  /** `null` for a text-only message. */
  readonly html: string | null;
  /** The `Date` header, else the time of receipt (ISO 8601). */
  readonly date: string;
  /** When the catcher received it (ISO 8601). */
  readonly receivedAt: string;
  /** Size of the raw message in bytes. */
  readonly size: number;
  /** Header lines by lower-case name; a repeated header's values are joined with a line break. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A caught message from what mailparser made of it and the SMTP session's envelope. */
export function toCaughtMail(parsed: ParsedMail, envelope: SMTPServerEnvelope, size: number, receivedAt: Date): CaughtMail {
  const headerFrom = parsed.from?.value.find((box) => box.address)?.address;
  const envelopeFrom = envelope.mailFrom ? envelope.mailFrom.address : '';
  return {
    id: randomUUID(),
    messageId: parsed.messageId ?? null,
    from: headerFrom ?? envelopeFrom,
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    date: (parsed.date ?? receivedAt).toISOString(),
    receivedAt: receivedAt.toISOString(),
    size,
    headers: headerRecord(parsed.headerLines),
  };
}

function headerRecord(lines: ParsedMail['headerLines']): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    // `line` is the raw `Name: value` (folded lines kept): keep the value, unfolded.
    const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return headers;
}
