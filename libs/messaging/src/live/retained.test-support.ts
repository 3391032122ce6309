import { randomBytes } from 'node:crypto';
import type { Aedes } from 'aedes';
import type { MqttClient } from 'mqtt';
import { privateState } from '../private-infra.test-support.js';
import { until } from './live.test-support.js';

/** A Mosquitto of one test file alone (tools/infra's config, in a state folder of its own, on free ports). */
export interface PrivateMosquitto {
  readonly url: string;
  readonly username: string;
  readonly password: string;
  /** Stops it and removes its state folder. */
  dispose(): Promise<void>;
}

/**
 * Starts a Mosquitto of this file's own. The retained-state suites need one: every server-mode API instance running
 * beside them on a shared Mosquitto (the browser tests' servers in CI) has a bridge on `auction/#` that clears final
 * states older than its LIVE_CLEAR_FINAL_AFTER_MS by the real clock, and these suites publish final states stamped
 * with the specs' clock (days ago) or planted as two-hour-old history: such a bridge cleared them under the tests.
 */
export async function startPrivateMosquitto(): Promise<PrivateMosquitto> {
  const { state, infra, dispose } = await privateState('messaging-mosquitto-', 'mosquitto', ['INFRA_MQTT_PORT', 'INFRA_MQTT_WS_PORT'], 120_000);
  await infra('start', 'mosquitto');
  const out = await infra('env', 'mosquitto');
  const value = (name: string) => new RegExp(`${name}=(\\S+)`).exec(out)?.[1]?.replace(/^['"]|['"]$/g, '') ?? '';
  if (!value('MQTT_URL')) throw new Error(`infra.sh env mosquitto named no URL (state ${state})`);
  return { url: value('MQTT_URL'), username: value('MQTT_USERNAME'), password: value('MQTT_PASSWORD'), dispose };
}

/** A retained message a fresh subscriber got. */
export interface RetainedGot {
  readonly topic: string;
  readonly raw: string;
}

/**
 * Every retained message (non-empty) a fresh subscriber of `filter` on Mosquitto gets, complete: after the SUBACK the
 * client publishes a marker (not retained) on a topic under `markerPrefix` that `filter` matches, and the list is what
 * came before the marker. Mosquitto queues a subscription's retained messages when it handles the SUBSCRIBE, before it
 * reads the client's next packet, and delivers a client's messages in order: no time window to guess.
 */
export async function retainedOnMosquitto(client: MqttClient, filter: string, markerPrefix: string, timeoutMs = 15_000): Promise<RetainedGot[]> {
  const marker = `${markerPrefix}/probe-${randomBytes(4).toString('hex')}`;
  const got: RetainedGot[] = [];
  let done = false;
  client.on('message', (topic, payload, packet) => {
    if (done) return;
    if (topic === marker) done = true;
    else if (packet.retain && payload.length > 0) got.push({ topic, raw: payload.toString() });
  });
  await client.subscribeAsync(filter, { qos: 1 });
  await client.publishAsync(marker, 'probe', { qos: 1, retain: false });
  await until(() => done, timeoutMs, `marker ${marker} back from Mosquitto`);
  return got.sort((a, b) => a.topic.localeCompare(b.topic));
}

/**
 * The retained messages an aedes broker holds for `filter`: the very stream its SUBSCRIBE handler sends a new
 * subscriber (read in full, so what is absent is absent, without a time window).
 */
export async function retainedInAedes(broker: Aedes, filter: string): Promise<RetainedGot[]> {
  const persistence = (broker as unknown as { persistence: { createRetainedStreamCombi(p: string[]): AsyncIterable<{ topic: string; payload: Buffer }> } }).persistence;
  const got: RetainedGot[] = [];
  for await (const packet of persistence.createRetainedStreamCombi([filter])) {
    if (packet.payload.length > 0) got.push({ topic: packet.topic, raw: packet.payload.toString() });
  }
  return got.sort((a, b) => a.topic.localeCompare(b.topic));
}

/**
 * The retained messages a fresh subscriber of `filter` gets on `client` once every topic of `expected` has arrived
 * (waited for, not timed): a positive check; a topic cleared or never retained makes it time out.
 */
export async function retainedArriving(client: MqttClient, filter: string, expected: readonly string[], timeoutMs = 15_000): Promise<RetainedGot[]> {
  const got: RetainedGot[] = [];
  client.on('message', (topic, payload, packet) => {
    if (packet.retain && payload.length > 0) got.push({ topic, raw: payload.toString() });
  });
  await client.subscribeAsync(filter, { qos: 1 });
  await until(() => expected.every((t) => got.some((g) => g.topic === t)), timeoutMs, `retained ${expected.join(', ')} on ${filter}`);
  return got.sort((a, b) => a.topic.localeCompare(b.topic));
}

