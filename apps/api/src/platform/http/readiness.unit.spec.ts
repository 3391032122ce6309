/** Readiness (issue 24 item 6): not ready until every start step is done and the writer ownership is known; not ready again once stopping. */
import { describe, expect, test } from '@jest/globals';
import { SoleWriter, type WriterOwnership } from '../cluster/writer-ownership.js';
import { Readiness } from './readiness.js';

const pending: WriterOwnership = { instanceId: 'api-b', shards: 8, ready: false, owned: () => [], ownsAuction: () => false, liveInstances: () => null };

describe('Readiness', () => {
  test('names every step still missing, in start order', () => {
    expect(new Readiness().view(pending)).toEqual({
      ready: false, reasons: ['engine-catching-up', 'fanout-not-started', 'live-not-started', 'ownership-pending'], instanceId: 'api-b',
      writer: { ready: false, shards: 8, ownedShards: 0, owned: [] }, engineIndexPosition: null,
    });
  });

  test('ready once the engine caught up, the fan-out and live channel started, and the ownership is known', () => {
    const readiness = new Readiness();
    readiness.markEngineCaughtUp(42);
    readiness.markFanoutStarted();
    expect(readiness.view(new SoleWriter('api-a', 4)).reasons).toEqual(['live-not-started']);
    readiness.markLiveStarted();
    expect(readiness.view(new SoleWriter('api-a', 4))).toEqual({
      ready: true, reasons: [], instanceId: 'api-a', writer: { ready: true, shards: 4, ownedShards: 4, owned: [0, 1, 2, 3] }, engineIndexPosition: 42,
    });
    expect(readiness.view(pending)).toMatchObject({ ready: false, reasons: ['ownership-pending'] });
  });

  test('a stopping instance is not ready (the proxy takes it out before its listener closes)', () => {
    const readiness = new Readiness();
    readiness.markEngineCaughtUp(0);
    readiness.markFanoutStarted();
    readiness.markLiveStarted();
    readiness.markStopping();
    expect(readiness.view(new SoleWriter('api-a'))).toMatchObject({ ready: false, reasons: ['stopping'] });
  });
});
