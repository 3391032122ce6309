import type { ReadModelDb } from '@auction/read-models';
import type { LeadStatus } from '@auction/contracts';
import { sideTable } from '../../platform/engine/side-table.js';

const TABLE = 'public.lead_campaigns';

/** One mailing campaign as stored: its message once, its recipients, and whether it is a draft or being sent. */
export interface LeadRecord {
  readonly id: string;
  readonly name: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly recipients: readonly string[];
  readonly status: Exclude<LeadStatus, 'DONE'>;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

interface Row { id: string; name: string; subject: string; html: string; text: string; recipients: string; status: 'DRAFT' | 'SENDING'; created_by: string; created_at: string; updated_at: string }

const recordOf = (r: Row): LeadRecord => ({
  id: r.id, name: r.name, subject: r.subject, html: r.html, text: r.text, recipients: JSON.parse(r.recipients) as string[], status: r.status,
  createdBy: r.created_by, createdAt: Number(r.created_at), updatedAt: Number(r.updated_at),
});

const SORT_COLUMNS = { createdAt: 'created_at', name: 'name', status: 'status' } as const;

/**
 * The lead campaigns: a side table beside the outbox (same connection, outside the read-model schema). A campaign's
 * recipients' mails are outbox rows of its batch; DONE is not stored, it is a SENDING campaign with nothing queued.
 */
export class LeadStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'lead_campaigns', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        id text PRIMARY KEY, name text NOT NULL, subject text NOT NULL, html text NOT NULL, text text NOT NULL, recipients text NOT NULL,
        status text NOT NULL, created_by text NOT NULL, created_at bigint NOT NULL, updated_at bigint NOT NULL)`,
    ]);
  }

  async insert(lead: LeadRecord): Promise<void> {
    await this.ensure();
    await this.db.query(
      `INSERT INTO ${TABLE} (id, name, subject, html, text, recipients, status, created_by, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [lead.id, lead.name, lead.subject, lead.html, lead.text, JSON.stringify(lead.recipients), lead.status, lead.createdBy, lead.createdAt, lead.updatedAt],
    );
  }

  async get(id: string): Promise<LeadRecord | null> {
    await this.ensure();
    const [row] = await this.db.query<Row>(`SELECT * FROM ${TABLE} WHERE id = $1`, [id]);
    return row ? recordOf(row) : null;
  }

  /** Writes a draft's new fields (and status), only while it is still a DRAFT: false when it no longer is. */
  async updateDraft(lead: LeadRecord): Promise<boolean> {
    await this.ensure();
    const rows = await this.db.query<{ id: string }>(
      `UPDATE ${TABLE} SET name = $2, subject = $3, html = $4, text = $5, recipients = $6, status = $7, updated_at = $8 WHERE id = $1 AND status = 'DRAFT' RETURNING id`,
      [lead.id, lead.name, lead.subject, lead.html, lead.text, JSON.stringify(lead.recipients), lead.status, lead.updatedAt],
    );
    return rows.length === 1;
  }

  /** The campaigns being sent (on start: their mails are queued again, which adds none already queued). */
  async sending(): Promise<LeadRecord[]> {
    await this.ensure();
    return (await this.db.query<Row>(`SELECT * FROM ${TABLE} WHERE status = 'SENDING'`)).map(recordOf);
  }

  async page(sortField: keyof typeof SORT_COLUMNS, sortOrder: 'asc' | 'desc', limit: number, offset: number): Promise<{ total: number; items: LeadRecord[] }> {
    await this.ensure();
    const order = `${SORT_COLUMNS[sortField]} ${sortOrder === 'asc' ? 'ASC' : 'DESC'}, id ASC`;
    const rows = await this.db.query<Row & { total: string }>(`SELECT *, count(*) OVER () AS total FROM ${TABLE} ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit, offset]);
    const total = rows[0] ? Number(rows[0].total) : Number((await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE}`))[0]?.n ?? 0);
    return { total, items: rows.map(recordOf) };
  }

  /** The right to erasure: the address leaves every campaign's recipients. Answers the campaigns changed. */
  async forgetAddress(email: string): Promise<number> {
    await this.ensure();
    const needle = email.trim().toLowerCase();
    if (!needle) return 0;
    const rows = await this.db.query<Row>(`SELECT * FROM ${TABLE} WHERE strpos(lower(recipients), $1) > 0`, [needle]);
    let changed = 0;
    for (const row of rows) {
      const before = JSON.parse(row.recipients) as string[];
      const after = before.filter((a) => a.trim().toLowerCase() !== needle);
      if (after.length === before.length) continue;
      await this.db.query(`UPDATE ${TABLE} SET recipients = $2 WHERE id = $1`, [row.id, JSON.stringify(after)]);
      changed++;
    }
    return changed;
  }
}
