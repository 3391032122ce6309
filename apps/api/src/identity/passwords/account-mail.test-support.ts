/**
 * Reading the account mails (recovery, first password, invitation) back from the real SMTP server in the e2e tests.
 * Demo addresses (`dealer2@demo.example`) keep the mail of earlier runs there, so a test first marks what an
 * address already holds as seen, then waits for a message it has not seen.
 */
import { linkIn, mailTo, type CaughtMessage } from '../../testing/mailbox.test-support.js';
import { sleep } from '../../testing/server.test-support.js';

/** The messages of the run, by id, already looked at. */
export class MailReader {
  private readonly seen = new Set<string>();

  /** Marks every message already sent to `to` as seen. */
  async skipExisting(to: string): Promise<void> {
    for (const m of await mailTo(to)) this.seen.add(m.id);
  }

  /** Waits for an unseen message to `to` with a link to `path` carrying a `tag` (marks it seen); answers the link. */
  async nextTagLink(to: string, path: string, timeoutMs = 15_000): Promise<{ message: CaughtMessage; link: URL }> {
    const message = await this.next(to, (m) => hasTagLink(m, path), timeoutMs);
    return { message, link: linkIn(message, path) };
  }

  /** Waits for an unseen message to `to` matching `accept` (marks it seen). */
  async next(to: string, accept: (m: CaughtMessage) => boolean, timeoutMs = 15_000): Promise<CaughtMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Oldest first: two links mailed in a row come in the order they were sent.
      const found = (await mailTo(to)).reverse().find((m) => !this.seen.has(m.id) && accept(m));
      if (found) {
        this.seen.add(found.id);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no new mail to ${to} within ${timeoutMs} ms`);
      await sleep(200);
    }
  }

  /** The unseen messages to `to` (for "no mail was sent"). */
  async unseen(to: string): Promise<CaughtMessage[]> {
    return (await mailTo(to)).filter((m) => !this.seen.has(m.id));
  }
}

function hasTagLink(message: CaughtMessage, path: string): boolean {
  try {
    return linkIn(message, path).searchParams.has('tag');
  } catch {
    return false;
  }
}
