import { randomBytes } from 'node:crypto';
import type { Aedes } from 'aedes';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { AedesSink } from './aedes-sink.js';
import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
import { ClearSchedule, retainedClearAt } from './live-retention.js';
import type { LiveSink } from './live-sink.js';
import { redact } from './mqtt-client-sink.js';

/**
 * The bridge clears a final state in Mosquitto this long after its publisher should have: normally the publisher's
 * clear arrives first and cancels the bridge's, which only stands in for a publisher stopped meanwhile.
 */
const BRIDGE_CLEAR_GRACE_MS = 10_000;

/** Options of {@link startMosquittoBridge}. */
export interface MosquittoBridgeOptions {
  /** Mosquitto URL, e.g. `mqtt://127.0.0.1:1883`. */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** This instance's edge broker: every message from Mosquitto is published into it. */
  readonly broker: Aedes;
  /** Other sinks fed with the same messages (socket.io rooms of this instance). */
  readonly forward?: readonly LiveSink[];
  /** Default `['auction/#', 'user/#']`. */
  readonly topics?: readonly string[];
  readonly logger?: LiveLogger;
  /**
   * Holds a message until this instance's read side has applied the message's log `position`, since who may follow an
   * auction is read there: a dealer's rights withdrawn before an offer must not let that offer through on an instance
   * whose index of the log lags behind Kafka. Returns null when the read side is already there (the message goes at
   * once), else a promise that settles when it is or after `withinMs`. Messages keep their order: one held, those after
   * it wait too, but each at most {@link readSideWaitMs} from its arrival (stale retained state from before a restore of
   * the database, whose positions the log never reaches, delays the messages behind it once, not once per message).
   */
  readonly readSideAt?: (position: number, withinMs: number) => Promise<void> | null;
  /** The longest a message waits for the read side, from its arrival (default 2,000 ms). */
  readonly readSideWaitMs?: number;
  /**
   * How long a final retained state (see `isFinalLiveState`) lives after its `serverTime` stamp (the publisher's
   * `clearFinalAfterMs`). One older than that (history left by a stopped publisher, e.g. at this instance's start) is
   * not copied, and the bridge clears it in Mosquitto; a younger one is copied and cleared in Mosquitto when it is due,
   * should its publisher be gone by then. Null or absent: every message is copied and nothing is cleared.
   */
  readonly clearFinalAfterMs?: number | null;
  /** The clock the publishers stamp `serverTime` with (the API's clock), for `clearFinalAfterMs`; default `Date.now`. */
  readonly now?: () => number;
  /** Extra mqtt.js options (tests). */
  readonly client?: Partial<IClientOptions>;
}

/** A running bridge. */
export interface MosquittoBridge {
  readonly client: MqttClient;
  /** Messages copied into the edge broker so far. */
  stats(): { received: number; copied: number; staleDropped: number; errors: number; held: number; finalDropped: number; cleared: number };
  /** Resolves once subscribed (Mosquitto then sends its retained messages). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Server mode: the live publisher writes to Mosquitto; every API instance's embedded broker stays the
 * authenticating edge for its browsers and gets Mosquitto's `auction/#` and `user/#` through this bridge,
 * so retained state reaches the clients of every instance. The bridge speaks MQTT 5 to Mosquitto and
 * subscribes with retain-as-published, so the retain flag of every message is kept as its publisher set
 * it (with MQTT 3.1.1 a forwarded live message loses it and the edge would keep a stale retained state).
 * A retained message whose JSON `position` is not above the last one copied for its topic (Mosquitto
 * re-sends retained state after every reconnection) is dropped.
 */
export function startMosquittoBridge(options: MosquittoBridgeOptions): MosquittoBridge {
  const logger = options.logger ?? silentLiveLogger;
  const topics = options.topics ?? ['auction/#', 'user/#'];
  const counters = { received: 0, copied: 0, staleDropped: 0, errors: 0, held: 0, finalDropped: 0, cleared: 0 };
  const clearAfterMs = options.clearFinalAfterMs ?? null;
  const lastPosition = new Map<string, number>();
  const edge = new AedesSink(options.broker);
  const client = connect(options.url, {
    username: options.username, password: options.password,
    clientId: `auction-bridge-${randomBytes(6).toString('hex')}`,
    protocolVersion: 5, clean: true, reconnectPeriod: 1000, connectTimeout: 10_000, resubscribe: false,
    ...options.client,
  });
  // Clears in Mosquitto, which sends the empty retained message back to every bridge (this one included): that copy
  // clears each edge broker. Several instances clearing the same topic do no harm.
  const clearInMosquitto = (topic: string): void => {
    client.publishAsync(topic, '', { qos: 1, retain: true }).then(
      () => void counters.cleared++,
      (error: unknown) => logger.warn('MQTT bridge could not clear a retained message', { topic, error: describeError(error) }),
    );
  };
  const now = options.now ?? Date.now;
  const clears = new ClearSchedule(clearInMosquitto, now);
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));

  client.on('connect', () => {
    // Subscribe on every (re)connection: a clean session forgets subscriptions, and Mosquitto then re-sends retained state.
    client.subscribeAsync(Object.fromEntries(topics.map((t) => [t, { qos: 1 as const, rap: true }])))
      .then(() => subscribed(), (error: unknown) => logger.error('MQTT bridge subscribe failed', { url: redact(options.url), error: describeError(error) }));
  });
  client.on('error', (error) => logger.warn('MQTT bridge connection error', { url: redact(options.url), error: describeError(error) }));
  const copy = (topic: string, payload: Buffer, retain: boolean, body: Record<string, unknown> | null): void => {
    edge.publishBuffer(topic, payload, { qos: 1, retain }, body?.['position']).then(
      () => void counters.copied++,
      (error: unknown) => {
        counters.errors++;
        logger.warn('MQTT bridge could not copy a message', { topic, error: describeError(error) });
      },
    );
    if (!body) return;
    for (const sink of options.forward ?? []) {
      sink.publish(topic, body, { retain, qos: 1 }).catch((error: unknown) => {
        counters.errors++;
        logger.warn('MQTT bridge could not forward a message', { sink: sink.name, topic, error: describeError(error) });
      });
    }
  };
  // The messages held for the read side, in order (null: none held, a message goes at once when the read side is there).
  let held: Promise<void> | null = null;
  const readSideWaitMs = options.readSideWaitMs ?? 2_000;
  const readSideAt = (position: unknown, deadline: number): Promise<void> | null => {
    const left = deadline - Date.now();
    return (typeof position === 'number' && left > 0 && options.readSideAt?.(position, left)) || null;
  };

  client.on('message', (topic, payload, packet) => {
    counters.received++;
    const body = parseJson(payload);
    const retain = packet.retain;
    if (retain && payload.length === 0) {
      // A clear: forget the topic (a later state starts afresh) and copy the clear into the edge.
      clears.cancel(topic);
      lastPosition.delete(topic);
    } else if (retain && clearAfterMs !== null) {
      const clearAt = retainedClearAt(topic, body, clearAfterMs);
      if (clearAt === null) clears.cancel(topic);
      else if (clearAt + BRIDGE_CLEAR_GRACE_MS <= now()) {
        // Final for longer than it is kept, and then some: history (no page needs it, they read it over HTTP); gone from
        // Mosquitto too. The grace keeps a live final state (subscribed with `rap`, it arrives retained too) copied with
        // LIVE_CLEAR_FINAL_AFTER_MS=0 or a short delay, or when this clock runs a few seconds ahead of the publisher's.
        counters.finalDropped++;
        clears.cancel(topic);
        clearInMosquitto(topic);
        return;
      } else clears.schedule(topic, clearAt + BRIDGE_CLEAR_GRACE_MS);
    }
    if (retain && typeof body?.['position'] === 'number') {
      // Retained state only: Mosquitto re-sends it on every reconnection.
      const position = body['position'];
      if (position <= (lastPosition.get(topic) ?? 0)) {
        counters.staleDropped++;
        return;
      }
      lastPosition.set(topic, position);
    }
    const deadline = Date.now() + readSideWaitMs;
    const wait = held ? held.then(() => readSideAt(body?.['position'], deadline) ?? undefined) : readSideAt(body?.['position'], deadline);
    if (!wait) return copy(topic, payload, retain, body);
    counters.held++;
    const mine: Promise<void> = wait.then(() => copy(topic, payload, retain, body), () => copy(topic, payload, retain, body));
    held = mine;
    void mine.finally(() => { if (held === mine) held = null; });
  });

  return {
    client,
    stats: () => ({ ...counters }),
    ready: (timeoutMs = 10_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`MQTT bridge not subscribed to ${redact(options.url)} within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
    },
    close: () => {
      clears.stop();
      return client.endAsync(true);
    },
  };
}

function parseJson(payload: Buffer): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(payload.toString('utf8'));
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
