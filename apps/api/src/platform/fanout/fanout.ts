import type { EventStore, StoredEvent } from '@auction/event-store';
import {
  InProcessTransport, Relay, loadKafka, type ConsumerHandle, type EventTransport, type KafkaClientTransport, type TransportLogger,
} from '@auction/messaging';
import { withoutSecrets } from '@auction/domain';
import { serviceUnreachable } from '../config/startup-error.js';
import { Projector, createReadModelDb, rebuildReadModels, type ReadModelDb } from '@auction/read-models';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import type { JsonLogger } from '../config/json-logger.js';
import { settledWithin } from '../engine/bounded.js';
import { upcastStored } from '../engine/upcasters.js';
import { SqlCheckpointStore } from './sql-checkpoint-store.js';

/** Consumer group of the read-model projector. */
export const PROJECTOR_GROUP = 'read-models';

/** Progress of the last read-model rebuild. */
export interface RebuildStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  position: number;
  head: number;
  events: number;
  seconds: number;
  eventsPerSecond?: number;
  error?: string;
}

/** How far the read models are behind the log, and what went wrong projecting it. */
export interface ProjectionLag {
  head: number;
  projected: number;
  projectionLag: number | null;
  relayLag: number | null;
  /** Batches that failed since start (each delivered again). */
  projectorErrors: number;
  /** Events parked: the projection failed on them and went on (listed at `GET /api/v1/admin/read-models/parked`). */
  parkedEvents: number;
  failing: { message: string; since: string } | null;
}

/** The transport's and the relay's log lines, as the fan-out's. */
function transportLogger(logger: JsonLogger): TransportLogger {
  return {
    warn: (msg) => logger.warn(msg, 'Fanout'),
    error: (msg) => logger.error(msg, undefined, 'Fanout'),
  };
}

/**
 * The fan-out of the event log: the transport (in-process, or Kafka with a relay publishing the log
 * from its checkpoint), the read-model projector consuming it, and rebuilds beside the live tables.
 */
export class Fanout {
  readonly transport: EventTransport;
  readonly projector: Projector;
  private readonly relay: Relay | null;
  /** The Kafka transport, in Kafka mode (the same object as {@link transport}); null in-process. */
  private readonly kafka: KafkaClientTransport | null;
  private consumer: ConsumerHandle | null = null;
  private projectorErrors = 0;
  /** Events parked, as counted in the database when the projector started, plus those parked since (null: not read yet). */
  private parkedKnown: number | null = null;
  /** The last failed batch's error while batches keep failing (null once one is applied again). */
  private failing: { message: string; since: string } | null = null;
  rebuild: RebuildStatus = { state: 'idle', position: 0, head: 0, events: 0, seconds: 0 };

  private constructor(
    private readonly store: EventStore,
    readonly db: ReadModelDb,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
    kafka: KafkaClientTransport | null,
  ) {
    const log = transportLogger(logger);
    // Embedded, this process's projector is the only writer of its checkpoints: they are read once, then known.
    this.projector = new Projector({
      db, upcast: upcastStored, cacheCheckpoints: db.kind === 'pglite',
      onParked: (row) => {
        if (this.parkedKnown !== null) this.parkedKnown++;
        logger.error(`projection parked ${row.type} at position ${row.position} (${row.streamId}): ${row.error}`, undefined, 'Fanout');
      },
    });
    this.kafka = kafka;
    if (kafka) {
      this.transport = kafka;
      // Legacy secrets (password hashes in old UserRegistered bodies) never reach the topic.
      this.relay = new Relay({ store, producer: kafka, checkpoints: new SqlCheckpointStore(db), logger: log, redact: withoutSecrets });
    } else {
      this.transport = new InProcessTransport(store);
      this.relay = null;
    }
  }

  /** Opens the read-model database and, in Kafka mode, makes sure the topics exist. */
  static async open(store: EventStore, config: AppConfig, logger: JsonLogger, freshCluster?: Blob): Promise<Fanout> {
    const db = await createReadModelDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'read-models'),
      loadDataDir: config.databaseUrl ? undefined : freshCluster,
      sharedBuffers: config.pgliteSharedBuffers,
    });
    let kafka: KafkaClientTransport | null = null;
    if (config.kafkaBrokers) {
      // Kafka's clients load only here: the embedded default does not hold them (transport/index.ts in @auction/messaging).
      const { createKafkaTransport, ensureTopics, loadTopicSpecs } = await loadKafka();
      // The configured topic gets the settings of the product's events topic when the file does not name it.
      const specs = await loadTopicSpecs();
      const base = specs.find((t) => t.name === 'auction-events') ?? specs[0];
      const topics = specs.some((t) => t.name === config.kafkaTopic) || !base ? specs : [...specs, { ...base, name: config.kafkaTopic }];
      const { created } = await ensureTopics(config.kafkaBrokers, { clientId: config.instanceId, topics }).catch(async (err: unknown) => {
        await db.close().catch(() => undefined);
        throw serviceUnreachable('KAFKA_BROKERS', `Kafka at ${config.kafkaBrokers!.join(',')} did not answer`, err);
      });
      logger.info(`Kafka fan-out at ${config.kafkaBrokers.join(',')}`, { topic: config.kafkaTopic, created }, 'Fanout');
      kafka = createKafkaTransport({
        brokers: config.kafkaBrokers, topic: config.kafkaTopic, clientId: config.instanceId, logger: transportLogger(logger),
        sessionTimeoutMs: config.kafkaSessionTimeoutMs,
      }, config.kafkaClient);
    }
    logger.info(`read models in ${db.kind === 'pglite' ? `PGlite (${join(config.dataDir, 'read-models')})` : 'PostgreSQL'}`, { schema: db.schema }, 'Fanout');
    return new Fanout(store, db, config, logger, kafka);
  }

  /** Starts the relay (Kafka mode) and, when this instance runs projections, the projector's consumer. */
  async start(): Promise<void> {
    if (this.relay) await this.relay.start();
    if (this.config.projections) await this.startProjector();
  }

  /** Starts consuming into the read models (idempotent). */
  async startProjector(): Promise<void> {
    if (this.consumer) return;
    this.parkedKnown = await this.projector.parkedCount();
    this.consumer = await this.transport.consume(
      { group: `${this.config.kafkaGroupPrefix}${PROJECTOR_GROUP}`, resumeAfter: () => this.projector.resumePosition(), fromBeginning: true },
      async (batch) => {
        try {
          await this.projector.apply(batch);
          this.failing = null;
        } catch (error) {
          this.projectorErrors++;
          const message = error instanceof Error ? error.message : String(error);
          this.failing = { message, since: this.failing?.since ?? new Date().toISOString() };
          this.logger.warn(`projection batch failed, it will be delivered again: ${message}`, 'Fanout');
          throw error;
        }
      },
    );
  }

  /** Stops the projector's consumer (operators, tests); queries then serve what is projected so far. */
  async stopProjector(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = null;
    await consumer?.stop();
  }

  /** True while the projector consumes. */
  get projecting(): boolean {
    return this.consumer !== null;
  }

  /**
   * Lag figures; `projectionLag` is null when Kafka cannot be asked (broker away): unknown, not zero. `parkedEvents`:
   * events the projection failed on and went past; `failing`: the error of the batches failing now (they are retried).
   */
  async lag(): Promise<ProjectionLag> {
    const head = await this.store.headPosition();
    const projected = await this.projector.resumePosition();
    const health = { projectorErrors: this.projectorErrors, parkedEvents: await this.projector.parkedCount(), failing: this.failing };
    if (!this.kafka || !this.relay) {
      return { head, projected, projectionLag: Math.max(0, head - projected), relayLag: null, ...health };
    }
    // Partitions are consumed in any order: the highest checkpoint says nothing of the others. What is
    // left is what the relay has not published plus what the projector's group has not committed.
    const relayLag = await this.relay.lag();
    const groupLag = await this.kafka.groupLag(`${this.config.kafkaGroupPrefix}${PROJECTOR_GROUP}`).catch(() => Number.NaN);
    const projectionLag = Number.isNaN(groupLag) ? null : relayLag + groupLag;
    return { head, projected, projectionLag, relayLag, ...health };
  }

  /**
   * The figures of `/api/health`, without waiting for the read-model database when this instance projects (the embedded
   * PGlite runs one statement at a time, and health must answer while the projector catches up): its position and
   * parked count are known in memory. Otherwise, or with Kafka (whose lag the broker knows), {@link lag}, at most 1 s.
   */
  async healthLag(): Promise<ProjectionLag> {
    if (this.projecting && !this.relay && this.parkedKnown !== null) {
      const head = await this.store.headPosition();
      const projected = this.projector.position;
      return {
        head, projected, projectionLag: Math.max(0, head - projected), relayLag: null,
        projectorErrors: this.projectorErrors, parkedEvents: this.parkedKnown, failing: this.failing,
      };
    }
    const lag = await settledWithin(this.lag(), 1000);
    if (lag) return lag;
    return {
      head: await this.store.headPosition(), projected: this.projector.position, projectionLag: null, relayLag: null,
      projectorErrors: this.projectorErrors, parkedEvents: this.parkedKnown ?? 0, failing: this.failing,
    };
  }

  /** Starts a rebuild of every read model beside the live one (no-op while one runs). */
  startRebuild(): RebuildStatus {
    if (this.rebuild.state === 'running') return this.rebuild;
    const started = Date.now();
    this.rebuild = { state: 'running', position: 0, head: 0, events: 0, seconds: 0 };
    rebuildReadModels({
      store: this.store, db: this.db, upcast: upcastStored,
      pauseLive: () => this.projector.pause(),
      onProgress: (position, head) => Object.assign(this.rebuild, { position, head, seconds: (Date.now() - started) / 1000 }),
    }).then(
      (result) => {
        // The swapped-in tables have their own parked list: what the rebuild still could not project.
        this.projector.parkedCount().then((n) => { this.parkedKnown = n; }, () => { this.parkedKnown = null; });
        this.rebuild = { state: 'done', position: result.position, head: result.position, events: result.events, seconds: result.seconds, eventsPerSecond: result.eventsPerSecond };
        this.logger.info('read models rebuilt and swapped in', { ...result }, 'Fanout');
      },
      (error: unknown) => {
        this.rebuild = { ...this.rebuild, state: 'failed', error: error instanceof Error ? error.message : String(error) };
        this.logger.error(`read-model rebuild failed: ${this.rebuild.error}`, undefined, 'Fanout');
      },
    );
    return this.rebuild;
  }

  /** Stops consumers and the relay, closes connections. */
  async close(): Promise<void> {
    await this.stopProjector();
    await this.relay?.stop();
    await this.transport.close();
    await this.db.close();
  }
}
