import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
import type { LivePublishOptions, LiveSink } from './live-sink.js';
import { withTimeout } from './with-timeout.js';

/** Options of {@link MqttClientSink}. */
export interface MqttClientSinkOptions {
  /** How long one publish may wait for its acknowledgement (including while reconnecting), default 30 s. */
  readonly publishTimeoutMs?: number;
  readonly clientId?: string;
  readonly logger?: LiveLogger;
  /** Extra mqtt.js options (tests). */
  readonly client?: Partial<IClientOptions>;
}

/**
 * Publishes to an MQTT server (Mosquitto in server mode) through an `mqtt` client. QoS 1 publishes
 * resolve on the server's PUBACK. The client reconnects by itself (every second); messages published
 * while it is offline are queued by mqtt.js and sent on reconnect, and a publish that is not
 * acknowledged within `publishTimeoutMs` rejects, so the live publisher retries it later.
 */
export class MqttClientSink implements LiveSink {
  readonly name = 'mqtt';
  readonly client: MqttClient;
  private readonly timeoutMs: number;
  private readonly connected: Promise<void>;

  constructor(readonly url: string, username: string | undefined, password: string | undefined, options: MqttClientSinkOptions = {}) {
    const logger = options.logger ?? silentLiveLogger;
    this.timeoutMs = options.publishTimeoutMs ?? 30_000;
    this.client = connect(url, {
      username, password,
      clientId: options.clientId ?? `auction-live-${randomBytes(6).toString('hex')}`,
      protocolVersion: 4, clean: true, reconnectPeriod: 1000, connectTimeout: 10_000, queueQoSZero: true,
      ...options.client,
    });
    let wasOffline = false;
    this.client.on('error', (error) => logger.warn('MQTT publisher connection error', { url: redact(url), error: describeError(error) }));
    this.client.on('offline', () => {
      if (!wasOffline) logger.warn('MQTT publisher offline; reconnecting', { url: redact(url) });
      wasOffline = true;
    });
    this.client.on('connect', () => {
      if (wasOffline) logger.info('MQTT publisher reconnected', { url: redact(url) });
      wasOffline = false;
    });
    this.connected = new Promise((resolve) => this.client.once('connect', () => resolve()));
  }

  /** Resolves at the first successful connection; rejects after `timeoutMs`. */
  ready(timeoutMs = 10_000): Promise<void> {
    return withTimeout(this.connected, timeoutMs, `no MQTT connection to ${redact(this.url)} within ${timeoutMs} ms`);
  }

  publish(topic: string, payload: object, options: LivePublishOptions): Promise<void> {
    const sent = this.client.publishAsync(topic, JSON.stringify(payload), { qos: options.qos, retain: options.retain }).then(() => undefined);
    return withTimeout(sent, this.timeoutMs, `MQTT publish to ${topic} not acknowledged within ${this.timeoutMs} ms`);
  }

  /** An empty retained payload: the server deletes the topic's retained message. */
  clear(topic: string): Promise<void> {
    const sent = this.client.publishAsync(topic, '', { qos: 1, retain: true }).then(() => undefined);
    return withTimeout(sent, this.timeoutMs, `MQTT clear of ${topic} not acknowledged within ${this.timeoutMs} ms`);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
