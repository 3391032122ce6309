import type { CheckpointStore } from '../transport.port.js';

/** Checkpoints in a map: for tests and for a relay whose restart may republish everything. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, number>();

  async load(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }

  async save(name: string, position: number): Promise<void> {
    this.positions.set(name, position);
  }
}
