import { createHash } from 'node:crypto';
import type { ReadModelDb } from '@auction/read-models';
import { PUSH_DELIVERY_STATES, type PushDeliveryState } from '@auction/contracts';
import { sideTable } from '../../platform/engine/side-table.js';

const NOTIFICATIONS = 'public.push_notifications';
const DELIVERIES = 'public.push_deliveries';
const TOKENS = 'public.push_tokens';

/** A notification as recorded: its message once; one delivery row per device of its recipients. */
export interface PushNotificationRecord {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly type: string;
  readonly data: Readonly<Record<string, string>>;
  readonly source: 'ADMIN' | 'OUTBID';
  readonly createdBy: string;
  readonly createdAt: number;
  readonly recipients: number;
}

/** One device's delivery, as the sender claims it. */
export interface PushDeliveryRow {
  readonly id: string;
  readonly idNotification: string;
  readonly idUser: string;
  readonly token: string;
  readonly state: PushDeliveryState;
  readonly attempts: number;
  readonly sentAt: number | null;
  readonly errorCode: number | null;
  readonly fcmMessage: string | null;
}

interface DeliveryDbRow { id: string; id_notification: string; id_user: string; token: string; state: PushDeliveryState; attempts: number; sent_at: string | null; error_code: number | null; fcm_message: string | null }
const COLUMNS = 'id, id_notification, id_user, token, state, attempts, sent_at, error_code, fcm_message';
const rowOf = (r: DeliveryDbRow): PushDeliveryRow => ({
  id: r.id, idNotification: r.id_notification, idUser: r.id_user, token: r.token, state: r.state, attempts: Number(r.attempts),
  sentAt: r.sent_at === null ? null : Number(r.sent_at), errorCode: r.error_code === null ? null : Number(r.error_code), fcmMessage: r.fcm_message,
});

/** A delivery's id: the notification and the device, so recording it twice adds nothing. */
export const deliveryIdOf = (idNotification: string, token: string) => `${idNotification}:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;

/**
 * The push outbox: two side tables beside the log (as the mail outbox). A request only inserts the notification and one
 * QUEUED delivery per registered device of its recipients, in one transaction, and answers; the {@link PushSender}
 * claims deliveries, marking each SENDING (durable) before it calls FCM and its outcome right after. FCM v1 has no
 * idempotency key, so a delivery found SENDING after its claimer died is never sent again: it becomes UNKNOWN. Sends are
 * therefore at most once; only what FCM did not take (429, 5xx, no connection) is retried.
 */
export class PushOutbox {
  readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'push_outbox', [
      `CREATE TABLE IF NOT EXISTS ${TOKENS} (token text PRIMARY KEY, id_user text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
      `CREATE TABLE IF NOT EXISTS ${NOTIFICATIONS} (
        id text PRIMARY KEY, title text NOT NULL, body text NOT NULL, type text NOT NULL, data text NOT NULL, source text NOT NULL,
        created_by text NOT NULL, created_at bigint NOT NULL, recipients integer NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${DELIVERIES} (
        id text PRIMARY KEY, id_notification text NOT NULL, id_user text NOT NULL, token text NOT NULL, state text NOT NULL,
        attempts integer NOT NULL DEFAULT 0, next_at bigint NOT NULL, lease_until bigint, sent_at bigint, error_code integer, fcm_message text)`,
      `CREATE INDEX IF NOT EXISTS push_deliveries_due ON ${DELIVERIES} (next_at) WHERE state = 'QUEUED'`,
      `CREATE INDEX IF NOT EXISTS push_deliveries_sending ON ${DELIVERIES} (lease_until) WHERE state = 'SENDING'`,
      `CREATE INDEX IF NOT EXISTS push_deliveries_of ON ${DELIVERIES} (id_notification, id)`,
      `CREATE INDEX IF NOT EXISTS push_notifications_new ON ${NOTIFICATIONS} (created_at DESC, id)`,
    ]);
  }

  /**
   * Records a notification and a QUEUED delivery for every device registered to its users now (one transaction; a
   * notification already recorded, or one whose users have no device, records nothing). Answers how many devices it reaches.
   */
  async record(n: PushNotificationRecord, idUsers: readonly string[]): Promise<number> {
    await this.ensure();
    return this.db.transaction(async (tx) => {
      const devices = await tx.query<{ token: string; id_user: string }>(
        `SELECT token, id_user FROM ${TOKENS} WHERE id_user = ANY(SELECT json_array_elements_text($1::text::json)) ORDER BY id_user, token`, [JSON.stringify(idUsers)]);
      // No device: nothing is recorded (the request is refused, 422410; an outbid notice has no one to reach).
      if (devices.length === 0) return 0;
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO ${NOTIFICATIONS} (id, title, body, type, data, source, created_by, created_at, recipients) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [n.id, n.title, n.body, n.type, JSON.stringify(n.data), n.source, n.createdBy, n.createdAt, n.recipients]);
      if (inserted.length === 0) return 0;
      await tx.query(
        `INSERT INTO ${DELIVERIES} (id, id_notification, id_user, token, state, next_at)
         SELECT x.id, $2, x.id_user, x.token, 'QUEUED', $3 FROM json_to_recordset($1::text::json) AS x(id text, id_user text, token text)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(devices.map((d) => ({ id: deliveryIdOf(n.id, d.token), id_user: d.id_user, token: d.token }))), n.id, n.createdAt]);
      return devices.length;
    });
  }

  /** Which of `idUsers` have a device registered now (one query). */
  async usersWithDevices(idUsers: readonly string[]): Promise<ReadonlySet<string>> {
    await this.ensure();
    if (idUsers.length === 0) return new Set();
    const rows = await this.db.query<{ id_user: string }>(
      `SELECT DISTINCT id_user FROM ${TOKENS} WHERE id_user = ANY(SELECT json_array_elements_text($1::text::json))`, [JSON.stringify(idUsers)]);
    return new Set(rows.map((r) => r.id_user));
  }

  /**
   * Settles what a dead sender left: a delivery SENDING past its lease may have reached FCM, so it is UNKNOWN, never
   * sent again. A QUEUED delivery whose token is no longer its user's (logout, moved to another user, user erased)
   * is DROPPED. Then takes up to `limit` due deliveries, marking them SENDING until `now + leaseMs`.
   */
  async claim(limit: number, now: number, leaseMs: number, uncertainCode: number): Promise<PushDeliveryRow[]> {
    await this.ensure();
    await this.db.query(`UPDATE ${DELIVERIES} SET state = 'UNKNOWN', lease_until = NULL, error_code = $2 WHERE state = 'SENDING' AND lease_until < $1`, [now, uncertainCode]);
    await this.db.query(
      `UPDATE ${DELIVERIES} d SET state = 'DROPPED' WHERE state = 'QUEUED' AND next_at <= $1
         AND NOT EXISTS (SELECT 1 FROM ${TOKENS} t WHERE t.token = d.token AND t.id_user = d.id_user)`, [now]);
    const rows = await this.db.query<DeliveryDbRow>(
      `UPDATE ${DELIVERIES} SET state = 'SENDING', lease_until = $2, attempts = attempts + 1 WHERE id IN (
         SELECT id FROM ${DELIVERIES} WHERE state = 'QUEUED' AND next_at <= $1 ORDER BY next_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [now, now + leaseMs, limit]);
    return rows.map(rowOf);
  }

  async notification(id: string): Promise<PushNotificationRecord | null> {
    await this.ensure();
    const [r] = await this.db.query<{ id: string; title: string; body: string; type: string; data: string; source: 'ADMIN' | 'OUTBID'; created_by: string; created_at: string; recipients: number }>(
      `SELECT * FROM ${NOTIFICATIONS} WHERE id = $1`, [id]);
    return r ? {
      id: r.id, title: r.title, body: r.body, type: r.type, data: JSON.parse(r.data) as Record<string, string>, source: r.source,
      createdBy: r.created_by, createdAt: Number(r.created_at), recipients: Number(r.recipients),
    } : null;
  }

  /** FCM took it (its message name): never sent again. */
  async markSent(id: string, now: number, fcmMessage: string): Promise<void> {
    await this.db.query(`UPDATE ${DELIVERIES} SET state = 'SENT', sent_at = $2, fcm_message = $3, lease_until = NULL, error_code = NULL WHERE id = $1`, [id, now, fcmMessage]);
  }

  /** Settles a delivery in a final state (FAILED, DROPPED, UNKNOWN). */
  async markFinal(id: string, state: 'FAILED' | 'DROPPED' | 'UNKNOWN', errorCode: number | null): Promise<void> {
    await this.db.query(`UPDATE ${DELIVERIES} SET state = $2, lease_until = NULL, error_code = $3 WHERE id = $1`, [id, state, errorCode]);
  }

  /** FCM did not take it: QUEUED again, due at `nextAt`. */
  async retryAt(id: string, nextAt: number, errorCode: number): Promise<void> {
    await this.db.query(`UPDATE ${DELIVERIES} SET state = 'QUEUED', next_at = $2, lease_until = NULL, error_code = $3 WHERE id = $1`, [id, nextAt, errorCode]);
  }

  /** Gives back deliveries claimed but not sent (a sender stopping before calling FCM): attempts not counted. */
  async release(id: string): Promise<void> {
    await this.db.query(`UPDATE ${DELIVERIES} SET state = 'QUEUED', lease_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE id = $1 AND state = 'SENDING'`, [id]);
  }

  /** The notifications, newest first, paged, with their devices counted by state. */
  async page(limit: number, offset: number): Promise<{ total: number; items: (PushNotificationRecord & { counts: Record<PushDeliveryState, number> })[] }> {
    await this.ensure();
    const [count] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${NOTIFICATIONS}`);
    const ids = await this.db.query<{ id: string }>(`SELECT id FROM ${NOTIFICATIONS} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [limit, offset]);
    const items = [];
    for (const { id } of ids) {
      const n = await this.notification(id);
      if (n) items.push({ ...n, counts: await this.countsOf(id) });
    }
    return { total: Number(count?.n ?? 0), items };
  }

  async countsOf(idNotification: string): Promise<Record<PushDeliveryState, number>> {
    await this.ensure();
    const counts = Object.fromEntries(PUSH_DELIVERY_STATES.map((s) => [s, 0])) as Record<PushDeliveryState, number>;
    const rows = await this.db.query<{ state: PushDeliveryState; n: string }>(`SELECT state, count(*) AS n FROM ${DELIVERIES} WHERE id_notification = $1 GROUP BY state`, [idNotification]);
    for (const r of rows) counts[r.state] = Number(r.n);
    return counts;
  }

  /** A notification's deliveries, by user then device, paged. */
  async deliveries(idNotification: string, limit: number, offset: number): Promise<{ total: number; items: PushDeliveryRow[] }> {
    await this.ensure();
    const [count] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${DELIVERIES} WHERE id_notification = $1`, [idNotification]);
    const rows = await this.db.query<DeliveryDbRow>(`SELECT ${COLUMNS} FROM ${DELIVERIES} WHERE id_notification = $1 ORDER BY id_user, id LIMIT $2 OFFSET $3`, [idNotification, limit, offset]);
    return { total: Number(count?.n ?? 0), items: rows.map(rowOf) };
  }
}
