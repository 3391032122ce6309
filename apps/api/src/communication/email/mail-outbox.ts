import type { ReadModelDb } from '@auction/read-models';
import { API_ERROR_CODES, type OutboxState } from '@auction/contracts';
import { sideTable } from '../../platform/engine/side-table.js';

const TABLE = 'public.mail_outbox';
/** A mail not sent because its only recipient's address was erased (the right to erasure). */
const RECIPIENT_ERASED = API_ERROR_CODES.MAIL_RECIPIENT_ERASED;

/** One mail waiting to be sent, or sent, as the outbox keeps it. */
export interface OutboxMail {
  readonly id: string;
  /** The lead campaign it belongs to, `null` for a single e-mail. */
  readonly batch: string | null;
  readonly recipients: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly createdBy: string;
}

export interface OutboxRow extends OutboxMail {
  readonly state: OutboxState;
  readonly attempts: number;
  readonly createdAt: number;
  readonly sentAt: number | null;
  readonly errorCode: number | null;
}

interface DbRow {
  id: string; batch: string | null; recipients: string; cc: string; subject: string; html: string; text: string; created_by: string;
  state: OutboxState; attempts: number; created_at: string; sent_at: string | null; error_code: number | null;
}

const COLUMNS = 'id, batch, recipients, cc, subject, html, text, created_by, state, attempts, created_at, sent_at, error_code';

function rowOf(r: DbRow): OutboxRow {
  return {
    id: r.id, batch: r.batch, recipients: JSON.parse(r.recipients) as string[], cc: JSON.parse(r.cc) as string[], subject: r.subject, html: r.html,
    text: r.text, createdBy: r.created_by, state: r.state, attempts: Number(r.attempts), createdAt: Number(r.created_at),
    sentAt: r.sent_at === null ? null : Number(r.sent_at), errorCode: r.error_code === null ? null : Number(r.error_code),
  };
}

/**
 * The mail outbox: one SQL table beside the log on the read models' connection (as the idempotency keys), outside the
 * read-model schema. A request that sends mail only inserts here (durable before it answers); the {@link MailSender}
 * claims rows with a lease, sends them and marks each SENT at once, so a restart sends only what was not marked.
 * A row is claimed by one sender at a time (`FOR UPDATE SKIP LOCKED`, a lease for a sender that died).
 */
export class MailOutbox {
  readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'mail_outbox', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        id text PRIMARY KEY, batch text, recipients text NOT NULL, cc text NOT NULL, subject text NOT NULL, html text NOT NULL,
        text text NOT NULL, created_by text NOT NULL, state text NOT NULL, attempts integer NOT NULL DEFAULT 0,
        next_at bigint NOT NULL, lease_until bigint, created_at bigint NOT NULL, sent_at bigint, error_code integer)`,
      `CREATE INDEX IF NOT EXISTS mail_outbox_due ON ${TABLE} (next_at) WHERE state = 'QUEUED'`,
      `CREATE INDEX IF NOT EXISTS mail_outbox_batch ON ${TABLE} (batch, state) WHERE batch IS NOT NULL`,
    ]);
  }

  /** Queues mails (all or none); a row whose id is already queued is left as it is (a retried insert adds nothing). */
  async enqueue(mails: readonly OutboxMail[], now: number): Promise<void> {
    await this.ensure();
    await this.db.query(
      `INSERT INTO ${TABLE} (id, batch, recipients, cc, subject, html, text, created_by, state, next_at, created_at)
       SELECT x.id, x.batch, x.recipients, x.cc, x.subject, x.html, x.text, x.created_by, 'QUEUED', x.created_at, x.created_at
       FROM json_to_recordset($1::text::json) AS x(id text, batch text, recipients text, cc text, subject text, html text, text text, created_by text, created_at bigint)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(mails.map((m) => ({
        id: m.id, batch: m.batch, recipients: JSON.stringify(m.recipients), cc: JSON.stringify(m.cc), subject: m.subject, html: m.html, text: m.text,
        created_by: m.createdBy, created_at: now,
      })))],
    );
  }

  /** Takes up to `limit` due mails for `leaseMs` (others skip them; a lease that ran out is taken again). */
  async claim(limit: number, now: number, leaseMs: number): Promise<OutboxRow[]> {
    await this.ensure();
    const rows = await this.db.query<DbRow>(
      `UPDATE ${TABLE} SET lease_until = $2, attempts = attempts + 1 WHERE id IN (
         SELECT id FROM ${TABLE} WHERE state = 'QUEUED' AND next_at <= $1 AND (lease_until IS NULL OR lease_until < $1)
         ORDER BY next_at, created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [now, now + leaseMs, limit],
    );
    return rows.map(rowOf).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  /** The relay took it: never sent again. */
  async markSent(id: string, now: number): Promise<void> {
    await this.db.query(`UPDATE ${TABLE} SET state = 'SENT', sent_at = $2, lease_until = NULL, error_code = NULL WHERE id = $1`, [id, now]);
  }

  /** A permanent refusal (or the last attempt failed). */
  async markFailed(id: string, errorCode: number): Promise<void> {
    await this.db.query(`UPDATE ${TABLE} SET state = 'FAILED', lease_until = NULL, error_code = $2 WHERE id = $1`, [id, errorCode]);
  }

  /** A transient failure: due again at `nextAt`. */
  async retryAt(id: string, nextAt: number, errorCode: number): Promise<void> {
    await this.db.query(`UPDATE ${TABLE} SET next_at = $2, lease_until = NULL, error_code = $3 WHERE id = $1`, [id, nextAt, errorCode]);
  }

  /** Gives back the leases of mails claimed but not tried (a sender stopping). */
  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(`UPDATE ${TABLE} SET lease_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE id = ANY(SELECT json_array_elements_text($1::text::json))`, [JSON.stringify(ids)]);
  }

  async get(id: string): Promise<OutboxRow | null> {
    await this.ensure();
    const [row] = await this.db.query<DbRow>(`SELECT ${COLUMNS} FROM ${TABLE} WHERE id = $1`, [id]);
    return row ? rowOf(row) : null;
  }

  /** A batch's mails, in the order queued (their ids sort as queued), paged. */
  async ofBatch(batch: string, limit: number, offset: number): Promise<{ total: number; items: OutboxRow[] }> {
    await this.ensure();
    const rows = await this.db.query<DbRow & { total: string }>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${TABLE} WHERE batch = $1 ORDER BY id LIMIT $2 OFFSET $3`, [batch, limit, offset]);
    const total = rows[0] ? Number(rows[0].total) : (await this.countAll(batch));
    return { total, items: rows.map(rowOf) };
  }

  private async countAll(batch: string): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE} WHERE batch = $1`, [batch]);
    return Number(row?.n ?? 0);
  }

  /** How many mails of a batch are in each state. */
  async countsOf(batch: string): Promise<Record<OutboxState, number>> {
    await this.ensure();
    const rows = await this.db.query<{ state: OutboxState; n: string }>(`SELECT state, count(*) AS n FROM ${TABLE} WHERE batch = $1 GROUP BY state`, [batch]);
    const counts: Record<OutboxState, number> = { QUEUED: 0, SENT: 0, FAILED: 0 };
    for (const r of rows) counts[r.state] = Number(r.n);
    return counts;
  }

  /**
   * The right to erasure: the address leaves every mail it is a recipient or cc of. A queued mail left without recipients
   * is not sent (FAILED, 410350); a single e-mail (no batch) to the person loses its subject and body too (a message to
   * them), a campaign's mail keeps the campaign's. Answers the mails changed.
   */
  async forgetAddress(email: string): Promise<number> {
    await this.ensure();
    const needle = email.trim().toLowerCase();
    if (!needle) return 0;
    const rows = await this.db.query<DbRow>(
      `SELECT ${COLUMNS} FROM ${TABLE} WHERE strpos(lower(recipients), $1) > 0 OR strpos(lower(cc), $1) > 0`, [needle]);
    let changed = 0;
    for (const row of rows.map(rowOf)) {
      const keep = (list: readonly string[]) => list.filter((a) => a.trim().toLowerCase() !== needle);
      const [recipients, cc] = [keep(row.recipients), keep(row.cc)];
      if (recipients.length === row.recipients.length && cc.length === row.cc.length) continue;
      const personal = row.batch === null;
      const nothingLeft = recipients.length === 0 && cc.length === 0;
      await this.db.query(
        `UPDATE ${TABLE} SET recipients = $2, cc = $3, subject = CASE WHEN $4 THEN '' ELSE subject END, html = CASE WHEN $4 THEN '' ELSE html END,
           text = CASE WHEN $4 THEN '' ELSE text END,
           state = CASE WHEN state = 'QUEUED' AND $5 THEN 'FAILED' ELSE state END,
           error_code = CASE WHEN state = 'QUEUED' AND $5 THEN ${RECIPIENT_ERASED} ELSE error_code END
         WHERE id = $1`,
        [row.id, JSON.stringify(recipients), JSON.stringify(cc), personal, nothingLeft]);
      changed++;
    }
    return changed;
  }
}
