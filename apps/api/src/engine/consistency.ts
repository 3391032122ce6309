import { Inject, Injectable } from '@nestjs/common';
import type { CommandOutcome } from './stream-writer.js';
import { FANOUT } from './tokens.js';
import type { Fanout } from '../fanout/fanout.js';

const WAIT_MS = 3000;
const POLL_MS = 2;

/**
 * Read-after-write on one instance: a query waits until the read models have applied every write this
 * process acknowledged before the query began, stream by stream (exact whatever the transport's
 * partitioning), usually a millisecond or two. While the projector is stopped nothing is awaited.
 */
@Injectable()
export class Consistency {
  /** Acknowledged writes not yet seen applied: stream → last position written. */
  private readonly pending = new Map<string, number>();

  constructor(@Inject(FANOUT) private readonly fanout: Fanout) {}

  /** Records the streams a command wrote. */
  noteWrite(outcome: Pick<CommandOutcome<unknown>, 'streams'>): void {
    for (const { streamId, position } of outcome.streams) {
      if (position > (this.pending.get(streamId) ?? 0)) this.pending.set(streamId, position);
    }
  }

  /** Resolves once the read models show every write acknowledged so far (or after a bounded wait). */
  async caughtUp(_idUser?: string): Promise<void> {
    const waitFor = [...this.pending];
    const deadline = Date.now() + WAIT_MS;
    for (const [streamId, position] of waitFor) {
      while (this.fanout.projecting && this.fanout.projector.appliedPosition(streamId) < position) {
        if (Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (this.pending.get(streamId) === position) this.pending.delete(streamId);
    }
  }
}
