import { ERROR_CODES } from '@auction/domain';
import type { FcmMessage, FcmResult } from './fcm-client.js';
import type { PushDeliveryRow, PushNotificationRecord, PushOutbox } from './push-outbox.js';

/** What the sender needs of FCM (the {@link FcmClient}; a fake in the unit tests). */
export interface FcmPort {
  send(message: FcmMessage): Promise<FcmResult>;
}

export interface PushSenderOptions {
  readonly outbox: PushOutbox;
  readonly fcm: FcmPort;
  readonly now: () => number;
  /** Forgets a dead device token (FCM answered UNREGISTERED). */
  readonly dropToken: (token: string) => Promise<void>;
  readonly log?: (line: string) => void;
  /** How the logs name the receiving end: FCM, or the local FCM-protocol test double. */
  readonly fcmName?: string;
  /** Deliveries taken per round, sent at once. */
  readonly batch?: number;
  /** A delivery SENDING longer than this (its sender died) becomes UNKNOWN. */
  readonly leaseMs?: number;
  readonly maxAttempts?: number;
  /** First retry delay (doubles with each attempt, up to 10 minutes), unless FCM's Retry-After says longer. */
  readonly backoffMs?: number;
  readonly pollMs?: number;
}

/**
 * Delivers the push outbox in the background, never inside the request that recorded it: each round claims due
 * deliveries (marked SENDING, durable, before FCM is called), sends each through FCM HTTP v1 and records its outcome at
 * once. SENT keeps FCM's message name. UNREGISTERED: the token is dropped and the delivery DROPPED. 429 and 5xx (and a
 * connection that never opened, or credentials to renew): QUEUED again after a back-off (Retry-After when longer),
 * FAILED after `maxAttempts`. A timeout after the request left, or a crash between FCM's answer and the record: UNKNOWN,
 * never sent again (FCM v1 has no idempotency key: at most once, so nothing FCM accepted goes out twice).
 */
export class PushSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly contents = new Map<string, PushNotificationRecord | null>();
  private readonly o: Required<Omit<PushSenderOptions, 'log'>> & Pick<PushSenderOptions, 'log'>;

  constructor(options: PushSenderOptions) {
    this.o = { batch: 10, leaseMs: 120_000, maxAttempts: 6, backoffMs: 5_000, pollMs: 1_000, fcmName: 'FCM', ...options };
  }

  start(): void {
    this.schedule(0);
  }

  /** Looks at the outbox now (something was recorded). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: sends every due delivery (the tests call it directly). */
  async round(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = await this.o.outbox.claim(this.o.batch, this.o.now(), this.o.leaseMs, ERROR_CODES.PUSH_DELIVERY_UNCERTAIN);
      if (rows.length === 0) return;
      await Promise.all(rows.map((row) => this.deliver(row)));
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round()
        .catch((error: unknown) => this.o.log?.(`push round failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          this.running = null;
          const more = this.again;
          this.again = false;
          this.schedule(more ? 0 : this.o.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async content(idNotification: string): Promise<PushNotificationRecord | null> {
    if (!this.contents.has(idNotification)) {
      if (this.contents.size > 1000) this.contents.clear();
      this.contents.set(idNotification, await this.o.outbox.notification(idNotification));
    }
    return this.contents.get(idNotification) ?? null;
  }

  private async deliver(row: PushDeliveryRow): Promise<void> {
    const n = await this.content(row.idNotification);
    if (!n) return this.o.outbox.markFinal(row.id, 'FAILED', ERROR_CODES.PUSH_NOTIFICATION_NOT_FOUND);
    if (this.stopped) return this.o.outbox.release(row.id);
    const result = await this.o.fcm.send({ token: row.token, title: n.title, body: n.body, data: n.data });
    const device = `…${row.token.slice(-6)}`;
    switch (result.kind) {
      case 'sent':
        await this.o.outbox.markSent(row.id, this.o.now(), result.name);
        this.o.log?.(`push "${n.title}" accepted by ${this.o.fcmName} for user ${row.idUser}, device ${device} (${result.name})`);
        return;
      case 'unregistered':
        await this.o.dropToken(row.token);
        await this.o.outbox.markFinal(row.id, 'DROPPED', ERROR_CODES.PUSH_TOKEN_UNREGISTERED);
        this.o.log?.(`push: device ${device} of user ${row.idUser} is UNREGISTERED at ${this.o.fcmName}: token dropped`);
        return;
      case 'uncertain':
        await this.o.outbox.markFinal(row.id, 'UNKNOWN', ERROR_CODES.PUSH_DELIVERY_UNCERTAIN);
        return;
      case 'refused':
        await this.o.outbox.markFinal(row.id, 'FAILED', result.errorCode);
        return;
      case 'retry': {
        if (row.attempts >= this.o.maxAttempts) return this.o.outbox.markFinal(row.id, 'FAILED', result.errorCode);
        const backoff = Math.min(this.o.backoffMs * 2 ** (row.attempts - 1), 600_000);
        await this.o.outbox.retryAt(row.id, this.o.now() + Math.max(backoff, result.retryAfterMs ?? 0), result.errorCode);
        return;
      }
    }
  }
}
