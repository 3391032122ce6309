import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteTopics, memoryLogger, requireBrokers, uniqueTopic } from './kafka.test-support.js';
import { ensureTopics, type TopicSpec } from './topics.js';

const brokers = requireBrokers();
const names = [uniqueTopic('ensure-a'), uniqueTopic('ensure-b')];

afterAll(async () => {
  await deleteTopics(brokers, names);
});

describe('ensureTopics', () => {
  it('creates missing topics with their partitions and configs, and is idempotent', async () => {
    const specs: TopicSpec[] = [
      { name: names[0]!, partitions: 3, config: { 'retention.ms': '3600000', 'cleanup.policy': 'delete' } },
      { name: names[1]!, partitions: 2, config: {} },
    ];
    const logger = memoryLogger();
    expect(await ensureTopics(brokers, { topics: specs.slice(0, 1), logger })).toEqual({ created: [names[0]], existing: [] });
    expect(await ensureTopics(brokers, { topics: specs, logger })).toEqual({ created: [names[1]], existing: [names[0]] });
    expect(await ensureTopics(brokers, { topics: specs, logger })).toEqual({ created: [], existing: names });

    const admin = new Kafka({ clientId: 'check', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: names });
      expect(topics.map((topic) => topic.partitions.length).sort()).toEqual([2, 3]);
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: 2, name: names[0]!, configNames: ['retention.ms'] }],
      });
      expect(resources[0]!.configEntries[0]!.configValue).toBe('3600000');
    } finally {
      await admin.disconnect();
    }
    expect(logger.lines, logger.lines.join('\n')).toEqual([]);
  });

  it('reports an existing topic with fewer partitions than configured without altering it', async () => {
    const logger = memoryLogger();
    await ensureTopics(brokers, { topics: [{ name: names[1]!, partitions: 5, config: {} }], logger });
    expect(logger.lines.join('\n')).toMatch(/has 2 partitions, 5 configured/);
  });
});
