/**
 * The log position each live payload handed to the embedded broker carries, by the payload's bytes (aedes keeps the
 * same Buffer from `publish` to its retained store and to every client's delivery): the broker reads it back when it
 * forwards a message without parsing the JSON again.
 */
const positions = new WeakMap<Buffer, number>();

/** Records the position of a payload about to be published. */
export function stampPosition(payload: Buffer, position: unknown): void {
  if (typeof position === 'number') positions.set(payload, position);
}

/** The position recorded for a payload, if any. */
export function positionOf(payload: unknown): number | undefined {
  return Buffer.isBuffer(payload) ? positions.get(payload) : undefined;
}
