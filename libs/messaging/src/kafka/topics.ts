import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Kafka, type Admin } from 'kafkajs';
import { consoleTransportLogger, type TransportLogger } from '../transport/transport-logger.js';
import { KAFKA_LOG_LEVEL, kafkaLogCreator } from './kafka-logger.js';

/** One topic of `deploy/kafka-topics.conf`. */
export interface TopicSpec {
  name: string;
  partitions: number;
  /** Topic configs (`retention.ms`, `cleanup.policy`, ...), passed to Kafka as they are. */
  config: Record<string, string>;
}

/** Partitions of a topic whose line names none (as tools/infra/services/kafka.sh does). */
export const DEFAULT_TOPIC_PARTITIONS = 6;

/** `deploy/kafka-topics.conf` of this repository (same depth from `src/kafka` and `dist/kafka`). */
export const DEFAULT_TOPICS_FILE = fileURLToPath(new URL('../../../../deploy/kafka-topics.conf', import.meta.url));

const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;
const ENTRY = /^([A-Za-z0-9._-]+)=(.+)$/;

/**
 * Parses the topics file: one topic per line, `name partitions=N key=value ...`; `#` starts a
 * comment; blank lines are skipped. Every key other than `partitions` is a topic config.
 */
export function parseTopicsConf(text: string, source = 'kafka-topics.conf'): TopicSpec[] {
  const specs: TopicSpec[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const fields = rawLine.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0) return;
    const where = `${source}:${index + 1}`;
    const [name, ...entries] = fields as [string, ...string[]];
    if (!TOPIC_NAME.test(name)) throw new Error(`${where}: invalid topic name '${name}'`);
    const spec: TopicSpec = { name, partitions: DEFAULT_TOPIC_PARTITIONS, config: {} };
    for (const entry of entries) {
      const match = ENTRY.exec(entry);
      if (!match) throw new Error(`${where}: expected key=value, got '${entry}'`);
      const [, key, value] = match as unknown as [string, string, string];
      if (key === 'partitions') {
        const partitions = Number(value);
        if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`${where}: partitions must be a positive integer`);
        spec.partitions = partitions;
      } else {
        spec.config[key] = value;
      }
    }
    if (specs.some((other) => other.name === name)) throw new Error(`${where}: topic '${name}' listed twice`);
    specs.push(spec);
  });
  return specs;
}

/** Reads and parses the topics file (default: `$KAFKA_TOPICS_CONF`, else {@link DEFAULT_TOPICS_FILE}). */
export async function loadTopicSpecs(file = process.env['KAFKA_TOPICS_CONF'] ?? DEFAULT_TOPICS_FILE): Promise<TopicSpec[]> {
  return parseTopicsConf(await readFile(file, 'utf8'), file);
}

/** Options of {@link ensureTopics}. */
export interface EnsureTopicsOptions {
  /** Topics to ensure; default: those of the topics file. */
  topics?: TopicSpec[];
  /** Topics file, when `topics` is not given. */
  file?: string;
  clientId?: string;
  logger?: TransportLogger;
  /** Replication factor of new topics; default -1, the broker's `default.replication.factor`. */
  replicationFactor?: number;
  /** How long new topics may take to have a leader on every partition; default 30 s. */
  leaderWaitMs?: number;
}

/** What {@link ensureTopics} found and did. */
export interface EnsureTopicsResult {
  created: string[];
  existing: string[];
}

/**
 * Creates the topics that do not exist yet (idempotent, safe when several instances start at once).
 * Existing topics are left alone; one with fewer partitions than asked is reported, not altered
 * (adding partitions moves keys to other partitions, which breaks order per auction while it happens).
 */
export async function ensureTopics(brokers: string[], options: EnsureTopicsOptions = {}): Promise<EnsureTopicsResult> {
  const logger = options.logger ?? consoleTransportLogger;
  const specs = options.topics ?? (await loadTopicSpecs(options.file));
  const kafka = new Kafka({
    clientId: options.clientId ?? 'auction-admin',
    brokers,
    logLevel: KAFKA_LOG_LEVEL,
    logCreator: kafkaLogCreator(logger, [notReadyAnswer]),
    retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 8 },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const present = new Set(await admin.listTopics());
    const missing = specs.filter((spec) => !present.has(spec.name));
    if (missing.length > 0) {
      // kafkajs' own wait for leaders (waitForLeaders) retries LEADER_NOT_AVAILABLE only: a broker that answers the new
      // topic's metadata with UNKNOWN_TOPIC_OR_PARTITION a moment longer (under load: a fresh-clone run of 2026-11-26,
      // two products starting at once) failed the product's start. The leaders are awaited here instead.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((spec) => ({
          topic: spec.name,
          numPartitions: spec.partitions,
          replicationFactor: options.replicationFactor ?? -1,
          configEntries: Object.entries(spec.config).map(([name, value]) => ({ name, value })),
        })),
      });
      await untilLeaders(admin, missing.map((spec) => spec.name), options.leaderWaitMs ?? 30_000);
      logger.info?.(`created topics ${missing.map((spec) => spec.name).join(', ')}`);
    }
    const existing = specs.filter((spec) => present.has(spec.name));
    if (existing.length > 0) {
      const { topics } = await admin.fetchTopicMetadata({ topics: existing.map((spec) => spec.name) });
      for (const spec of existing) {
        const have = topics.find((topic) => topic.name === spec.name)?.partitions.length ?? 0;
        if (have < spec.partitions) {
          logger.warn(`topic ${spec.name} has ${have} partitions, ${spec.partitions} configured: not altered`);
        }
      }
    }
    return { created: missing.map((spec) => spec.name), existing: existing.map((spec) => spec.name) };
  } finally {
    await admin.disconnect();
  }
}

/** The texts kafkajs gives the "not ready yet" protocol errors ({@link NOT_READY}) in its response log lines. */
const NOT_READY_TEXT = /does not host this topic-partition|no leader for this topic-partition/;

/**
 * kafkajs' error line about a metadata answer that says "not ready yet": right after a creation it is expected and
 * awaited ({@link untilLeaders}), not trouble (a CI run of 2026-11-25 logged one under load and failed a test).
 */
export function notReadyAnswer(message: string, extra: Record<string, unknown>): boolean {
  return message.startsWith('Response Metadata') && NOT_READY_TEXT.test(String(extra['error'] ?? ''));
}

/** Errors of a topic's metadata that mean "not ready yet" right after its creation. */
const NOT_READY = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

/**
 * Waits until every partition of `topics` has a leader, asking the metadata every 200 ms while the broker answers
 * that the topic or its leader is not there yet; throws the last error after `timeoutMs`.
 */
async function untilLeaders(admin: Admin, topics: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await haveLeaders(admin, topics, Date.now() > deadline))) {
    if (Date.now() > deadline) throw new Error(`Kafka topics without leaders after ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether every partition of `topics` has a leader; false on a "not ready yet" answer, unless `last` (then it throws). */
async function haveLeaders(admin: Admin, topics: readonly string[], last: boolean): Promise<boolean> {
  try {
    const { topics: found } = await admin.fetchTopicMetadata({ topics: [...topics] });
    return topics.every((name) => {
      const partitions = found.find((t) => t.name === name)?.partitions ?? [];
      return partitions.length > 0 && partitions.every((p) => p.leader >= 0);
    });
  } catch (error) {
    if (last || !notReady(error)) throw error;
    return false;
  }
}

/**
 * A "not ready yet" answer, also when kafkajs wrapped it after its own retries (KafkaJSNumberOfRetriesExceeded keeps
 * the protocol error, and its `type`, as its `cause`).
 */
export function notReady(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (NOT_READY.has((e as { type?: string }).type ?? '')) return true;
  }
  return false;
}
