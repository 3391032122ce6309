import mqtt, { type MqttClient } from 'mqtt';
import { fromCallback } from 'xstate';
import type { AuctionApi } from '../api/auction-api.js';

/** Events the broker actor sends back to the connection machine. */
type BrokerEvent =
  | { type: 'broker.connected' }
  | { type: 'broker.lost'; error?: string }
  | { type: 'broker.message'; topic: string; payload: unknown };

/** Commands the connection machine sends to the broker actor. */
type BrokerCommand = { type: 'subscribe'; topics: string[] } | { type: 'unsubscribe'; topics: string[] };

/**
 * The real broker actor: asks the API for the live credentials, connects MQTT 3.1.1 over WebSocket to `/mqtt`
 * of this origin (no automatic reconnect: the connection machine owns the back-off), subscribes at QoS 1.
 */
export function mqttBroker(api: AuctionApi) {
  return fromCallback<BrokerCommand, { attempt: number }>(({ sendBack, receive }) => {
    const send = (event: BrokerEvent) => sendBack(event);
    let client: MqttClient | null = null;
    let closed = false;
    let lost = false;
    const lose = (error: string) => {
      if (lost || closed) return;
      lost = true;
      console.warn(`live connection lost: ${error}`);
      send({ type: 'broker.lost', error });
    };
    api.liveCredentials().then((credentials) => {
      if (closed) return;
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      client = mqtt.connect(`${scheme}://${location.host}${credentials.path}`, {
        username: credentials.username, password: credentials.password, protocolVersion: 4, reconnectPeriod: 0,
        connectTimeout: 10_000, clean: true, clientId: `web-${Math.random().toString(36).slice(2, 12)}`,
      });
      client.on('connect', () => send({ type: 'broker.connected' }));
      client.on('message', (topic, buffer) => {
        try {
          send({ type: 'broker.message', topic, payload: JSON.parse(new TextDecoder().decode(buffer)) as unknown });
        } catch {
          console.warn(`live message on ${topic} is not JSON`);
        }
      });
      client.on('error', (error) => lose(error.message));
      client.on('close', () => lose('closed'));
    }, (error: unknown) => lose(error instanceof Error ? error.message : String(error)));
    // One (un)subscribe at a time, each after the broker acknowledged the one before: a broker may finish
    // packets out of order, and an UNSUBSCRIBE acknowledged after a later SUBSCRIBE of the same filter
    // would silently end that subscription.
    let queue: Promise<void> = Promise.resolve();
    receive((command) => {
      queue = queue.then(() => new Promise<void>((resolve) => {
        if (!client || !client.connected) return resolve();
        if (command.type === 'subscribe') client.subscribe(command.topics, { qos: 1 }, () => resolve());
        else client.unsubscribe(command.topics, () => resolve());
      }));
    });
    return () => {
      closed = true;
      client?.end(true);
    };
  });
}
