import { describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { kafkaLogCreator } from './kafka-logger.js';
import { DEFAULT_TOPIC_PARTITIONS, loadTopicSpecs, notReady, parseTopicsConf, notReadyAnswer } from './topics.js';

describe('parseTopicsConf', () => {
  it('reads one topic per line, skipping comments and blank lines', () => {
    const text = [
      '# topics',
      '',
      'auction-events  partitions=6 retention.ms=604800000 cleanup.policy=delete   # the log',
      '   ',
      'live.snapshots partitions=3 cleanup.policy=compact',
      'plain',
    ].join('\n');
    expect(parseTopicsConf(text)).toEqual([
      { name: 'auction-events', partitions: 6, config: { 'retention.ms': '604800000', 'cleanup.policy': 'delete' } },
      { name: 'live.snapshots', partitions: 3, config: { 'cleanup.policy': 'compact' } },
      { name: 'plain', partitions: DEFAULT_TOPIC_PARTITIONS, config: {} },
    ]);
  });

  it('names the line of a mistake', () => {
    expect(() => parseTopicsConf('ok partitions=1\nbad partitions=0')).toThrow('kafka-topics.conf:2: partitions must be a positive integer');
    expect(() => parseTopicsConf('t retention')).toThrow(/:1: expected key=value/);
    expect(() => parseTopicsConf('a/b partitions=1')).toThrow(/invalid topic name/);
    expect(() => parseTopicsConf('t\nt')).toThrow(/listed twice/);
  });

  it('reads deploy/kafka-topics.conf of the repository', async () => {
    const specs = await loadTopicSpecs();
    expect(specs.find((spec) => spec.name === 'auction-events')).toMatchObject({ partitions: expect.any(Number) });
  });
});

describe('notReady: a new topic\'s "not there yet" answers', () => {
  it('reads the protocol error\'s type, also under kafkajs\' retries-exceeded wrapper, and nothing else', async () => {
    const { KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } = (await import('kafkajs')).default as unknown as {
      KafkaJSNumberOfRetriesExceeded: new (e: Error, o: { retryCount: number; retryTime: number }) => Error;
      KafkaJSProtocolError: new (e: { message: string; type: string; code: number; retriable: boolean }) => Error;
    };
    const leader = new KafkaJSProtocolError({ message: 'There is no leader for this topic-partition', type: 'LEADER_NOT_AVAILABLE', code: 5, retriable: true });
    expect(notReady(leader)).toBe(true);
    expect(notReady(new KafkaJSNumberOfRetriesExceeded(leader, { retryCount: 5, retryTime: 1000 }))).toBe(true);
    const denied = new KafkaJSProtocolError({ message: 'denied', type: 'TOPIC_AUTHORIZATION_FAILED', code: 29, retriable: false });
    expect(notReady(new KafkaJSNumberOfRetriesExceeded(denied, { retryCount: 5, retryTime: 1000 }))).toBe(false);
    expect(notReady(new Error('boom'))).toBe(false);
    expect(notReady(null)).toBe(false);
  });
});

describe('notReadyAnswer', () => {
  it("drops kafkajs' error lines about a metadata answer of a topic not ready yet, and keeps every other line", () => {
    const lines: string[] = [];
    const logger = {
      warn: (message: string) => void lines.push(`warn ${message}`),
      error: (message: string, extra?: Record<string, unknown>) => void lines.push(`error ${message} ${String(extra?.['error'])}`),
    };
    const log = kafkaLogCreator(logger, [notReadyAnswer])(logLevel.WARN);
    const entry = (message: string, error: string) => ({
      namespace: 'Connection',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: '', logger: 'kafkajs', message, error },
    });
    log(entry('Response Metadata(key: 3, version: 6)', 'This server does not host this topic-partition'));
    log(entry('Response Metadata(key: 3, version: 6)', 'There is no leader for this topic-partition as we are in the middle of a leadership election'));
    log(entry('Response Metadata(key: 3, version: 6)', 'Not authorized to access topics: [Topic authorization failed]'));
    log(entry('Response CreateTopics(key: 19, version: 3)', 'This server does not host this topic-partition'));
    expect(lines).toEqual([
      'error kafkajs Connection: Response Metadata(key: 3, version: 6) Not authorized to access topics: [Topic authorization failed]',
      'error kafkajs Connection: Response CreateTopics(key: 19, version: 3) This server does not host this topic-partition',
    ]);
  });
});
