import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_PARTITIONS, loadTopicSpecs, parseTopicsConf } from './topics.js';

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
