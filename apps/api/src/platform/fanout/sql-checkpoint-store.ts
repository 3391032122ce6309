import type { CheckpointStore } from '@auction/messaging';
import type { ReadModelDb } from '@auction/read-models';

/**
 * The relay's checkpoint, in its own table outside the read-model schema (a rebuild swaps that schema;
 * the relay's place in the log must survive it).
 */
export class SqlCheckpointStore implements CheckpointStore {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly db: ReadModelDb) {}

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

  private ensure(): Promise<unknown> {
    this.ready ??= this.db.query('CREATE TABLE IF NOT EXISTS public.fanout_checkpoints (name text PRIMARY KEY, position bigint NOT NULL)');
    return this.ready;
  }
}
