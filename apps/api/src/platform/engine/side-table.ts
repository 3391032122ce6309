import type { ReadModelDb } from '@auction/read-models';

/**
 * Creates, once and lazily, a table that lives beside the store on the read models' connection but outside their
 * schema (a rebuild never drops it: its rows are not derived from the log). The statements run in one transaction
 * under an advisory lock, because several instances may start at once and `CREATE ... IF NOT EXISTS` can still
 * collide in the catalog; a failed attempt is forgotten, so the next call tries again.
 */
export function sideTable(db: Pick<ReadModelDb, 'transaction'>, name: string, ddl: readonly string[]): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= db
      .transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${name}-ddl`]);
        for (const statement of ddl) await tx.query(statement);
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };
}
