import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../../platform/engine/side-table.js';
import { DEFAULT_SESSIONS_PER_ACCOUNT, DEFAULT_STORE_BOUNDS, GRANTABLE, type IssuerStore, type StoreBounds } from './issuer-store.js';

const TABLE = 'public.oidc_payload';
const SEQ = 'public.oidc_payload_seq';
/** Expired rows deleted by one statement of a sweep. */
const SWEEP_BATCH = 1_000;
/** Every this many saves an instance sweeps every model's expired rows (a model's own are swept when it is trimmed). */
const SWEEP_EVERY = 500;

type Db = Pick<ReadModelDb, 'query' | 'transaction'>;

/**
 * The embedded issuer's store as one SQL table on the read models' connection (PostgreSQL in server mode, PGlite in
 * embedded mode), outside the read-model schema (a rebuild never drops it), so that every API instance serves the
 * same sessions, grants, interactions and codes: a sign-in started on one instance ends on another.
 *
 * Bounded as {@link BoundedIssuerStore}: per model (`bucket`: anonymous sessions apart from signed-in ones), the
 * oldest saved going first, and per account (an account's own oldest sessions and grants). The per-model trim is
 * amortised: each instance trims a model every `bound / 20` saves of it (at least every save), so a model may
 * exceed its bound by 5% per instance between trims; the trim first drops the model's expired rows. Expired rows are
 * never answered, and are swept in batches every {@link SWEEP_EVERY} saves.
 */
export class SqlIssuerStore implements IssuerStore {
  private readonly ensure: () => Promise<void>;
  /** Saves per bucket since this instance last trimmed it. */
  private readonly sinceTrim = new Map<string, number>();
  private saves = 0;

  constructor(
    private readonly db: Db, private readonly bounds: StoreBounds = DEFAULT_STORE_BOUNDS,
    private readonly now: () => number = Date.now, private readonly perAccount = DEFAULT_SESSIONS_PER_ACCOUNT,
  ) {
    this.ensure = sideTable(db as ReadModelDb, 'oidc_payload', [
      `CREATE SEQUENCE IF NOT EXISTS ${SEQ}`,
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        model text NOT NULL, id text NOT NULL, bucket text NOT NULL, payload jsonb NOT NULL, grant_id text, user_code text,
        uid text, account_id text, expires_at bigint, consumed_at bigint, seq bigint NOT NULL DEFAULT nextval('${SEQ}'),
        PRIMARY KEY (model, id))`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_bucket_seq ON ${TABLE} (bucket, seq)`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_uid ON ${TABLE} (model, uid) WHERE uid IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_user_code ON ${TABLE} (model, user_code) WHERE user_code IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_grant ON ${TABLE} (grant_id) WHERE grant_id IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_account ON ${TABLE} (account_id, model, seq) WHERE account_id IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS oidc_payload_expires ON ${TABLE} (expires_at) WHERE expires_at IS NOT NULL`,
    ]);
  }

  /** The number of live rows of a bucket (for tests and metrics). */
  async size(bucket: string): Promise<number> {
    await this.ensure();
    const [row] = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${TABLE} WHERE bucket = $1 AND (expires_at IS NULL OR expires_at > $2)`, [bucket, this.now()]);
    return Number(row?.n ?? 0);
  }

  adapter(model: string): Adapter {
    const by = (column: 'id' | 'uid' | 'user_code') => (value: string) => this.find(model, column, value);
    return {
      upsert: (id, payload, expiresIn) => this.upsert(model, id, payload, expiresIn),
      find: by('id'),
      findByUid: by('uid'),
      findByUserCode: by('user_code'),
      consume: async (id) => {
        await this.ensure();
        await this.db.query(`UPDATE ${TABLE} SET consumed_at = $3 WHERE model = $1 AND id = $2`, [model, id, Math.floor(this.now() / 1000)]);
      },
      destroy: async (id) => {
        await this.ensure();
        await this.db.query(`DELETE FROM ${TABLE} WHERE model = $1 AND id = $2`, [model, id]);
      },
      revokeByGrantId: (grantId) => this.revokeGrant(grantId),
    };
  }

  async endAccount(accountId: string, beforeSeconds: number): Promise<void> {
    await this.ensure();
    const rows = await this.db.query<{ model: string; id: string; payload: string }>(
      `SELECT model, id, payload::text AS payload FROM ${TABLE} WHERE account_id = $1 AND model IN ('Session', 'Grant')`, [accountId]);
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as AdapterPayload;
      const at = row.model === 'Grant' ? payload.iat : payload.loginTs;
      if (typeof at === 'number' && at > beforeSeconds) continue;
      if (row.model === 'Grant') await this.revokeGrant(row.id);
      else for (const authorization of Object.values(payload.authorizations ?? {})) if (authorization.grantId) await this.revokeGrant(authorization.grantId);
      await this.db.query(`DELETE FROM ${TABLE} WHERE model = $1 AND id = $2`, [row.model, row.id]);
    }
  }

  /** Deletes every expired row, in batches (also run every {@link SWEEP_EVERY} saves). */
  async sweep(): Promise<void> {
    await this.ensure();
    for (;;) {
      const gone = await this.db.query(
        `DELETE FROM ${TABLE} WHERE (model, id) IN (SELECT model, id FROM ${TABLE} WHERE expires_at <= $1 LIMIT ${SWEEP_BATCH}) RETURNING 1 AS gone`,
        [this.now()]);
      if (gone.length < SWEEP_BATCH) return;
    }
  }

  private async find(model: string, column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    await this.ensure();
    const [row] = await this.db.query<{ payload: string; consumed_at: string | number | null }>(
      `SELECT payload::text AS payload, consumed_at FROM ${TABLE} WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`,
      [model, value, this.now()]);
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at !== null) payload.consumed = Number(row.consumed_at);
    return payload;
  }

  private async upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.ensure();
    const bucket = model === 'Session' && !payload.accountId ? 'AnonymousSession' : model;
    const accountId = (model === 'Session' || model === 'Grant') && typeof payload.accountId === 'string' ? payload.accountId : null;
    const expiresAt = typeof expiresIn === 'number' ? this.now() + expiresIn * 1000 : null;
    await this.db.query(
      `INSERT INTO ${TABLE} (model, id, bucket, payload, grant_id, user_code, uid, account_id, expires_at)
       VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, $7, $8, $9)
       ON CONFLICT (model, id) DO UPDATE SET bucket = EXCLUDED.bucket, payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at,
         consumed_at = NULL, seq = nextval('${SEQ}')`,
      [model, id, bucket, JSON.stringify(payload), GRANTABLE.has(model) && typeof payload.grantId === 'string' ? payload.grantId : null,
        typeof payload.userCode === 'string' ? payload.userCode : null, model === 'Session' && typeof payload.uid === 'string' ? payload.uid : null,
        accountId, expiresAt],
    );
    if (accountId) await this.keepNewest(`model = $2 AND account_id = $3`, [model, accountId], this.perAccount);
    const bound = this.bounds[bucket] ?? this.bounds.default ?? 10_000;
    const since = (this.sinceTrim.get(bucket) ?? 0) + 1;
    if (since >= Math.max(1, Math.floor(bound / 20))) {
      this.sinceTrim.set(bucket, 0);
      await this.db.query(`DELETE FROM ${TABLE} WHERE bucket = $1 AND expires_at <= $2`, [bucket, this.now()]);
      await this.keepNewest('bucket = $2', [bucket], bound);
    } else this.sinceTrim.set(bucket, since);
    if (++this.saves % SWEEP_EVERY === 0) await this.sweep();
  }

  /** Deletes the rows matching `where` (parameters from $2) but the `keep` saved last. */
  private async keepNewest(where: string, params: unknown[], keep: number): Promise<void> {
    await this.db.query(
      `DELETE FROM ${TABLE} WHERE ${where} AND seq <= (SELECT seq FROM ${TABLE} WHERE ${where} ORDER BY seq DESC OFFSET $1 LIMIT 1)`,
      [keep, ...params]);
  }

  private async revokeGrant(grantId: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE grant_id = $1`, [grantId]);
  }
}
