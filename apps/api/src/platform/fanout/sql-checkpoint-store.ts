import type { CheckpointStore } from '@auction/messaging';
import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../engine/side-table.js';

/**
 * The relay's checkpoint, in its own table outside the read-model schema (a rebuild swaps that schema;
 * the relay's place in the log must survive it).
 */
export class SqlCheckpointStore implements CheckpointStore {
  /**
   * The table, once, under an advisory lock (`sideTable`): two instances started at once on a fresh database both ran
   * `CREATE TABLE IF NOT EXISTS` and one failed to start (fresh-clone run 39: type "fanout_checkpoints" already exists).
   */
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: ReadModelDb) {
    this.ensure = sideTable(db, 'fanout_checkpoints', ['CREATE TABLE IF NOT EXISTS public.fanout_checkpoints (name text PRIMARY KEY, position bigint NOT NULL)']);
  }

  async load(name: string): Promise<number> {
    await this.ensure();
    const rows = await this.db.query<{ position: string | number }>('SELECT position FROM fanout_checkpoints WHERE name = $1', [name]);
    return rows[0] ? Number(rows[0].position) : 0;
  }

  async save(name: string, position: number): Promise<void> {
    await this.ensure();
    await this.db.query(
      'INSERT INTO fanout_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = GREATEST(fanout_checkpoints.position, EXCLUDED.position)',
      [name, position],
    );
  }
}
