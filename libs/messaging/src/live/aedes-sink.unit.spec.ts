import type { Aedes } from 'aedes';
import { describe, expect, it } from 'vitest';
import { AedesSink } from './aedes-sink.js';

type Publish = Aedes['publish'];

/** A broker whose n-th publish (1-based) is never called back, as aedes does when enqueueing it failed. */
function brokerLosing(lost: number): { publish: Publish; topics: string[] } {
  const topics: string[] = [];
  let count = 0;
  const publish = ((packet: { topic: string }, callback: (error?: Error) => void) => {
    count++;
    topics.push(packet.topic);
    if (count !== lost) setImmediate(() => callback());
  }) as unknown as Publish;
  return { publish, topics };
}

describe('AedesSink', () => {
  it('rejects a publish aedes never calls back, and the publishes queued behind it still go out, in order', async () => {
    const broker = brokerLosing(1);
    const sink = new AedesSink(broker, { publishTimeoutMs: 100 });
    const started = Date.now();
    const first = sink.publish('auction/a/lot/1', { position: 1 }, { qos: 1, retain: true });
    const second = sink.publish('auction/a/lot/2', { position: 2 }, { qos: 1, retain: true });
    const third = sink.clear('auction/a/lot/3');
    await expect(first).rejects.toThrow('aedes did not take the message on auction/a/lot/1 within 100 ms');
    await expect(second).resolves.toBeUndefined();
    await expect(third).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(broker.topics).toEqual(['auction/a/lot/1', 'auction/a/lot/2', 'auction/a/lot/3']);
  });

  it('passes on an error aedes calls back with, and does not time out a publish it acknowledged', async () => {
    const publish = ((_packet: unknown, callback: (error?: Error) => void) => callback(new Error('refused'))) as unknown as Publish;
    await expect(new AedesSink({ publish }, { publishTimeoutMs: 50 }).publish('t', {}, { qos: 1, retain: false })).rejects.toThrow('refused');
    const sink = new AedesSink(brokerLosing(0), { publishTimeoutMs: 50 });
    await expect(sink.publish('t', {}, { qos: 0, retain: false })).resolves.toBeUndefined();
    // No timer left behind to reject later: a second publish after the bound still resolves on its own.
    await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(sink.publish('t', {}, { qos: 0, retain: false })).resolves.toBeUndefined();
  });
});
