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
  /** Acknowledged writes not yet seen applied: stream → last position written and when. */
  private readonly pending = new Map<string, { position: number; at: number }>();

  constructor(@Inject(FANOUT) private readonly fanout: Fanout) {}

  /** Records the streams a command wrote. */
  noteWrite(outcome: Pick<CommandOutcome<unknown>, 'streams'>): void {
    const at = Date.now();
    for (const { streamId, position } of outcome.streams) {
      if (position > (this.pending.get(streamId)?.position ?? 0)) this.pending.set(streamId, { position, at });
    }
  }

  /**
   * Resolves once the read models show every write acknowledged so far. A write is awaited at most
   * WAIT_MS after it was acknowledged: when the fan-out is down (a broker outage), queries serve what is
   * projected instead of all waiting.
   */
  async caughtUp(_idUser?: string): Promise<void> {
    for (const [streamId, { position, at }] of [...this.pending]) {
      const deadline = at + WAIT_MS;
      while (this.fanout.projecting && this.fanout.projector.appliedPosition(streamId) < position && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const entry = this.pending.get(streamId);
      const done = this.fanout.projector.appliedPosition(streamId) >= position || Date.now() >= deadline;
      if (done && entry?.position === position) this.pending.delete(streamId);
    }
  }
}
