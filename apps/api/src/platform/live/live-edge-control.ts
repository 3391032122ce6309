import type { MqttClient } from 'mqtt';
import { LIVE_CLOCK_PERIOD_MS } from '@auction/contracts';
import { AUCTION, TEMPLATE, USER } from '@auction/domain';
import { describeError, liveTopics, type LiveLogger } from '@auction/messaging';
import type { LiveReadModel } from '../engine/live-read-model.js';
import { EDGE_CONTROL_TOPIC } from './live-edge.js';

/** What changed while the edge control was not running yet: see {@link watchEdgeChanges}. */
export interface EdgeBacklog {
  /** The commands gathered so far, each once; gathering stops. */
  take(): string[];
}

/** Options of {@link startEdgeControl}. */
export interface EdgeControlOptions {
  /** The API's service connection to Mosquitto (the live publisher's client). */
  readonly client: MqttClient;
  readonly model: LiveReadModel;
  readonly now: () => number;
  readonly logger: LiveLogger;
  /** Changes the model applied before this start (from {@link watchEdgeChanges}): sent after `api-up`. */
  readonly backlog?: EdgeBacklog;
}

/** The plugin's command for an event applied by the model, if any. */
function commandOf(streamId: string): string | null {
  if (streamId.startsWith(USER.prefix)) return `recheck-user ${streamId.slice(USER.prefix.length)}`;
  if (streamId.startsWith(TEMPLATE.prefix)) return 'forget-follows';
  if (streamId.startsWith(AUCTION.prefix)) return `forget-auction ${streamId.slice(AUCTION.prefix.length)}`;
  return null;
}

/**
 * Gathers the edge commands of what the model applies from now on, until {@link startEdgeControl} takes them. Called
 * before the API listens: the edge control starts with the live channel, after the listen, and a logout served in
 * between (a browser that came back with the restarted API) was never told to the plugin, whose client then stayed up
 * to its periodic re-check.
 */
export function watchEdgeChanges(model: LiveReadModel): EdgeBacklog {
  const commands = new Set<string>();
  const stop = model.onChange((event) => {
    const command = commandOf(event.streamId);
    if (command) commands.add(command);
  });
  return {
    take: () => {
      stop();
      const out = [...commands];
      commands.clear();
      return out;
    },
  };
}

/**
 * What the API tells Mosquitto's edge plugin, with LIVE_EDGE=mosquitto: `api-up` once at the start (its edge check
 * listens: the plugin ends the pause it took while the API did not answer, tools/mosquitto-edge); as soon as this
 * instance's read model applies a change of a user's stream (a logout on any instance, a user disabled),
 * `recheck-user <idUser>` (the plugin asks again for that user's clients and disconnects those whose token no longer
 * holds); a template change forgets every cached follow decision, an auction change that auction's (as the socket.io
 * gateway drops rooms). And the clock tick the pages watch for a frozen server, which the API's own broker sends on /mqtt.
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
  // In one turn: nothing the model applies falls between the backlog and the listener.
  options.model.onChange((event) => {
    const command = commandOf(event.streamId);
    if (command) send(command);
  });
  send('api-up');
  for (const command of options.backlog?.take() ?? []) send(command);
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
