import { describe, expect, it } from 'vitest';
import { FakeSink } from './live.test-support.js';
import { SinkQueue, YIELD_EVERY, type LiveMessage } from './sink-queue.js';

const lotMessage = (idLot: string, position: number): LiveMessage => {
  const topic = `auction/a/lot/${idLot}`;
  return { key: `${topic}@${position}`, conflate: topic, topic, payload: { idLot, position }, position, options: { retain: true, qos: 1 } };
};

describe('SinkQueue', () => {
  it('delivers every message of a topic in position order, none conflated while the sink keeps up', async () => {
    const sink = new FakeSink();
    const queue = new SinkQueue(sink, 3);
    const batch = [5, 1, 4, 2, 3].map((p) => lotMessage('x', p));
    expect(await queue.flush(batch)).toBeNull();
    expect(sink.received.map((r) => r.payload['position'])).toEqual([1, 2, 3, 4, 5]);
    expect(queue.conflated).toBe(0);
  });

  it('keeps a failing sink\'s short backlog whole, and conflates per topic only past its limit', async () => {
    const sink = new FakeSink();
    const queue = new SinkQueue(sink, 4);
    sink.failing = true;
    expect(await queue.flush([lotMessage('x', 1), lotMessage('x', 2), lotMessage('y', 3)])).toMatchObject({ count: 3 });
    expect(queue.pending).toBe(3);
    // Past the limit: the newest of each topic stays.
    expect(await queue.flush([lotMessage('x', 4), lotMessage('y', 5)])).toMatchObject({ count: 2 });
    expect(queue.pending).toBe(2);
    expect(queue.conflated).toBe(3);
    sink.failing = false;
    expect(await queue.flush([])).toBeNull();
    expect(sink.received.map((r) => [r.topic, r.payload['position']])).toEqual([['auction/a/lot/x', 4], ['auction/a/lot/y', 5]]);
    // A redelivered older position never goes out after a newer one on the same topic.
    expect(await queue.flush([lotMessage('x', 2)])).toBeNull();
    expect(sink.received).toHaveLength(2);
    expect(queue.staleDropped).toBe(1);
  });

  it('lets pending I/O run during a long flush (an auction of thousands of lots closing), and still publishes in order', async () => {
    const order: string[] = [];
    const sink = new FakeSink();
    const publish = sink.publish.bind(sink);
    sink.publish = (topic, payload, options) => {
      order.push('publish');
      return publish(topic, payload, options);
    };
    const queue = new SinkQueue(sink);
    const count = YIELD_EVERY * 4;
    // Scheduled as an HTTP request's callback would be, before the flush starts.
    setImmediate(() => order.push('io'));
    expect(await queue.flush(Array.from({ length: count }, (_, i) => lotMessage(`l${i}`, count - i)))).toBeNull();
    // It ran once the first slice was started, long before the last message.
    expect(order.indexOf('io')).toBe(YIELD_EVERY);
    expect(sink.received.map((r) => r.payload['position'])).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });
});
