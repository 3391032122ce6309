import { createActor, type Actor } from 'xstate';
import { connectionMachine } from '../machines/connection.machine.js';
import type { AuctionApi } from '../api/auction-api.js';
import { createStore, type Store } from '../ui/store.js';
import { mqttBroker } from './mqtt-broker.actor.js';
import { topicMatches } from './topic-filter.js';

/** What the connection shows: the machine's top state. */
export type ConnectionStatus = 'connecting' | 'connected' | 'retrying' | 'disconnected' | 'stopped';

type Handler = (topic: string, payload: unknown) => void;

/**
 * The page's one live connection: the connection machine with the real MQTT-over-WebSocket broker actor.
 * Screens subscribe topic filters with a handler; a filter stays subscribed while any handler needs it.
 */
export class LiveHub {
  readonly status: Store<ConnectionStatus> = createStore<ConnectionStatus>('stopped');
  private actor: Actor<typeof connectionMachine> | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly api: AuctionApi) {}

  /** Opens the connection (after login). */
  start(): void {
    if (this.actor) return;
    const actor = createActor(connectionMachine.provide({ actors: { broker: mqttBroker(this.api) } }), { input: {} });
    actor.on('message', (event: { topic: string; payload: unknown }) => this.dispatch(event.topic, event.payload));
    actor.subscribe((snapshot) => this.status.set(statusOf(snapshot.value)));
    this.actor = actor;
    actor.start();
    const desired = [...this.handlers.keys()];
    if (desired.length) actor.send({ type: 'topic.subscribe', topics: desired });
  }

  /** Closes the connection (logout). */
  stop(): void {
    this.actor?.send({ type: 'connection.stop' });
    this.actor?.stop();
    this.actor = null;
    this.status.set('stopped');
  }

  /** Subscribes `filter`; returns the unsubscribe. */
  subscribe(filter: string, handler: Handler): () => void {
    let set = this.handlers.get(filter);
    if (!set) {
      set = new Set();
      this.handlers.set(filter, set);
      this.actor?.send({ type: 'topic.subscribe', topics: [filter] });
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(filter);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(filter);
        this.actor?.send({ type: 'topic.unsubscribe', topics: [filter] });
      }
    };
  }

  private dispatch(topic: string, payload: unknown): void {
    for (const [filter, set] of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of [...set]) handler(topic, payload);
    }
  }
}

function statusOf(value: unknown): ConnectionStatus {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.includes('connected') && !text.includes('disconnected')) return 'connected';
  if (text.includes('connecting')) return 'connecting';
  if (text.includes('retrying')) return 'retrying';
  if (text.includes('disconnected')) return 'disconnected';
  return 'stopped';
}
