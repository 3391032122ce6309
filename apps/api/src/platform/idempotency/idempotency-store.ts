import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../engine/side-table.js';
import { Batcher } from './batcher.js';

const TABLE = 'public.idempotency_keys';

/** What a user's key is bound to: the call it was first sent with and that call's answer, once there is one. */
export interface IdempotencyRecord {
  readonly call: string;
  readonly fingerprint: string;
  /** `pending` while the first request runs; `done` with the answer it got. */
  readonly state: 'pending' | 'done';
  readonly status: number | null;
  /** The first answer's body as JSON text (`null` for an answer without a body). */
  readonly answer: string | null;
  readonly createdAt: number;
  /** The instance that claimed it (null: a record of an earlier release). */
  readonly instance: string | null;
}

/**
 * Which instance claims keys, and which instances are alive (writer leases' `api_instances`): a pending record of an
 * instance no longer alive is from a process that died mid-call, abandoned at once rather than after
 * `abandonedBefore`. `live()` null: not known (one instance): only the time says.
 */
export interface ClaimingInstance {
  readonly id: () => string;
  readonly live: () => ReadonlySet<string> | null;
}

/** The outcome of claiming a key: this request runs the call, or the key already has a record. */
export type Claim = { readonly kind: 'claimed' } | { readonly kind: 'existing'; readonly record: IdempotencyRecord };

/**
 * The idempotency records, one SQL table on the read models' connection (as `sql-credential-store.ts`): in server
 * mode the events' PostgreSQL database, in embedded mode the PGlite database of `DATA_DIR/read-models`. The table is
 * outside the read-model schema, which a rebuild drops: the records are not derived from the log. One row per
 * (user, key); a row older than the retention counts as absent and is purged.
 */
export class SqlIdempotencyStore {
  private readonly ensure: () => Promise<void>;
  /** New keys are inserted in batches (one statement per burst): the offer path stays one round trip per burst. */
  private readonly inserts = new Batcher<{ idUser: string; key: string; call: string; fingerprint: string; now: number }, boolean>((items) => this.insertMany(items));
  private readonly completions = new Batcher<{ idUser: string; key: string; status: number; answer: string | null }, void>((items) => this.completeMany(items));
  /** Refused calls forget their keys in batches too: a burst of refusals is a few statements, not one each. */
  private readonly releases = new Batcher<{ idUser: string; key: string }, void>((items) => this.releaseMany(items));

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, private readonly instance: ClaimingInstance = { id: () => '', live: () => null }) {
    this.ensure = sideTable(db, 'idempotency_keys', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        id_user text NOT NULL, key text NOT NULL, call text NOT NULL, fingerprint text NOT NULL, state text NOT NULL,
        status integer, answer text, created_at bigint NOT NULL, PRIMARY KEY (id_user, key))`,
      `CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON ${TABLE} (created_at)`,
      `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS instance text`,
    ]);
  }

  /**
   * Binds the key to this call (atomically: of concurrent claims one wins), unless a live record exists. A record
   * created before `expiredBefore`, or still pending since before `abandonedBefore` (its process died), is replaced.
   */
  async claim(idUser: string, key: string, call: string, fingerprint: string, now: number, expiredBefore: number, abandonedBefore: number): Promise<Claim> {
    await this.ensure();
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.inserts.submit({ idUser, key, call, fingerprint, now })) return { kind: 'claimed' };
      const [row] = await this.db.query<{ call: string; fingerprint: string; state: 'pending' | 'done'; status: number | null; answer: string | null; created_at: string; instance: string | null }>(
        `SELECT call, fingerprint, state, status, answer, created_at, instance FROM ${TABLE} WHERE id_user = $1 AND key = $2`, [idUser, key]);
      if (!row) continue;
      const { created_at: createdAt, ...rest } = row;
      const record: IdempotencyRecord = { ...rest, createdAt: Number(createdAt) };
      const live = this.instance.live();
      const orphan = record.state === 'pending' && live !== null && record.instance !== null && record.instance !== this.instance.id() && !live.has(record.instance);
      const stale = record.createdAt < expiredBefore || (record.state === 'pending' && record.createdAt < abandonedBefore) || orphan;
      if (!stale) return { kind: 'existing', record };
      await this.db.query(`DELETE FROM ${TABLE} WHERE id_user = $1 AND key = $2 AND created_at = $3`, [idUser, key, record.createdAt]);
    }
    throw new Error('idempotency key could not be claimed');
  }

  /** Stores the first answer of a claimed key. */
  complete(idUser: string, key: string, status: number, answer: string | null): Promise<void> {
    return this.completions.submit({ idUser, key, status, answer });
  }

  /** Inserts pending records; true for each one inserted, false where the key already had a record. */
  private async insertMany(items: { idUser: string; key: string; call: string; fingerprint: string; now: number }[]): Promise<boolean[]> {
    // One JSON parameter rather than arrays: the same text works on pg and PGlite.
    const rows = await this.db.query<{ id_user: string; key: string }>(
      `INSERT INTO ${TABLE} (id_user, key, call, fingerprint, state, created_at, instance)
       SELECT x.id_user, x.key, x.call, x.fingerprint, 'pending', x.created_at, NULLIF($2, '')
       FROM json_to_recordset($1::text::json) AS x(id_user text, key text, call text, fingerprint text, created_at bigint)
       ON CONFLICT (id_user, key) DO NOTHING RETURNING id_user, key`,
      [JSON.stringify(items.map((i) => ({ id_user: i.idUser, key: i.key, call: i.call, fingerprint: i.fingerprint, created_at: i.now }))), this.instance.id()],
    );
    const inserted = new Set(rows.map((r) => `${r.id_user}\u0000${r.key}`));
    return items.map((i) => inserted.has(`${i.idUser}\u0000${i.key}`));
  }

  private async completeMany(items: { idUser: string; key: string; status: number; answer: string | null }[]): Promise<void[]> {
    await this.db.query(
      `UPDATE ${TABLE} t SET state = 'done', status = x.status, answer = x.answer
       FROM json_to_recordset($1::text::json) AS x(id_user text, key text, status integer, answer text)
       WHERE t.id_user = x.id_user AND t.key = x.key`,
      [JSON.stringify(items.map((i) => ({ id_user: i.idUser, key: i.key, status: i.status, answer: i.answer })))],
    );
    return items.map(() => undefined);
  }

  /** Forgets a claimed key whose call failed: nothing changed, so a retry may run it again. */
  release(idUser: string, key: string): Promise<void> {
    return this.releases.submit({ idUser, key });
  }

  private async releaseMany(items: { idUser: string; key: string }[]): Promise<void[]> {
    await this.db.query(
      `DELETE FROM ${TABLE} t USING json_to_recordset($1::text::json) AS x(id_user text, key text)
       WHERE t.id_user = x.id_user AND t.key = x.key AND t.state = 'pending'`,
      [JSON.stringify(items.map((i) => ({ id_user: i.idUser, key: i.key })))],
    );
    return items.map(() => undefined);
  }

  /**
   * Right to erasure: the kept answers are copies of what the API said, so an anonymisation must reach them too. The
   * erased user's own records go; other users' answers that mention one of `needles` (its e-mail, username, names:
   * case-insensitive, as plain text) keep their status and key (a retry must still not run twice) but lose their
   * body, which a replay then answers as `{"erased":true}`. Answers the number of records touched.
   */
  async forgetPersonalData(idUser: string, needles: readonly string[]): Promise<number> {
    await this.ensure();
    const own = await this.db.query(`DELETE FROM ${TABLE} WHERE id_user = $1 RETURNING 1 AS gone`, [idUser]);
    const words = [...new Set(needles.map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 3))];
    let touched = own.length;
    for (const word of words) {
      const res = await this.db.query(`UPDATE ${TABLE} SET answer = '{"erased":true}' WHERE answer IS NOT NULL AND position($1 in lower(answer)) > 0 RETURNING 1 AS erased`, [word]);
      touched += res.length;
    }
    return touched;
  }

  /** Deletes the records created before `before`. */
  async purge(before: number): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE created_at < $1`, [before]);
  }

}
