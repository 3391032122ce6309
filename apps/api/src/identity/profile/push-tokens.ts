import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../../platform/engine/side-table.js';

const TABLE = 'public.push_tokens';
/** Devices remembered per user: the oldest registrations beyond this are forgotten (a token is re-sent at each login). */
export const MAX_DEVICES_PER_USER = 20;

/**
 * The mobile devices' push tokens (FCM registration tokens), one row per token, beside the event log: a token is
 * a device address, not history (it changes, is revoked, and must go when the user is erased, issue 14), so it is
 * never an event. A user may have several devices; a token is one device's, so registering it for another user
 * (the phone changed hands, or another login on it) moves it.
 */
export class PushTokenStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'push_tokens', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (token text PRIMARY KEY, id_user text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
      `CREATE INDEX IF NOT EXISTS push_tokens_user ON ${TABLE} (id_user, updated_at)`,
      // The session that registered it (issue 23 item 4): its logout forgets the device.
      `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS sid text`,
    ]);
  }

  /**
   * Registers `token` for `idUser` by the session `sid` (moving it from any other user: it leaves the first) and keeps
   * the user's newest {@link MAX_DEVICES_PER_USER}.
   */
  async register(idUser: string, token: string, sid: string | null = null): Promise<void> {
    await this.ensure();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ${TABLE} (token, id_user, sid) VALUES ($1, $2, $3)
         ON CONFLICT (token) DO UPDATE SET id_user = EXCLUDED.id_user, sid = EXCLUDED.sid, updated_at = now()`,
        [token, idUser, sid],
      );
      await tx.query(
        `DELETE FROM ${TABLE} WHERE id_user = $1 AND token NOT IN
           (SELECT token FROM ${TABLE} WHERE id_user = $1 ORDER BY updated_at DESC, token LIMIT ${MAX_DEVICES_PER_USER})`,
        [idUser],
      );
    });
  }

  /** The tokens of a user's devices, newest first. */
  async tokensOf(idUser: string): Promise<string[]> {
    await this.ensure();
    const rows = await this.db.query<{ token: string }>(`SELECT token FROM ${TABLE} WHERE id_user = $1 ORDER BY updated_at DESC, token`, [idUser]);
    return rows.map((r) => r.token);
  }

  /** Forgets the devices a session registered (its logout); how many there were. */
  async dropSession(idUser: string, sid: string): Promise<number> {
    await this.ensure();
    return (await this.db.query(`DELETE FROM ${TABLE} WHERE id_user = $1 AND sid = $2 RETURNING token`, [idUser, sid])).length;
  }

  /** Forgets one device (FCM answered UNREGISTERED for it). */
  async drop(token: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE token = $1`, [token]);
  }

  /** Forgets a user's devices (erasure); how many there were. */
  async eraseUser(idUser: string): Promise<number> {
    await this.ensure();
    return (await this.db.query(`DELETE FROM ${TABLE} WHERE id_user = $1 RETURNING token`, [idUser])).length;
  }
}
