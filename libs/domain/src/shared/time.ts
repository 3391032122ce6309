/** Instants travel as ISO strings in events and as epoch milliseconds in state and commands. */
export function toMs(iso: string): number {
  return Date.parse(iso);
}

/** ISO string of an epoch-millisecond instant. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}
