import type { MqttClient } from 'mqtt';
import { LIVE_CLOCK_PERIOD_MS } from '@auction/contracts';
import { USER } from '@auction/domain';
import { describeError, liveTopics, type LiveLogger } from '@auction/messaging';
import type { LiveReadModel } from '../engine/live-read-model.js';
import { EDGE_CONTROL_TOPIC } from './live-edge.js';

/** Options of {@link startEdgeControl}. */
export interface EdgeControlOptions {
  /** The API's service connection to Mosquitto (the live publisher's client). */
  readonly client: MqttClient;
  readonly model: LiveReadModel;
  readonly now: () => number;
  readonly logger: LiveLogger;
}

/**
 * What the API tells Mosquitto's edge plugin, with LIVE_EDGE=mosquitto: as soon as this instance's read model applies
 * a change of a user's stream (a logout on any instance, a user disabled), `recheck-user <idUser>` (the plugin asks
 * again for that user's clients and disconnects those whose token no longer holds); a template change forgets every
 * cached follow decision, an auction change that auction's (as the socket.io gateway drops rooms). And the clock tick
 * the pages watch for a frozen server, which the API's own broker sends on /mqtt.
 * Every instance sends them: the plugin's answer to a repeat is the same.
 */
export function startEdgeControl(options: EdgeControlOptions): { stop(): void } {
  const { client, logger } = options;
  let stopped = false;
  const send = (command: string) => {
    if (stopped) return;
    client.publishAsync(EDGE_CONTROL_TOPIC, command, { qos: 1 }).catch((error: unknown) =>
      // Not retried: the plugin asks every client's token again on its own timer (plugin_opt_recheck_seconds).
      logger.warn('edge control message not delivered to Mosquitto', { command, error: describeError(error) }));
  };
  options.model.onChange((event) => {
    if (event.streamId.startsWith(USER.prefix)) send(`recheck-user ${event.streamId.slice(USER.prefix.length)}`);
    else if (event.streamId.startsWith('template-')) send('forget-follows');
    else if (event.streamId.startsWith('auction-')) send(`forget-auction ${event.streamId.slice('auction-'.length)}`);
  });
  const ticks = setInterval(() => {
    if (client.connected) client.publish(liveTopics.clock, JSON.stringify({ epochMs: options.now() }), { qos: 0, retain: false });
  }, LIVE_CLOCK_PERIOD_MS);
  ticks.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(ticks);
    },
  };
}
