import type { LiveCredentials } from '@auction/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { fromCallback } from 'xstate';
import { ApiError } from '../api/http.js';
import type { AuctionApi } from '../features/auctions/auction-api.js';
import type { BrokerCommand, BrokerEvent, BrokerInput } from '../machines/connection.machine.js';

/**
 * MQTT keepalive: a PINGREQ every 10 s when nothing else is sent; a connection that stops answering is closed by the
 * client after about one and a half periods, so a dead link shows within ~15 s (the browser's offline event, when
 * there is one, shows it at once).
 */
export const LIVE_KEEPALIVE_SECONDS = 10;

/**
 * The QoS the page subscribes at: 0. The topics are published at QoS 1 (a client that asks for 1 gets 1), but this
 * client's sessions are clean (`clean: true`, a new client on every reconnect), so QoS 1 would redeliver nothing: on
 * one connection both arrive in order and without loss (one TCP stream), and after a loss the page reconnects to the
 * retained state of each lot either way. What QoS 1 would add is a PUBACK from every page for every message, read by
 * the broker: at 5,000 subscribers it doubled the harness's CPU per message and the fan-out's p99 (BENCHMARKS.md,
 * "QoS 0 subscriptions").
 */
export const LIVE_SUBSCRIBE_QOS = 0;

/**
 * How long a renewal's old connection stays open once the new one is subscribed: what the broker sent it just before
 * (an outbid notice, an own offer: not retained, so the new connection does not have them) may still be on its way, held
 * by a retransmission on a poor link. Meanwhile both connections deliver; the hub drops the copies (same topic and
 * position).
 */
export const LIVE_RENEWAL_OVERLAP_MS = 5_000;

/** Credentials with the local time (ms) they stop being valid, measured from the answer (a client clock may be off). */
interface Fresh {
  readonly credentials: LiveCredentials;
  readonly validUntil: number | undefined;
}

/**
 * The real broker actor: asks the API for live credentials (a short-lived, subscribe-only live token), connects
 * MQTT 3.1.1 over WebSocket to `/mqtt` of this origin (no automatic reconnect: the connection machine owns the
 * back-off), subscribes at QoS 0 ({@link LIVE_SUBSCRIBE_QOS}). On `renew` it fetches new credentials, connects a second client, subscribes the
 * machine's topics on it and closes the first {@link LIVE_RENEWAL_OVERLAP_MS} later: the page never stops receiving while the
 * token changes, and nothing the first was sent is cut off on its way.
 */
export function mqttBroker(api: AuctionApi) {
  return fromCallback<BrokerCommand, BrokerInput>(({ sendBack, receive }) => {
    const send = (event: BrokerEvent) => sendBack(event);
    /** The connection in use; a renewal's new one is `next` until it takes over. */
    let client: MqttClient | null = null;
    let next: MqttClient | null = null;
    /** Renewals' old connections, still delivering for {@link LIVE_RENEWAL_OVERLAP_MS}, with the timer that ends each. */
    const retiring = new Map<MqttClient, ReturnType<typeof setTimeout>>();
    let closed = false;
    let lost = false;
    const lose = (error: string) => {
      if (lost || closed) return;
      lost = true;
      console.warn(`live connection lost: ${error}`);
      send({ type: 'broker.lost', error });
    };
    const fetchCredentials = async (): Promise<Fresh> => {
      const credentials = await api.liveCredentials();
      const validUntil = typeof credentials.expiresIn === 'number' ? Date.now() + credentials.expiresIn * 1000 : undefined;
      return { credentials, validUntil };
    };
    const expiresInMs = (fresh: Fresh) => (fresh.validUntil === undefined ? undefined : Math.max(0, fresh.validUntil - Date.now()));
    /** A new client; its messages are forwarded, and its loss counts only while it is the one in use. */
    const open = ({ credentials }: Fresh): MqttClient => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      // Server mode with LIVE_EDGE=mosquitto names Mosquitto's own WebSocket URL; otherwise the API's origin and path.
      const c = mqtt.connect(credentials.url ?? `${scheme}://${location.host}${credentials.path}`, {
        username: credentials.username, password: credentials.password, protocolVersion: 4, reconnectPeriod: 0,
        connectTimeout: 10_000, clean: true, keepalive: LIVE_KEEPALIVE_SECONDS, clientId: `web-${Math.random().toString(36).slice(2, 12)}`,
      });
      c.on('message', (topic, buffer) => {
        // An empty payload clears a retained topic (the server does so some time after a lot or auction is final):
        // nothing to show, the hub forgets the topic's last state.
        if (buffer.length === 0) return send({ type: 'broker.message', topic, payload: null });
        try {
          send({ type: 'broker.message', topic, payload: JSON.parse(new TextDecoder().decode(buffer)) as unknown });
        } catch {
          console.warn(`live message on ${topic} is not JSON`);
        }
      });
      c.on('error', (error) => { if (c === client) lose(error.message); });
      c.on('close', () => { if (c === client) lose('closed'); });
      return c;
    };

    fetchCredentials().then((fresh) => {
      if (closed) return;
      const c = (client = open(fresh));
      c.on('connect', () => { if (c === client) send({ type: 'broker.connected', expiresInMs: expiresInMs(fresh) }); });
    }, (error: unknown) => {
      if (closed || lost) return;
      // No server behind the credentials call: not a broken connection, a server that is down or restarting.
      if (!isServerUnreachable(error)) return lose(messageOf(error));
      lost = true;
      send({ type: 'broker.unreachable', error: messageOf(error) });
    });

    const renew = async (topics: string[]): Promise<void> => {
      if (closed || lost || !client) return;
      try {
        const fresh = await fetchCredentials();
        if (closed || lost) return;
        const c = (next = open(fresh));
        await connected(c);
        // As on a first connection, a refused filter does not stop the others (nor the renewal).
        if (topics.length > 0) await new Promise<void>((resolve) => c.subscribe(topics, { qos: LIVE_SUBSCRIBE_QOS }, () => resolve()));
        if (closed || lost) return;
        if (!c.connected) throw new Error('closed before the renewal completed');
        const previous = client;
        client = c;
        next = null;
        if (previous) {
          retiring.set(previous, setTimeout(() => { retiring.delete(previous); previous.end(true); }, LIVE_RENEWAL_OVERLAP_MS));
        }
        send({ type: 'broker.renewed', expiresInMs: expiresInMs(fresh) });
      } catch (error) {
        next?.end(true);
        next = null;
        send({ type: 'broker.renewFailed', error: messageOf(error) });
      }
    };

    // One command at a time, each after the broker acknowledged the one before: a broker may finish packets out of
    // order, and an UNSUBSCRIBE acknowledged after a later SUBSCRIBE of the same filter would silently end that
    // subscription. A renewal takes its turn too, so what was sent meanwhile reaches the new connection.
    let queue: Promise<void> = Promise.resolve();
    receive((command) => {
      queue = queue.then(() => {
        if (command.type === 'renew') return renew(command.topics);
        return new Promise<void>((resolve) => {
          if (!client || !client.connected) return resolve();
          if (command.type === 'subscribe') client.subscribe(command.topics, { qos: LIVE_SUBSCRIBE_QOS }, () => resolve());
          else client.unsubscribe(command.topics, () => resolve());
        });
      });
    });
    return () => {
      closed = true;
      client?.end(true);
      next?.end(true);
      for (const [c, timer] of retiring) {
        clearTimeout(timer);
        c.end(true);
      }
      retiring.clear();
    };
  });
}

function connected(client: MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

/** The API client's status 0: no answer (down, restarting, refused connection, timeout, a proxy's 502/503/504). */
function isServerUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
