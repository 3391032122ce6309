import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore } from '@auction/event-store';
import { streamId } from '@auction/domain';
import { crashPoint } from '../../platform/engine/crash-point.js';
import type { PersonalData, SqlPersonalDataStore, StagedChange, SubjectKind } from './personal-data.js';

/** The event metadata key that names the staged personal change an event goes with. */
export const PERSONAL_CHANGE_KEY = 'personalChange';

/** How often staged changes left by a crash are looked for. */
const SWEEP_MS = 60_000;

/**
 * A change of personal data and the event that records it, in two stores (the personal-data table, the event log:
 * two databases in the embedded mode, possibly another product in server mode), kept in step through a crash:
 * the data is staged first with an undo record (the e-mail index checks it then, before any event), the event carries
 * the record's token in its metadata, then the record is forgotten. A change whose event is refused is taken back at
 * once; one left by a crash is resolved at start and every minute once older than the grace period: kept when the
 * subject's stream holds an event with its token, taken back otherwise.
 */
export class PersonalChanges implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PersonalData');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: SqlPersonalDataStore,
    private readonly events: EventStore,
    /** A staged change younger than this may still have its request running (another instance's, in server mode). */
    private readonly graceMs: number,
  ) {}

  /**
   * Stages `data` (nothing when empty), then runs `write`, which appends the event with `{ personalChange: token }` in
   * its metadata (`undefined`: no personal change). `write`'s refusal takes the data back and is rethrown.
   */
  async apply<T>(kind: SubjectKind, id: string, data: PersonalData, write: (token: string | undefined) => Promise<T>): Promise<T> {
    if (Object.keys(data).length === 0) return write(undefined);
    const staged = await this.store.stage(kind, id, data);
    crashPoint('personal-change:before-event');
    let result: T;
    try {
      result = await write(staged.token);
    } catch (error) {
      await this.resolve(staged).catch((e: unknown) => this.logger.error(`personal change ${staged.token} left for the sweep: ${String(e)}`));
      throw error;
    }
    crashPoint('personal-change:after-event');
    await this.resolve(staged).catch((e: unknown) => this.logger.error(`personal change ${staged.token} left for the sweep: ${String(e)}`));
    return result;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Resolves every staged change older than the grace period; a failure is logged and retried on the next sweep. */
  async sweep(): Promise<void> {
    try {
      // One that fails is logged and retried next time; it never holds back the others.
      for (const staged of await this.store.staged(this.graceMs)) {
        await this.resolve(staged).catch((error: unknown) => this.logger.error(`personal change ${staged.token} not resolved: ${String(error)}`));
      }
    } catch (error) {
      this.logger.error(`staged personal changes not resolved: ${String(error)}`);
    }
  }

  /** Keeps the change when its event is in the subject's stream, takes it back otherwise. */
  private async resolve(staged: StagedChange): Promise<void> {
    const stream = staged.kind === 'USER' ? streamId.user(staged.id) : staged.kind === 'SELLER' ? streamId.seller(staged.id) : streamId.dealer(staged.id);
    const written = (await this.events.readStream(stream)).some((e) => e.metadata?.[PERSONAL_CHANGE_KEY] === staged.token);
    if (written) await this.store.settle(staged.token);
    else await this.store.undo(staged.token);
  }
}
