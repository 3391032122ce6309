import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PersonalDataErasers } from '../../platform/erasure/personal-data-erasers.js';
import { MAIL_ERROR_CODES, type MailService } from '@auction/mail';
import { crashPoint } from '../../platform/engine/crash-point.js';
import { CLOCK, FANOUT, MAIL_SERVICE, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { MailOutbox, type OutboxRow } from './mail-outbox.js';

/** The subject and body of a batch's mails (a lead campaign keeps them once, its outbox rows name only the recipient). */
export type BatchContent = (batch: string) => Promise<{ subject: string; html: string; text: string } | null>;

/** Mails taken per round, and sent at once. */
const BATCH = 10;
/** A claimed mail is the claimer's for this long; after it (the claimer died) another sender takes it. */
const LEASE_MS = 120_000;
/** How often the outbox is looked at when nothing woke the sender. */
const POLL_MS = 1_000;
/** Attempts (each with the mailer's own quick retries) before a mail is FAILED. */
const MAX_ATTEMPTS = 6;

/**
 * Sends the outbox's mails in the background, never inside the request that queued them: claims a few due mails,
 * sends each through the product's mailer with the outbox id as its Message-ID, and marks it SENT as soon as the relay
 * took it. A transient failure is tried again later (30 s, doubling, up to {@link MAX_ATTEMPTS}); a refusal is FAILED.
 * On shutdown it stops claiming, stops the mailer's retries and gives back the mails not taken by the relay; the mails
 * in flight are marked before the process ends, so a restart sends none of them again.
 * At-least-once: only a process killed between the relay's acceptance and the mark (one SMTP round trip) can send a
 * mail twice, and then with the same Message-ID.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailSender');
  readonly outbox: MailOutbox;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Aborted on shutdown: the mailer stops retrying, and the mails not sent are given back at once. */
  private readonly stopping = new AbortController();
  private batchContent: BatchContent | null = null;

  constructor(
    @Inject(MAIL_SERVICE) private readonly mail: MailService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FANOUT) fanout: Fanout,
    erasers: PersonalDataErasers,
  ) {
    this.outbox = new MailOutbox(fanout.db);
    erasers.register({ name: 'mail outbox', forgetEmail: (email) => this.outbox.forgetAddress(email) });
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  /** Where the mails of a batch find their subject and body (the lead campaigns). */
  useBatchContent(content: BatchContent): void {
    this.batchContent = content;
  }

  /** Looks at the outbox now (after a mail was queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().finally(() => {
        this.running = null;
        const more = this.again;
        this.again = false;
        this.schedule(more ? 0 : POLL_MS);
      });
    }, ms);
    this.timer.unref();
  }

  /** Sends due mails until none is left (or the sender stops). */
  private async round(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const rows = await this.outbox.claim(BATCH, this.clock.now(), LEASE_MS);
        if (rows.length === 0) return;
        await Promise.all(rows.map((row) => this.sendOne(row)));
      }
    } catch (error) {
      this.logger.warn(`outbox round failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    if (this.stopped) {
      await this.outbox.release([row.id]);
      return;
    }
    const content = row.batch !== null && row.html === '' ? await this.batchContent?.(row.batch) : row;
    if (!content) {
      await this.outbox.markFailed(row.id, MAIL_ERROR_CODES.INPUT_INVALID);
      return;
    }
    const result = await this.mail.mailer.send({
      to: row.recipients, cc: row.cc, subject: content.subject, html: content.html, text: content.text, messageKey: row.id,
    }, { signal: this.stopping.signal });
    crashPoint('mail-sent-before-mark');
    if (result.status === 'sent') {
      await this.outbox.markSent(row.id, this.clock.now());
      return;
    }
    if (this.stopping.signal.aborted) {
      // Stopped before the relay took it: due again at once, on the next start or on another instance.
      await this.outbox.release([row.id]);
      return;
    }
    const transient = result.errorCode === MAIL_ERROR_CODES.UNAVAILABLE;
    if (transient && row.attempts < MAX_ATTEMPTS) {
      await this.outbox.retryAt(row.id, this.clock.now() + 30_000 * 2 ** (row.attempts - 1), result.errorCode);
    } else {
      await this.outbox.markFailed(row.id, result.errorCode);
    }
  }
}
