import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../platform/engine/side-table.js';
import type { CredentialStore } from './credential-store.port.js';

const TABLE = 'public.user_credentials';

/**
 * The credential store as one SQL table, on the connection the read models use: in server mode the events'
 * PostgreSQL database (`DATABASE_URL`), in embedded mode the PGlite database in `DATA_DIR/read-models` (every
 * statement through that database's one serialized session), in EventStoreDB mode whichever of the two the read
 * models use. The table is outside the read-model schema, which a rebuild drops and swaps: credentials are not
 * derived from the log and could not be rebuilt (as the relay's checkpoint, `fanout_checkpoints`).
 */
export class SqlCredentialStore implements CredentialStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'user_credentials', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id_user text PRIMARY KEY, password_hash text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    ]);
  }

  async get(idUser: string): Promise<string | null> {
    await this.ensure();
    const rows = await this.db.query<{ password_hash: string }>(`SELECT password_hash FROM ${TABLE} WHERE id_user = $1`, [idUser]);
    return rows[0]?.password_hash ?? null;
  }

  async set(idUser: string, hash: string): Promise<void> {
    await this.ensure();
    await this.db.query(
      `INSERT INTO ${TABLE} (id_user, password_hash) VALUES ($1, $2)
       ON CONFLICT (id_user) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
      [idUser, hash],
    );
  }

  async setIfAbsent(idUser: string, hash: string): Promise<boolean> {
    await this.ensure();
    const rows = await this.db.query(
      `INSERT INTO ${TABLE} (id_user, password_hash) VALUES ($1, $2) ON CONFLICT (id_user) DO NOTHING RETURNING id_user`,
      [idUser, hash],
    );
    return rows.length > 0;
  }

  async replace(idUser: string, previous: string, next: string): Promise<boolean> {
    await this.ensure();
    const rows = await this.db.query(
      `UPDATE ${TABLE} SET password_hash = $3, updated_at = now() WHERE id_user = $1 AND password_hash = $2 RETURNING id_user`,
      [idUser, previous, next],
    );
    return rows.length > 0;
  }

  async missing(idUsers: readonly string[]): Promise<string[]> {
    if (idUsers.length === 0) return [];
    await this.ensure();
    // One JSON parameter rather than an array: the same text works on pg and PGlite.
    const rows = await this.db.query<{ id: string }>(
      `SELECT x.id FROM json_array_elements_text($1::text::json) WITH ORDINALITY AS x(id, n)
       WHERE NOT EXISTS (SELECT 1 FROM ${TABLE} c WHERE c.id_user = x.id) ORDER BY x.n`,
      [JSON.stringify(idUsers)],
    );
    return rows.map((r) => r.id);
  }

  async delete(idUser: string): Promise<boolean> {
    await this.ensure();
    const rows = await this.db.query(`DELETE FROM ${TABLE} WHERE id_user = $1 RETURNING id_user`, [idUser]);
    return rows.length > 0;
  }
}
