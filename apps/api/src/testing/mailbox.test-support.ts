/**
 * The real SMTP server of the tests (`tools/infra` smtp: an SMTP listener with an HTTP API listing what it caught),
 * named by `E2E_SMTP_URL` and `E2E_SMTP_API_URL` (`npm test` starts it and sets both). A test that reads mail starts
 * its API server with `{ SMTP_URL: realSmtp().smtpUrl }` and reads the messages sent to its own, unique, addresses.
 */
import { sleep } from './api-client.test-support.js';

/** One caught message, as the SMTP server's HTTP API lists it. */
export interface CaughtMessage {
  readonly id: string;
  readonly from: string;
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly receivedAt: string;
  readonly [key: string]: unknown;
}

/** The SMTP server's addresses; throws, saying how to start it, when the variables are unset. */
export function realSmtp(): { smtpUrl: string; apiUrl: string } {
  const smtpUrl = process.env.E2E_SMTP_URL;
  const apiUrl = process.env.E2E_SMTP_API_URL;
  if (!smtpUrl || !apiUrl) {
    throw new Error('E2E_SMTP_URL and E2E_SMTP_API_URL are not set: these tests read mail from a real SMTP server. Start it with '
      + '`bash tools/infra/infra.sh start smtp && eval "$(bash tools/infra/infra.sh env smtp | sed s/SMTP_/E2E_SMTP_/g)"`, or run `npm test` at the root.');
  }
  return { smtpUrl, apiUrl };
}

/** The messages to `to` (newest first). */
export async function mailTo(to: string): Promise<CaughtMessage[]> {
  const { apiUrl } = realSmtp();
  const response = await fetch(`${apiUrl}/messages?to=${encodeURIComponent(to)}&limit=100`);
  if (!response.ok) throw new Error(`SMTP server API: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { items: CaughtMessage[] };
  return body.items;
}

/** Waits (up to `timeoutMs`) for the `count`-th message to `to` and answers the messages, newest first. */
export async function waitForMail(to: string, count = 1, timeoutMs = 15_000): Promise<CaughtMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await mailTo(to);
    if (items.length >= count) return items;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms (found ${items.length})`);
    await sleep(200);
  }
}

/** The first link in a message's text part whose path ends with `path` (e.g. `/password-recovery`), as a URL. */
export function linkIn(message: CaughtMessage, path: string): URL {
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.endsWith(path)) return url;
  }
  throw new Error(`no link to ${path} in the mail "${message.subject}"`);
}
