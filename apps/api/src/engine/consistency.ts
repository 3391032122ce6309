import { Injectable } from '@nestjs/common';
import { LiveReadModel } from '../read/live-read-model.js';

/** Read-your-writes: a user's queries wait until the read model has applied that user's last write. */
@Injectable()
export class Consistency {
  private readonly lastWrite = new Map<string, number>();

  constructor(private readonly model: LiveReadModel) {}

  /** Records the global position of a user's write. */
  noteWrite(idUser: string, position: number): void {
    if (position > (this.lastWrite.get(idUser) ?? 0)) this.lastWrite.set(idUser, position);
  }

  /** Resolves once the read model has caught up with the user's last write. */
  async caughtUp(idUser: string): Promise<void> {
    await this.model.waitFor(this.lastWrite.get(idUser) ?? 0);
  }
}
