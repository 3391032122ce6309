import type { OnModuleInit } from '@nestjs/common';
import type { ReadModelDb } from '@auction/read-models';
import type { LiveReadModel, NameClaim } from '../../platform/engine/live-read-model.js';
import { sideTable } from '../../platform/engine/side-table.js';

const TABLE = 'public.username_claims';

/**
 * Usernames are unique without case across every user, also when two registrations of one name race on two
 * instances: the event streams are per user, so nothing in the log forbids two users one name. A name is claimed
 * here (one row, its primary key) before the user's first event is written.
 *
 * This table is also the username's one home: events carry ids only (a username may be an e-mail address, personal
 * data that erasure must remove), so the engine's index is loaded from here before the log is replayed, follows the
 * claims and releases of this instance, and asks here for users registered by another instance. `display_name` keeps
 * the name as the user wrote it (the key is lower case); claims of earlier releases have none.
 */
export class UsernameClaims implements OnModuleInit {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, private readonly index?: LiveReadModel) {
    this.ensure = sideTable(db, 'username_claims', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (username text PRIMARY KEY, id_user text NOT NULL, claimed_at timestamptz NOT NULL DEFAULT now())`,
      `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS display_name text`,
      `CREATE INDEX IF NOT EXISTS username_claims_id_user ON ${TABLE} (id_user)`,
    ]);
  }

  /** Loads every claim into the engine's index before the log is replayed into it (Nest runs this before main.ts subscribes). */
  async onModuleInit(): Promise<void> {
    if (!this.index) return;
    const index = this.index;
    index.setNameLookup((idUser) => this.claimOf(idUser));
    index.loadNames(await this.all());
  }

  /** Claims `username` for `idUser`; true when it is theirs (newly, or already), false when another user holds it. */
  async claim(username: string, idUser: string): Promise<boolean> {
    return (await this.claimMany([{ username, idUser }])).has(idUser);
  }

  /**
   * Claims each `username` for its `idUser`, as {@link claim} does, in two statements for them all (the demo data's many
   * users). Returns the ids of the users whose name is theirs (newly, or already).
   */
  async claimMany(claims: readonly { readonly username: string; readonly idUser: string }[]): Promise<Set<string>> {
    const mine = new Set<string>();
    if (claims.length === 0) return mine;
    await this.ensure();
    const rows = claims.map(({ username, idUser }) => ({ username: username.toLowerCase(), id_user: idUser, display_name: username }));
    await this.db.query(
      `INSERT INTO ${TABLE} (username, id_user, display_name)
       SELECT c.username, c.id_user, c.display_name FROM json_to_recordset($1::text::json) AS c(username text, id_user text, display_name text)
       ON CONFLICT (username) DO NOTHING`, [JSON.stringify(rows)]);
    const held = await this.db.query<{ username: string; id_user: string; display_name: string | null }>(
      `SELECT username, id_user, display_name FROM ${TABLE} WHERE username IN (SELECT json_array_elements_text($1::text::json))`,
      [JSON.stringify(rows.map((r) => r.username))]);
    const holder = new Map(held.map((r) => [r.username, r]));
    for (const row of rows) {
      const claim = holder.get(row.username);
      if (claim?.id_user !== row.id_user) continue;
      mine.add(row.id_user);
      this.index?.nameClaimed(row.id_user, { key: row.username, display: claim.display_name ?? row.display_name });
    }
    return mine;
  }

  /** Gives a name back (a registration that failed after its claim, an erasure). */
  async release(username: string, idUser: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE username = $1 AND id_user = $2`, [username.toLowerCase(), idUser]);
    this.index?.nameReleased(idUser, username);
  }

  /** The claim of a user (the latest, should there be several), or null. */
  async claimOf(idUser: string): Promise<NameClaim | null> {
    await this.ensure();
    const rows = await this.db.query<{ username: string; display_name: string | null }>(
      `SELECT username, display_name FROM ${TABLE} WHERE id_user = $1 ORDER BY claimed_at DESC LIMIT 1`, [idUser]);
    const row = rows[0];
    return row ? { key: row.username, display: row.display_name } : null;
  }

  /** Every claim as (idUser, claim), oldest first (so a later claim of one user wins when loaded in order). */
  async all(): Promise<[string, NameClaim][]> {
    await this.ensure();
    const rows = await this.db.query<{ username: string; id_user: string; display_name: string | null }>(
      `SELECT username, id_user, display_name FROM ${TABLE} ORDER BY claimed_at, username`);
    return rows.map((r) => [r.id_user, { key: r.username, display: r.display_name }]);
  }
}
