import type { INestApplication, Provider } from '@nestjs/common';
import type { EventStore, StoredEvent } from '@auction/event-store';
import {
  AedesSink, LivePublisher, MqttClientSink, describeError, redact, startClockTicks, startEmbeddedBroker, startMosquittoBridge,
  type EmbeddedBroker, type EmbeddedBrokerOptions, type LiveLogger, type LivePublisherStats, type MosquittoBridge,
} from '@auction/messaging';
import type { JsonLogger } from '../config/json-logger.js';
import { CLOCK, EVENT_STORE, type Clock } from '../engine/tokens.js';
import { upcast } from '../engine/upcasters.js';
import { LIVE_CONFIG, loadLiveConfig, type LiveConfig } from './live-config.js';
import { startLiveEdgeCheck, type LiveEdgeCheck } from './live-edge.js';
import { startEdgeControl, type EdgeBacklog } from './live-edge-control.js';
import { LiveCredentialsController } from './live-credentials.controller.js';
import { LiveReadModel } from '../engine/live-read-model.js';
import { SalesLookup } from '../engine/sales-lookup.js';
import { auctionFollowableBy, auctionSeenNow, salesViewerOf } from '../engine/sales-access.js';
import { LiveGateway } from './live.gateway.js';
import { LiveSessions } from './live-sessions.js';
import { SocketIoSink } from './socket-io.sink.js';

/** Consumer group of the live publisher on the transport (one publisher per auction across instances). */
export const LIVE_CONSUMER_GROUP = 'live-publisher';

/** Controllers of the live channel, for `AppModule.forRoot`: `GET /api/v1/secure/live-credentials`. */
export const LIVE_CONTROLLERS = [LiveCredentialsController];

/**
 * Providers of the live channel, for `AppModule.forRoot`: the publisher (sinks are added by {@link startLive}), the
 * live sessions (who may stay connected) and the gateway.
 */
export const LIVE_PROVIDERS: Provider[] = [
  {
    provide: LivePublisher,
    useFactory: (store: EventStore, clock: Clock) => new LivePublisher({ store, sinks: [], now: () => clock.now(), upcast }),
    inject: [EVENT_STORE, CLOCK],
  },
  { provide: LIVE_CONFIG, useFactory: () => loadLiveConfig() },
  LiveSessions,
  LiveGateway,
];

/** What {@link startLive} needs of the transport port (`EventTransport` of `@auction/messaging` fits). */
export interface LiveEventSource {
  consume(
    options: { readonly group: string; readonly resumeAfter: () => Promise<number>; readonly fromBeginning?: boolean },
    handler: (events: StoredEvent[]) => Promise<void>,
  ): Promise<{ stop(): Promise<void> }>;
}

/** Registers a gauge read at scrape time (the API's `Metrics.gauge`). */
export type GaugeRegistrar = (name: string, help: string, read: () => number) => void;

/** Options of {@link startLive}. */
export interface StartLiveOptions {
  readonly store: EventStore;
  readonly logger: JsonLogger;
  /** Where the events come from; default: follow the event store itself (the in-process way). */
  readonly transport?: LiveEventSource;
  readonly env?: NodeJS.ProcessEnv;
  readonly gauge?: GaugeRegistrar;
  /** What the model applied since the API listens ({@link watchEdgeChanges}), told to Mosquitto's edge plugin at its start. */
  readonly edgeBacklog?: EdgeBacklog;
}

/** The running live channel. */
export interface LiveServices {
  readonly config: LiveConfig;
  readonly publisher: LivePublisher;
  readonly broker: EmbeddedBroker;
  readonly bridge: MosquittoBridge | null;
  stats(): LivePublisherStats & { mqttClients: number; socketIoClients: number };
  close(): Promise<void>;
}

/**
 * Starts the live channel on an initialized, listening app: the embedded MQTT broker at `/mqtt` of the
 * API's port (plus TCP on 127.0.0.1:MQTT_TCP_PORT), the publisher's sinks and its consumer.
 * Embedded mode: the publisher writes to the embedded broker and to socket.io, and republishes every
 * auction at start (the broker keeps no retained message across restarts).
 * Server mode (`MQTT_URL`): the publisher writes to Mosquitto; a bridge copies Mosquitto's `auction/#` and
 * `user/#` into this instance's broker and socket.io rooms, so every instance's clients get every message.
 */
export async function startLive(app: INestApplication, options: StartLiveOptions): Promise<LiveServices> {
  const config = loadLiveConfig(options.env);
  const logger = liveLogger(options.logger);
  const httpServer = app.getHttpServer() as EmbeddedBrokerOptions['httpServer'];
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  const sessions = app.get(LiveSessions);
  const publisher = app.get(LivePublisher);
  const gateway = app.get(LiveGateway);
  const model = app.get(LiveReadModel);
  const sales = app.get(SalesLookup);
  publisher.setClearFinalAfterMs(config.clearFinalAfterMs);

  const access = {
    // A subscription to one auction: refused alike for a hidden auction and one that does not exist (read from the log
    // when the index does not know it yet). Each message forwarded: on the index.
    maySubscribeAuction: (idUser: string, idAuction: string) => auctionSeenNow(model, sales, salesViewerOf(model, idUser), idAuction, false),
    mayFollowAuction: (idUser: string, idAuction: string) => auctionFollowableBy(model, idUser, idAuction),
  };
  const brokerOptions: EmbeddedBrokerOptions = {
    httpServer, wsPath: config.wsPath, tcpPort: config.tcpPort, logger, connections: sessions.connections,
    // A live token (the browser's), or a session token (the mobile app's: never handed to page scripts).
    authenticate: (username, token) => {
      const session = sessions.authenticate(token);
      if (!session || session.actor.username.toLowerCase() !== username.toLowerCase()) return null;
      return { idUser: session.actor.idUser, username: session.actor.username, expiresAt: session.expiresAt };
    },
    ...access,
  };
  const broker = await startEmbeddedBroker(brokerOptions).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.warn(`MQTT TCP port ${config.tcpPort} is in use: no MQTT TCP listener (set MQTT_TCP_PORT, 0 disables it)`, {});
    return startEmbeddedBroker({ ...brokerOptions, tcpPort: 0 });
  });
  logger.info(`MQTT over WebSocket at ws://localhost:${port ?? '<port>'}${config.wsPath}`, { mode: config.mode });
  // The heartbeat of this very process, to its own clients: a frozen server shows in the pages within seconds.
  const clock = app.get<Clock>(CLOCK);
  const ticks = startClockTicks(broker.broker, { now: () => clock.now() });
  if (broker.tcpAddress) logger.info(`MQTT TCP at mqtt://127.0.0.1:${broker.tcpAddress.port}`, {});

  const socketSink = new SocketIoSink(() => gateway.namespace);
  logger.info(`socket.io live channel at http://localhost:${port ?? '<port>'}/live`, {});
  let bridge: MosquittoBridge | null = null;
  let edgeCheck: LiveEdgeCheck | null = null;
  let edgeControl: { stop(): void } | null = null;
  if (config.mqttUrl) {
    const mqttSink = new MqttClientSink(config.mqttUrl, config.mqttUsername, config.mqttPassword, { logger });
    publisher.addSink(mqttSink);
    bridge = startMosquittoBridge({
      url: config.mqttUrl, username: config.mqttUsername, password: config.mqttPassword, broker: broker.broker, forward: [socketSink], logger,
      clearFinalAfterMs: config.clearFinalAfterMs, now: () => clock.now(),
      // Who may follow an auction is read from this instance's index of the log: a message waits until the index has
      // applied it (at most 2 s from its arrival), so a template right withdrawn before an offer is known when the offer
      // is forwarded.
      readSideAt: (position, withinMs) => (position <= model.currentPosition ? null : model.waitFor(position, withinMs)),
    });
    if (config.edge) {
      // LIVE_EDGE=mosquitto: browsers subscribe on Mosquitto, whose plugin asks this edge check (same rules as /mqtt).
      edgeCheck = await startLiveEdgeCheck({
        host: config.edge.authHost, port: config.edge.authPort, secret: config.edge.authSecret, logger,
        access: { ...access, authenticate: (token) => sessions.authenticate(token) },
      });
      edgeControl = startEdgeControl({ client: mqttSink.client, model, now: () => clock.now(), logger, backlog: options.edgeBacklog });
      logger.info(`live edge: browsers on Mosquitto at ${config.edge.publicUrl}, checked at http://${edgeCheck.address.address}:${edgeCheck.address.port}`, {});
    }
    const url = redact(config.mqttUrl);
    await Promise.all([mqttSink.ready(), bridge.ready()]).then(
      () => logger.info(`live messages published to Mosquitto at ${url}, bridged into this instance's broker and socket.io`, {}),
      (error: unknown) => logger.error(`Mosquitto at ${url} not reachable yet (retrying in the background)`, { error: describeError(error) }),
    );
  } else {
    publisher.addSink(new AedesSink(broker.broker));
    publisher.addSink(socketSink);
    // One instance gets every event: socket.io snapshots come from memory, without reading the store.
    publisher.setFollowsAllStreams(true);
  }

  // No edge plugin to tell: the backlog stops gathering.
  if (!edgeControl) options.edgeBacklog?.take();

  // An in-process consumer starts after the current head: the prime below (embedded) or Mosquitto's retained
  // state (server) covers what came before. A Kafka group resumes from its offsets; a new group reads the
  // whole log once, so Mosquitto gets every auction's state.
  const head = await options.store.headPosition();
  const consumer = options.transport
    ? await options.transport.consume({ group: `${process.env.KAFKA_GROUP_PREFIX ?? ''}${LIVE_CONSUMER_GROUP}`, resumeAfter: async () => head, fromBeginning: true }, publisher.handle)
    : storeConsumer(options.store, head, afterIndex(model, publisher.handle));
  if (config.mode === 'embedded') {
    const auctions = await publisher.prime();
    logger.info('live state published', { auctions, position: publisher.stats().lastPosition });
  }

  const stats = () => ({ ...publisher.stats(), mqttClients: broker.connectedClients(), socketIoClients: gateway.connectedClients() });
  options.gauge?.('live_mqtt_clients', 'MQTT clients connected to this instance', () => broker.connectedClients());
  options.gauge?.('live_socketio_clients', 'socket.io clients connected to /live', () => gateway.connectedClients());
  options.gauge?.('live_messages_published', 'Live messages accepted by the sinks since start', () => publisher.stats().messagesPublished);
  options.gauge?.('live_messages_pending', 'Live messages waiting for a retry', () => publisher.stats().pendingMessages);
  options.gauge?.('live_last_position', 'Global position of the last event applied by the live publisher', () => publisher.stats().lastPosition);

  return {
    config, publisher, broker, bridge, stats,
    close: async () => {
      ticks.stop();
      edgeControl?.stop();
      await edgeCheck?.close();
      await consumer.stop();
      await bridge?.close();
      await publisher.close();
      await broker.close();
    },
  };
}

/**
 * The publisher's handler, run once the engine's index has applied the batch (at most 2 s later): who may follow an
 * auction is read from the index when a message is forwarded, so the index must know an auction before its first
 * message goes out (the Mosquitto bridge does the same in server mode).
 */
function afterIndex(model: LiveReadModel, handler: LivePublisher['handle']): LivePublisher['handle'] {
  return async (events) => {
    const last = events.at(-1)?.position ?? 0;
    if (last > model.currentPosition) await model.waitFor(last, 2_000);
    return handler(events);
  };
}

function storeConsumer(store: EventStore, after: number, handler: LivePublisher['handle']): { stop(): Promise<void> } {
  const subscription = store.subscribe(after, (batch) => handler(batch));
  return { stop: () => subscription.close() };
}

function liveLogger(logger: JsonLogger): LiveLogger {
  const line = (message: string, extra?: Record<string, unknown>) => (extra && Object.keys(extra).length ? `${message} ${JSON.stringify(extra)}` : message);
  return {
    info: (message, extra) => logger.info(message, extra ?? {}, 'Live'),
    warn: (message, extra) => logger.warn(line(message, extra), 'Live'),
    error: (message, extra) => logger.error(line(message, extra), undefined, 'Live'),
  };
}
