/**
 * Clients of the live channel for end-to-end tests: an MQTT-over-WebSocket recorder (mqtt.js, MQTT 3.1.1:
 * aedes speaks nothing else) and a socket.io `/live` recorder. Both keep every message with its local
 * arrival time, so tests can check order, positions and latencies after the fact.
 */
import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { sleep } from './api-client.test-support.js';

/** One message as a client received it. */
export interface Received<T = any> {
  readonly topic: string;
  readonly payload: T;
  readonly raw: string;
  /** Local epoch ms of arrival. */
  readonly at: number;
  readonly retain: boolean;
}

/**
 * Server mode of a live test: the shared services from `infra.sh env` (PostgreSQL, Kafka, Mosquitto), with a Kafka
 * topic and consumer groups of this run's own, named `<prefix>-<random>`.
 */
export function liveServerEnv(prefix: string): Record<string, string> {
  const { KAFKA_BROKERS, MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD, DATABASE_URL } = process.env;
  if (!KAFKA_BROKERS || !MQTT_URL || !DATABASE_URL) {
    throw new Error(
      'server mode needs DATABASE_URL, KAFKA_BROKERS and MQTT_URL: `bash tools/infra/infra.sh start postgres kafka mosquitto && ' +
        'eval "$(bash tools/infra/infra.sh env postgres kafka mosquitto)"`, or run `npm test` at the root.',
    );
  }
  const tag = randomBytes(4).toString('hex');
  return {
    KAFKA_BROKERS, KAFKA_TOPIC: `${prefix}-${tag}`, KAFKA_GROUP_PREFIX: `${prefix}-${tag}-`, MQTT_URL,
    ...(MQTT_USERNAME ? { MQTT_USERNAME } : {}), ...(MQTT_PASSWORD ? { MQTT_PASSWORD } : {}),
  };
}

/** The MQTT-over-WebSocket URL of a server (`ws://host:port/mqtt`). */
/** The API's `/mqtt` of an http(s) base URL; a ws(s):// URL (Mosquitto's own listener, LIVE_EDGE=mosquitto) is kept as it is. */
export const mqttUrl = (baseUrl: string) => (/^wss?:/.test(baseUrl) ? baseUrl : `${baseUrl.replace(/^http/, 'ws')}/mqtt`);

/** Waits until `condition` holds (checked every 5 ms); throws `what` after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what()}`);
    await sleep(5);
  }
}

/** What a SUBSCRIBE got: the granted QoS codes (128 = refused), or the connection closed instead. */
export interface SubscribeOutcome {
  readonly granted: number[] | null;
  readonly error: string | null;
  readonly disconnected: boolean;
}

/** An MQTT client that records every message it receives. */
export class MqttRecorder {
  readonly messages: Received[] = [];
  closedAt: number | null = null;

  private constructor(readonly client: MqttClient, readonly label: string) {
    client.on('message', (topic, payload, packet) => {
      const raw = payload.toString('utf8');
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // kept as text
      }
      this.messages.push({ topic, payload: parsed, raw, at: Date.now(), retain: packet.retain });
    });
    client.on('close', () => { this.closedAt ??= Date.now(); });
    client.on('error', () => { /* recorded through close; a refused CONNECT is tested with tryConnect */ });
  }

  /** Connects with `username` / `password` (the login token); throws when the CONNECT is refused. */
  static async connect(baseUrl: string, username: string, password: string, label = username, options: Partial<IClientOptions> = {}): Promise<MqttRecorder> {
    const client = connect(mqttUrl(baseUrl), {
      username, password, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 10_000, clean: true,
      clientId: `e2e-live-${label}-${randomBytes(4).toString('hex')}`, ...options,
    });
    const recorder = new MqttRecorder(client, label);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.once('close', () => reject(new Error(`MQTT connection of ${label} closed before CONNACK`)));
    });
    return recorder;
  }

  get connected(): boolean {
    return this.client.connected && this.closedAt === null;
  }

  /** Subscribes with QoS 1 and reports what the broker answered (a refusal does not throw). */
  subscribe(topics: string[], timeoutMs = 5_000): Promise<SubscribeOutcome> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: SubscribeOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.client.off('close', onClose);
        resolve(outcome);
      };
      const onClose = () => finish({ granted: null, error: 'closed', disconnected: true });
      const timer = setTimeout(() => finish({ granted: null, error: `no SUBACK within ${timeoutMs} ms`, disconnected: !this.connected }), timeoutMs);
      this.client.once('close', onClose);
      this.client.subscribe(topics, { qos: 1 }, (error, _subs, packet) => {
        const granted = (packet as { granted?: (number | { qos: number })[] } | undefined)?.granted;
        const codes = granted ? granted.map((g) => (typeof g === 'number' ? g : g.qos)) : null;
        finish({ granted: codes, error: error ? error.message : null, disconnected: false });
      });
    });
  }

  /** Messages on one topic, in arrival order. */
  on<T = any>(topic: string): Received<T>[] {
    return this.messages.filter((m) => m.topic === topic) as Received<T>[];
  }

  /** The first message on `topic` (arrived so far or later) that matches `match`. */
  async waitFor<T = any>(topic: string, match: (payload: T) => boolean, timeoutMs: number, what: string): Promise<Received<T>> {
    let found: Received<T> | undefined;
    await until(() => (found = this.on<T>(topic).find((m) => match(m.payload))) !== undefined, timeoutMs,
      () => `${this.label} did not receive ${what} on ${topic}; got ${JSON.stringify(this.on(topic).map((m) => m.payload)).slice(0, 2000)}`);
    return found!;
  }

  async end(): Promise<void> {
    await this.client.endAsync(true).catch(() => {});
  }
}

/** The outcome of a CONNECT that is expected to be refused. */
export interface ConnectOutcome {
  readonly connected: boolean;
  /** CONNACK return code of a refusal (4: bad username or password, 5: not authorized), when mqtt.js reports it. */
  readonly code: number | null;
  readonly message: string | null;
}

/** Tries one CONNECT (no retries) and reports whether the broker accepted it. */
export function tryConnect(baseUrl: string, username: string | undefined, password: string | undefined, timeoutMs = 5_000): Promise<ConnectOutcome> {
  const client = connect(mqttUrl(baseUrl), {
    username, password, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: timeoutMs,
    clientId: `e2e-live-bad-${randomBytes(4).toString('hex')}`,
  });
  return new Promise((resolve) => {
    let error: (Error & { code?: number }) | null = null;
    const finish = (outcome: ConnectOutcome) => {
      clearTimeout(timer);
      client.removeAllListeners();
      client.on('error', () => {});
      client.end(true);
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ connected: false, code: null, message: error?.message ?? `no CONNACK within ${timeoutMs} ms` }), timeoutMs + 1_000);
    client.once('connect', () => finish({ connected: true, code: 0, message: null }));
    client.on('error', (e: Error & { code?: number }) => { error ??= e; });
    client.once('close', () => finish({ connected: false, code: typeof error?.code === 'number' ? error.code : null, message: error?.message ?? 'closed' }));
  });
}

/** A socket.io `/live` client that records `lot`, `auction` and `outbid` messages. */
export class LiveSocketRecorder {
  readonly messages: { event: string; payload: any; at: number }[] = [];

  private constructor(readonly socket: Socket) {
    for (const event of ['lot', 'auction', 'outbid']) {
      socket.on(event, (payload: unknown) => this.messages.push({ event, payload, at: Date.now() }));
    }
  }

  /** Connects to `/live` with `auth` (e.g. `{ token }`); throws the `connect_error` when refused. */
  static async connect(baseUrl: string, auth?: Record<string, unknown>): Promise<LiveSocketRecorder> {
    const socket = io(`${baseUrl}/live`, { auth, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 10_000 });
    const recorder = new LiveSocketRecorder(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => {
        socket.disconnect();
        reject(error);
      });
    });
    return recorder;
  }

  /** Emits `subscribe {idAuction}` and returns the ack (the current state, or an error). */
  subscribe(idAuction: string, timeoutMs = 5_000): Promise<any> {
    return this.socket.timeout(timeoutMs).emitWithAck('subscribe', { idAuction });
  }

  of(event: string): { payload: any; at: number }[] {
    return this.messages.filter((m) => m.event === event);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** p50 and max of a list of numbers (nearest rank). */
export function summarize(values: readonly number[]): { n: number; p50: number; max: number; min: number } {
  if (values.length === 0) return { n: 0, p50: NaN, max: NaN, min: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: sorted[Math.ceil(sorted.length / 2) - 1]!, max: sorted.at(-1)!, min: sorted[0]! };
}

/**
 * The stamp-free content of a live lot or auction message (what must equal the read model's view): without
 * `serverTime`, `position` and the live-only `bestOfferAt` of lot messages.
 */
export function withoutStamp<T extends Record<string, unknown>>(payload: T): Omit<T, 'serverTime' | 'position' | 'bestOfferAt'> {
  const { serverTime: _t, position: _p, bestOfferAt: _b, ...rest } = payload;
  return rest;
}

/** Positions that are not strictly above the previous one, as `i: prev → next`, for assertion messages. */
export function positionViolations(payloads: readonly { position: number }[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < payloads.length; i++) {
    if (!(payloads[i]!.position > payloads[i - 1]!.position)) out.push(`#${i}: ${payloads[i - 1]!.position} → ${payloads[i]!.position}`);
  }
  return out;
}

/**
 * QoS 1 is at-least-once: a subscriber may get one message twice (e.g. the retained copy and the live publish when it
 * subscribes while that message is being published), and the contract tells clients to drop what is at or below the
 * last position seen. Drops exact repeats (same position, same content); anything else is kept for the checks.
 */
export function dropRedeliveries<T extends { position: number }>(payloads: readonly T[]): { kept: T[]; repeats: number } {
  const kept: T[] = [];
  let repeats = 0;
  for (const p of payloads) {
    const last = kept.at(-1);
    const same = last && last.position === p.position
      && JSON.stringify(withoutStamp(last as unknown as Record<string, unknown>)) === JSON.stringify(withoutStamp(p as unknown as Record<string, unknown>));
    if (same) repeats++;
    else kept.push(p);
  }
  return { kept, repeats };
}
