import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../../platform/engine/side-table.js';

const TABLE = 'public.username_claims';

/**
 * Usernames are unique without case across every user, also when two registrations of one name race on two
 * instances: the event streams are per user, so nothing in the log forbids two users one name. A name is claimed
 * here (one row, its primary key) before the user's first event is written.
 */
export class UsernameClaims {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'username_claims', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (username text PRIMARY KEY, id_user text NOT NULL, claimed_at timestamptz NOT NULL DEFAULT now())`,
    ]);
  }

  /** Claims `username` for `idUser`; true when it is theirs (newly, or already), false when another user holds it. */
  async claim(username: string, idUser: string): Promise<boolean> {
    await this.ensure();
    const key = username.toLowerCase();
    await this.db.query(`INSERT INTO ${TABLE} (username, id_user) VALUES ($1, $2) ON CONFLICT (username) DO NOTHING`, [key, idUser]);
    const rows = await this.db.query<{ id_user: string }>(`SELECT id_user FROM ${TABLE} WHERE username = $1`, [key]);
    return rows[0]?.id_user === idUser;
  }

  /** Gives a name back (a registration that failed after its claim). */
  async release(username: string, idUser: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE username = $1 AND id_user = $2`, [username.toLowerCase(), idUser]);
  }
}
