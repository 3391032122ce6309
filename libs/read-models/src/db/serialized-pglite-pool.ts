import { PGliteDriver } from 'typeorm-pglite';

type Done = (error?: unknown) => void;

let open = false;

/**
 * The `pg`-compatible driver module TypeORM gets for PGlite: `typeorm-pglite`'s pool, except that a
 * connection is exclusive. PGlite is ONE session, and `typeorm-pglite` hands every query runner that same
 * session, so two transactions would interleave (a rollback of one erased the other's writes). Here
 * `connect` waits until the previous holder released its connection: every query runner, and so every
 * transaction, runs alone, FIFO. A caller holding a query runner and asking for a second one waits forever,
 * which is why `ReadModelDb` routes queries issued inside its transactions to that transaction.
 *
 * `typeorm-pglite` keeps one PGlite instance per process, so only one PGlite read-model database may be
 * open at a time in a process; opening a second one throws.
 */
export function serializedPgliteDriver(options: { dataDir?: string; loadDataDir?: Blob; startParams?: string[] }): { Pool: unknown } {
  if (open) throw new Error('a PGlite read-model database is already open in this process (typeorm-pglite holds one PGlite instance)');
  const Base = new PGliteDriver(options as ConstructorParameters<typeof PGliteDriver>[0]).driver.Pool;
  type ConnectCallback = Parameters<InstanceType<typeof Base>['connect']>[0];

  class SerializedPglitePool extends Base {
    private tail: Promise<void> = Promise.resolve();

    override async connect(callback: ConnectCallback): Promise<void> {
      let free!: () => void;
      const previous = this.tail;
      this.tail = new Promise<void>((resolve) => (free = resolve));
      await previous;
      // PGlite runs each statement synchronously in this thread: let pending I/O (HTTP requests) run between
      // transactions, or a burst of projection batches (a 2,000-lot auction closing) is one unbroken task.
      await new Promise<void>((resolve) => setImmediate(resolve));
      let released = false;
      const done: Done = () => {
        if (released) return;
        released = true;
        free();
      };
      await super.connect((error, client) => {
        if (error) done();
        callback(error, client, done);
      });
    }

    override end(callback: (error: unknown) => void): void {
      super.end((error: unknown) => {
        open = false;
        callback(error);
      });
    }
  }
  open = true;
  return { Pool: SerializedPglitePool };
}

/** Marks the PGlite slot free again after a failed start. */
export function releasePgliteSlot(): void {
  open = false;
}
