import { Injectable } from '@nestjs/common';
import { LiveReadModel } from '../read/live-read-model.js';

/**
 * Read-after-write on one instance: every query waits until the read model has applied the last
 * write this process acknowledged (whoever made it), usually already done or a millisecond away.
 */
@Injectable()
export class Consistency {
  private lastWrite = 0;

  constructor(private readonly model: LiveReadModel) {}

  /** Records the global position of an acknowledged write. */
  noteWrite(_idUser: string, position: number): void {
    if (position > this.lastWrite) this.lastWrite = position;
  }

  /** Resolves once the read model has caught up with every write acknowledged so far. */
  async caughtUp(_idUser?: string): Promise<void> {
    await this.model.waitFor(this.lastWrite);
  }
}
