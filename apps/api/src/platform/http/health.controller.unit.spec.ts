import { describe, expect, test } from '@jest/globals';
import type { EventStore } from '@auction/event-store';
import type { AppConfig } from '../config/app-config.js';
import type { WriterOwnership } from '../cluster/writer-ownership.js';
import type { LiveReadModel } from '../engine/live-read-model.js';
import type { Fanout, ProjectionLag } from '../fanout/fanout.js';
import { HealthController } from './health.controller.js';
import type { Readiness } from './readiness.js';

function controller(healthLag: () => Promise<ProjectionLag>): HealthController {
  const ownership = { instanceId: 'api-1', shards: 1, ready: true, owned: () => [0] } as unknown as WriterOwnership;
  return new HealthController(
    { name: 'postgres' } as EventStore, { mode: 'postgres' } as AppConfig, { healthLag, projecting: true } as unknown as Fanout,
    { currentPosition: 42 } as LiveReadModel, ownership, {} as Readiness,
  );
}

describe('/api/health while the event store does not answer', () => {
  // PostgreSQL refusing connections made the head's query fail: /api/health answered 500 (seen on the built server).
  test('a failing read of the positions answers degraded, the positions unknown, instead of throwing', async () => {
    const health = await controller(() => Promise.reject(new Error('database "auction" is not currently accepting connections'))).health();
    expect(health).toMatchObject({
      status: 'degraded', eventStoreReachable: false, headPosition: null, readModelPosition: null, readModelLag: null,
      engineIndexPosition: 42, instanceId: 'api-1', projector: { projecting: true, failing: null },
    });
  });

  test('a read that does not come back answers the same within about 2 s', async () => {
    const started = Date.now();
    const health = await controller(() => new Promise<ProjectionLag>(() => {})).health();
    expect(health).toMatchObject({ status: 'degraded', eventStoreReachable: false, headPosition: null });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('positions read answer ok with them', async () => {
    const lag: ProjectionLag = { head: 7, projected: 7, projectionLag: 0, relayLag: null, projectorErrors: 0, parkedEvents: 0, failing: null };
    const health = await controller(async () => lag).health();
    expect(health).toMatchObject({ status: 'ok', eventStoreReachable: true, headPosition: 7, readModelPosition: 7, readModelLag: 0, projector: { failing: false } });
  });
});
