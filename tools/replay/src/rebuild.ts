import { HttpSource, type EventSource } from './sources.js';

/** What the API reports of a rebuild. */
export interface RebuildStatus {
  readonly state: 'idle' | 'running' | 'done' | 'failed';
  readonly position: number;
  readonly head: number;
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond?: number;
  readonly error?: string;
}

/**
 * Rebuilds every read model from position 0 beside the live one and swaps when caught up. Through
 * the API (the product keeps serving), it starts the rebuild and prints progress until done.
 */
export async function rebuildCommand(source: EventSource, databaseUrl: string | undefined): Promise<void> {
  if (!(source instanceof HttpSource)) {
    throw new Error(`rebuild runs inside the product so it can keep serving: use --api (not ${databaseUrl ? '--database-url' : '--data-dir'})`);
  }
  let status = await source.call<RebuildStatus>('POST', '/api/v1/admin/read-models/rebuild');
  const started = Date.now();
  while (status.state === 'running') {
    const pct = status.head > 0 ? Math.min(100, Math.floor((status.position / status.head) * 100)) : 0;
    process.stderr.write(`\rrebuilding read models: ${pct}% (${status.position.toLocaleString('en')} / ${status.head.toLocaleString('en')}), ${Math.round((Date.now() - started) / 1000)} s   `);
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await source.call<RebuildStatus>('GET', '/api/v1/admin/read-models/rebuild');
  }
  process.stderr.write('\n');
  if (status.state === 'failed') throw new Error(`rebuild failed: ${status.error ?? 'unknown error'}`);
  console.log(`rebuilt every read model from ${status.events.toLocaleString('en')} events in ${status.seconds.toFixed(1)} s (${Math.round(status.eventsPerSecond ?? 0).toLocaleString('en')} events/s) and swapped it in`);
}
