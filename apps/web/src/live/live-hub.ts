import { LIVE_CLOCK_PERIOD_MS, LIVE_CLOCK_TOPIC } from '@auction/contracts';
import { createActor, type Actor } from 'xstate';
import { connectionMachine, type ConnectionInput, type ConnectionStatus } from '../machines/connection.machine.js';
import type { AuctionApi } from '../features/auctions/auction-api.js';
import { createStore, type Store } from '../ui/store.js';
import { mqttBroker } from './mqtt-broker.actor.js';
import { topicMatches } from './topic-filter.js';

export type { ConnectionStatus };

type Handler = (topic: string, payload: unknown) => void;

/**
 * How long a connection may stay silent (no clock tick, no other message) before the server counts as frozen: three
 * tick periods. A frozen server then shows within 2-3 s. A busy one does not: its event loop would have to stall for
 * 2 s beyond the period (the bench's worst stall under saturating load was 0.5 s, a major GC), and any other message
 * proves it alive too.
 */
export const LIVE_HEARTBEAT_TIMEOUT_MS = 3 * LIVE_CLOCK_PERIOD_MS;

/** Positions remembered per topic to recognise a copy of a message (see `LiveHub.isCopy`). */
const RECENT_POSITIONS = 32;

/** Statuses in which the live figures may be out of date. */
const LOST: ReadonlySet<ConnectionStatus> = new Set(['disconnected', 'retrying', 'offline', 'unreachable']);

/**
 * The page's one live connection: the connection machine with the real MQTT-over-WebSocket broker actor.
 * Screens subscribe topic filters with a handler; a filter stays subscribed while any handler needs it.
 */
export class LiveHub {
  readonly status: Store<ConnectionStatus> = createStore<ConnectionStatus>('stopped');
  /** Local time (ms) of the next reconnect attempt while `retrying`, else null. */
  readonly retryAt: Store<number | null> = createStore<number | null>(null);
  /**
   * The live figures may be out of date: true from a loss of the connection (or the browser going offline) until it
   * is connected again. Screens grey live figures and disable offers meanwhile.
   */
  readonly stale: Store<boolean> = createStore<boolean>(false);
  private readonly onOffline = () => this.actor?.send({ type: 'connection.offline' });
  private readonly onOnline = () => this.actor?.send({ type: 'connection.online' });
  private actor: Actor<typeof connectionMachine> | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Unsubscribes waiting one tick: a screen that re-subscribes at once (a re-render, a remount) keeps its subscription. */
  private readonly pendingUnsubscribes = new Map<string, ReturnType<typeof setTimeout>>();
  /** Last message per retained topic, replayed to a handler that subscribes while the broker subscription stays. */
  private readonly last = new Map<string, unknown>();
  /** Positions dispatched per topic on this connection: another copy of one of them is dropped ({@link dispatch}). */
  private readonly dispatched = new Map<string, number[]>();
  private readonly tickListeners = new Set<(epochMs: number) => void>();

  /**
   * `broker` is the MQTT actor (tests pass a stand-in); `heartbeat`: the server's clock tick and how long the
   * connection may stay silent (null: no watchdog, the MQTT keepalive alone).
   */
  constructor(
    api: AuctionApi,
    private readonly broker: ReturnType<typeof mqttBroker> = mqttBroker(api),
    private readonly heartbeat: ConnectionInput['heartbeat'] | null = { topic: LIVE_CLOCK_TOPIC, timeoutMs: LIVE_HEARTBEAT_TIMEOUT_MS },
  ) {}

  /** Opens the connection (after login). */
  start(): void {
    if (this.actor) return;
    const actor = createActor(connectionMachine.provide({ actors: { broker: this.broker } }), {
      input: { heartbeat: this.heartbeat ?? undefined },
    });
    actor.on('message', (event: { topic: string; payload: unknown }) => this.dispatch(event.topic, event.payload));
    actor.on('tick', (event: { payload: unknown }) => {
      const epochMs = (event.payload as { epochMs?: unknown } | null)?.epochMs;
      if (typeof epochMs === 'number' && Number.isFinite(epochMs)) for (const listener of this.tickListeners) listener(epochMs);
    });
    actor.on('status', (event: { status: ConnectionStatus; retryInMs?: number }) => {
      this.retryAt.set(event.status === 'retrying' && event.retryInMs !== undefined ? Date.now() + event.retryInMs : null);
      if (event.status === 'connected') {
        // A new connection (a renewal stays connected) re-delivers the retained state: the screens' machines judge it.
        this.dispatched.clear();
        this.stale.set(false);
      } else if (LOST.has(event.status)) this.stale.set(true);
      this.status.set(event.status);
    });
    this.actor = actor;
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('online', this.onOnline);
    }
    actor.start();
    if (typeof navigator !== 'undefined' && navigator.onLine === false) actor.send({ type: 'connection.offline' });
    const desired = [...this.handlers.keys()];
    if (desired.length) actor.send({ type: 'topic.subscribe', topics: desired });
  }

  /** Calls `listener` with the server's time of each clock tick (about once a second while connected); returns the removal. */
  onTick(listener: (epochMs: number) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** Connects at once when waiting to retry or offline (the user asked). */
  reconnect(): void {
    this.actor?.send({ type: 'connection.online' });
  }

  /** An API call found no server: the connection shows the server lost and probes it (no-op when stopped). */
  serverLost(): void {
    this.actor?.send({ type: 'connection.serverLost' });
  }

  /**
   * Whether a screen shows live auction data (a subscription under `auction/`): such a page survives a lost server
   * (see session/navigation.ts); the outbid notices every dealer page listens to do not count.
   */
  showsLiveData(): boolean {
    return this.actor !== null && [...this.handlers.keys()].some((filter) => filter.startsWith('auction/'));
  }

  /** Closes the connection (logout). */
  stop(): void {
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('online', this.onOnline);
    }
    this.actor?.send({ type: 'connection.stop' });
    this.actor?.stop();
    this.actor = null;
    this.last.clear();
    this.dispatched.clear();
    this.status.set('stopped');
    this.stale.set(false);
    this.retryAt.set(null);
  }

  /** Subscribes `filter`; returns the unsubscribe. */
  subscribe(filter: string, handler: Handler): () => void {
    const pending = this.pendingUnsubscribes.get(filter);
    if (pending) {
      clearTimeout(pending);
      this.pendingUnsubscribes.delete(filter);
    }
    let set = this.handlers.get(filter);
    if (!set) {
      set = new Set();
      this.handlers.set(filter, set);
      if (!pending) this.actor?.send({ type: 'topic.subscribe', topics: [filter] });
    }
    set.add(handler);
    for (const [topic, payload] of this.last) if (topicMatches(filter, topic)) queueMicrotask(() => handler(topic, payload));
    return () => {
      const current = this.handlers.get(filter);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(filter);
        this.pendingUnsubscribes.set(filter, setTimeout(() => {
          this.pendingUnsubscribes.delete(filter);
          if (this.handlers.has(filter)) return;
          this.actor?.send({ type: 'topic.unsubscribe', topics: [filter] });
          for (const topic of [...this.last.keys()]) if (topicMatches(filter, topic)) this.last.delete(topic);
          for (const topic of [...this.dispatched.keys()]) if (topicMatches(filter, topic)) this.dispatched.delete(topic);
        }, 0));
      }
    };
  }

  /**
   * Whether a message is another copy of one this connection already dispatched (same topic, same position): while a
   * live token is renewed, the old and the new connection both deliver what is published until the old one closes,
   * and Mosquitto sends a message once per matching filter. The lot and auction machines ignore such a copy (its
   * position is not newer), but an outbid notice would come back after its dismissal and be announced again.
   * Positions on one topic may come out of order (outbid notices of auctions written by different instances), so the
   * recent ones are kept, not only the highest.
   */
  private isCopy(topic: string, payload: unknown): boolean {
    const position = (payload as { position?: unknown }).position;
    if (typeof position !== 'number') return false;
    let recent = this.dispatched.get(topic);
    if (!recent) this.dispatched.set(topic, (recent = []));
    else if (recent.includes(position)) return true;
    recent.push(position);
    if (recent.length > RECENT_POSITIONS) recent.shift();
    return false;
  }

  private dispatch(topic: string, payload: unknown): void {
    // A cleared retained topic (empty payload, `null` here): the state the screens hold stays; a screen subscribing
    // later reads it over HTTP, as it would after the clear.
    if (payload === null) {
      this.last.delete(topic);
      return;
    }
    if (this.isCopy(topic, payload)) return;
    if (topic.startsWith('auction/')) this.last.set(topic, payload);
    for (const [filter, set] of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of [...set]) handler(topic, payload);
    }
  }
}
