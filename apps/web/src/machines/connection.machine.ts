import { assign, emit, enqueueActions, fromCallback, log, setup } from 'xstate';
import { connectionBackoffMs, serverProbeMs } from './backoff.js';
import { LIVE_RENEWAL_RETRY_MS, liveRenewalDelayMs } from './live-renewal.js';
import { addTopics, removeTopics } from './topic-set.js';

/** Input of {@link connectionMachine}. */
export interface ConnectionInput {
  /** Cap of the reconnect back-off (default 30 000 ms). */
  maxBackoffMs?: number;
  /**
   * The server's heartbeat: a topic it publishes to at a steady pace, subscribed with the others. A connection on which
   * nothing at all arrives for `timeoutMs` (neither a tick nor any other message) is a frozen server: `unreachable`.
   * Absent: no watchdog (only the MQTT keepalive tells a silent link).
   */
  heartbeat?: { topic: string; timeoutMs: number };
}

/** Input of the `broker` actor: how many reconnects preceded this connection (0 on the first). */
export interface BrokerInput {
  attempt: number;
}

/**
 * What the machine sends to the `broker` actor (only while connected). `renew`: open a new connection with fresh
 * credentials, subscribe `topics` on it, then close the old one (answered by `broker.renewed` or `broker.renewFailed`);
 * commands sent meanwhile apply to the new connection.
 */
export type BrokerCommand =
  | { type: 'subscribe'; topics: string[] }
  | { type: 'unsubscribe'; topics: string[] }
  | { type: 'renew'; topics: string[] };

/**
 * What the `broker` actor sends back to the machine. `expiresInMs`: how long the credentials of the connection
 * stay valid (the server closes it then); absent when they do not expire.
 */
export type BrokerEvent =
  | { type: 'broker.connected'; expiresInMs?: number }
  | { type: 'broker.renewed'; expiresInMs?: number }
  | { type: 'broker.renewFailed'; error?: string }
  | { type: 'broker.lost'; error?: string }
  /** The server itself does not answer (its credentials call failed with no answer, or a 502/503/504 of a proxy). */
  | { type: 'broker.unreachable'; error?: string }
  | { type: 'broker.message'; topic: string; payload: unknown };

/** Events the UI sends. */
export type ConnectionUiEvent =
  | { type: 'topic.subscribe'; topics: string[] }
  | { type: 'topic.unsubscribe'; topics: string[] }
  | { type: 'connection.stop' }
  /** The browser's `offline` event: the connection is given up at once (no waiting for a keepalive to fail). */
  | { type: 'connection.offline' }
  /** The browser's `online` event: connect again at once, without waiting for the back-off. */
  | { type: 'connection.online' }
  /** An API call found no server (status 0, or a proxy's 502/503/504): the page stays, the machine probes it. */
  | { type: 'connection.serverLost' };

/** Status of the live connection as emitted (`actor.on('status', ...)`). */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'retrying' | 'offline' | 'unreachable' | 'stopped';

/** The topics to subscribe on a (re)connection: the wanted ones and the heartbeat's. */
function withHeartbeat(context: ConnectionContext): string[] {
  return context.heartbeat ? addTopics([...context.topics], [context.heartbeat.topic]) : [...context.topics];
}

/** Events emitted to `actor.on(...)` listeners. */
export type ConnectionEmitted =
  | { type: 'message'; topic: string; payload: unknown }
  /** `retryInMs`: with `retrying`, when the next attempt starts. */
  | { type: 'status'; status: ConnectionStatus; retryInMs?: number }
  /** A message of the heartbeat topic (the server's clock tick). */
  | { type: 'tick'; payload: unknown };

/** Context of {@link connectionMachine}. */
export interface ConnectionContext {
  /** Topics the UI wants, kept across disconnections. */
  topics: string[];
  /** Reconnects since the last successful connection. */
  attempt: number;
  maxBackoffMs: number;
  /** Reason of the last loss, for the log. */
  lastError: string | null;
  /** Delay until the connection's credentials are renewed; null: they do not expire. */
  renewInMs: number | null;
  heartbeat: { topic: string; timeoutMs: number } | null;
  /** The server was lost and has not answered since: probes keep telling `unreachable`, not `connecting`. */
  serverLost: boolean;
}

/**
 * Placeholder `broker`: the app provides the real one (MQTT over WebSocket or socket.io) with
 * `connectionMachine.provide({ actors: { broker } })`. It must not reconnect by itself: on loss it sends
 * `broker.lost` and the machine opens a new one after the back-off.
 */
export const missingBroker = fromCallback<BrokerCommand, BrokerInput>(() => {
  throw new Error('connectionMachine: provide the broker actor');
});

/**
 * The live connection: `online.connecting` (show a spinner) → `online.connected`; a loss goes through
 * `disconnected` (logged) to `retrying`, which waits `min(maxBackoffMs, 500·2^attempt)` ms and connects again.
 * `connection.stop` ends it (`stopped`, final). The browser's `offline` event (`connection.offline`) goes to `offline` at
 * once (the broker is closed); its `online` event (`connection.online`) connects at once, from `offline` or `retrying`. The desired topics are always remembered; subscribe and
 * unsubscribe reach the broker only while connected, and a (re)connection subscribes the whole set at once.
 * Credentials that expire (`expiresInMs` of `broker.connected`) are renewed while connected: after three quarters of
 * their lifetime `connected.renewing` asks the broker to `renew` with the whole topic set (a new connection made
 * before the old one is closed, so nothing is unsubscribed); a failed renewal is retried every 5 s meanwhile.
 * Every `broker.message` is emitted as `{ type: 'message', topic, payload }`.
 * A server that does not answer (`broker.unreachable` from the broker's credentials call, or `connection.serverLost`
 * from any API call of the page) is `unreachable`: the broker is closed and the server probed by connecting again
 * after `min(2 s, 500·2^attempt)` ms, so the page catches up within seconds of its return, without leaving the page.
 * Until a probe connects, the status stays `unreachable` (the banner keeps naming the server, not the dealer's network).
 * With a `heartbeat` (the server's clock tick), a connection on which nothing arrives for its timeout is a frozen server:
 * `unreachable` too (`connected.heartbeat.watching`, restarted by every message). Heartbeat messages are emitted as
 * `tick`, not as `message`.
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as BrokerEvent | ConnectionUiEvent,
    input: {} as ConnectionInput,
    emitted: {} as ConnectionEmitted,
  },
  actors: { broker: missingBroker },
  delays: {
    backoff: ({ context }) => connectionBackoffMs(context.attempt, context.maxBackoffMs),
    probe: ({ context }) => serverProbeMs(context.attempt),
    renewal: ({ context }) => context.renewInMs ?? 0,
    heartbeat: ({ context }) => context.heartbeat?.timeoutMs ?? 0,
  },
  guards: {
    expires: ({ context }) => context.renewInMs !== null,
    watchesHeartbeat: ({ context }) => context.heartbeat !== null,
    serverLost: ({ context }) => context.serverLost,
    isTick: ({ context, event }) => event.type === 'broker.message' && event.topic === context.heartbeat?.topic,
  },
  actions: {
    status: emit((_, params: { status: ConnectionStatus }) => ({ type: 'status' as const, status: params.status })),
    /** A probe of a lost server is still the server lost for the page, until it answers. */
    statusConnecting: emit(({ context }) => ({ type: 'status' as const, status: context.serverLost ? 'unreachable' as const : 'connecting' as const })),
    statusRetrying: emit(({ context }) => ({
      type: 'status' as const, status: 'retrying' as const, retryInMs: connectionBackoffMs(context.attempt, context.maxBackoffMs),
    })),
    remember: assign({ topics: ({ context }, params: { topics: string[] }) => addTopics(context.topics, params.topics) }),
    forget: assign({ topics: ({ context }, params: { topics: string[] }) => removeTopics(context.topics, params.topics) }),
    /** Sends only the topics not subscribed yet; runs before `remember`. */
    forwardSubscribe: enqueueActions(({ context, enqueue }, params: { topics: string[] }) => {
      const added = addTopics([], params.topics).filter((t) => !context.topics.includes(t));
      if (added.length > 0) enqueue.sendTo('broker', { type: 'subscribe', topics: added });
    }),
    /** Sends only the topics currently subscribed; runs before `forget`. */
    forwardUnsubscribe: enqueueActions(({ context, enqueue }, params: { topics: string[] }) => {
      const removed = context.topics.filter((t) => params.topics.includes(t));
      if (removed.length > 0) enqueue.sendTo('broker', { type: 'unsubscribe', topics: removed });
    }),
    subscribeAll: enqueueActions(({ context, enqueue }) => {
      const topics = withHeartbeat(context);
      if (topics.length > 0) enqueue.sendTo('broker', { type: 'subscribe', topics });
    }),
    renew: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('broker', { type: 'renew', topics: withHeartbeat(context) });
    }),
    scheduleRenewal: assign({
      renewInMs: (_, params: { expiresInMs?: number }) => (params.expiresInMs === undefined ? null : liveRenewalDelayMs(params.expiresInMs)),
    }),
    scheduleRenewalRetry: assign({ renewInMs: LIVE_RENEWAL_RETRY_MS }),
    logRenewalFailure: log((_, params: { error?: string }) => `live credentials not renewed (${params.error ?? 'unknown'}), retrying`),
    resetAttempt: assign({ attempt: 0, lastError: null }),
    markServerLost: assign({ serverLost: true }),
    markServerBack: assign({ serverLost: false }),
    nextAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    recordLoss: assign({ lastError: (_, params: { error: string }) => params.error }),
    logLoss: log(({ context }) => `live connection lost (${context.lastError ?? 'unknown'}), reconnect attempt ${context.attempt}`),
    forwardMessage: enqueueActions(({ context, enqueue }, params: { topic: string; payload: unknown }) => {
      if (params.topic === context.heartbeat?.topic) enqueue.emit({ type: 'tick', payload: params.payload });
      else enqueue.emit({ type: 'message', topic: params.topic, payload: params.payload });
    }),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({
    topics: [], attempt: 0, maxBackoffMs: input.maxBackoffMs ?? 30_000, lastError: null, renewInMs: null,
    heartbeat: input.heartbeat ?? null, serverLost: false,
  }),
  initial: 'online',
  on: {
    'topic.subscribe': { actions: { type: 'remember', params: ({ event }) => ({ topics: event.topics }) } },
    'topic.unsubscribe': { actions: { type: 'forget', params: ({ event }) => ({ topics: event.topics }) } },
    'broker.message': { actions: { type: 'forwardMessage', params: ({ event }) => ({ topic: event.topic, payload: event.payload }) } },
    'connection.stop': '.stopped',
  },
  states: {
    online: {
      invoke: {
        id: 'broker',
        src: 'broker',
        input: ({ context }) => ({ attempt: context.attempt }),
        onError: {
          target: 'disconnected',
          actions: { type: 'recordLoss', params: ({ event }) => ({ error: String((event.error as Error)?.message ?? event.error) }) },
        },
      },
      on: {
        'broker.lost': [
          // A probe of a lost server that fails another way (its WebSocket times out on a frozen process) is the server still.
          { guard: 'serverLost', target: 'unreachable', actions: { type: 'recordLoss', params: ({ event }) => ({ error: event.error ?? 'connection lost' }) } },
          { target: 'disconnected', actions: { type: 'recordLoss', params: ({ event }) => ({ error: event.error ?? 'connection lost' }) } },
        ],
        'connection.offline': { target: 'offline', actions: { type: 'recordLoss', params: { error: 'browser offline' } } },
        'broker.unreachable': {
          target: 'unreachable',
          actions: { type: 'recordLoss', params: ({ event }) => ({ error: event.error ?? 'server unreachable' }) },
        },
        'connection.serverLost': { target: 'unreachable', actions: { type: 'recordLoss', params: { error: 'server unreachable' } } },
      },
      initial: 'connecting',
      states: {
        connecting: {
          entry: 'statusConnecting',
          on: {
            'broker.connected': {
              target: 'connected',
              actions: ['resetAttempt', 'markServerBack', 'subscribeAll', { type: 'scheduleRenewal', params: ({ event }) => ({ expiresInMs: event.expiresInMs }) }],
            },
          },
        },
        connected: {
          entry: { type: 'status', params: { status: 'connected' } },
          type: 'parallel',
          states: {
            // Credentials that expire are renewed before they do: a new connection replaces this one, same topics.
            renewal: {
              initial: 'live',
              states: {
                live: { always: { guard: 'expires', target: 'waiting' } },
                waiting: { after: { renewal: 'renewing' } },
                renewing: {
                  entry: 'renew',
                  on: {
                    'broker.renewed': { target: 'live', actions: { type: 'scheduleRenewal', params: ({ event }) => ({ expiresInMs: event.expiresInMs }) } },
                    'broker.renewFailed': {
                      target: 'waiting',
                      actions: [{ type: 'logRenewalFailure', params: ({ event }) => ({ error: event.error }) }, 'scheduleRenewalRetry'],
                    },
                  },
                },
              },
            },
            // A frozen server keeps its socket open and says nothing: every message restarts the watch.
            heartbeat: {
              initial: 'route',
              states: {
                route: { always: [{ guard: 'watchesHeartbeat', target: 'watching' }, { target: 'off' }] },
                off: {},
                watching: {
                  after: {
                    heartbeat: {
                      target: '#connection.unreachable',
                      actions: { type: 'recordLoss', params: ({ context }) => ({ error: `no clock tick from the server for ${context.heartbeat?.timeoutMs ?? 0} ms` }) },
                    },
                  },
                  on: {
                    'broker.message': {
                      target: 'watching', reenter: true,
                      actions: { type: 'forwardMessage', params: ({ event }) => ({ topic: event.topic, payload: event.payload }) },
                    },
                  },
                },
              },
            },
          },
          on: {
            'topic.subscribe': {
              actions: [
                { type: 'forwardSubscribe', params: ({ event }) => ({ topics: event.topics }) },
                { type: 'remember', params: ({ event }) => ({ topics: event.topics }) },
              ],
            },
            'topic.unsubscribe': {
              actions: [
                { type: 'forwardUnsubscribe', params: ({ event }) => ({ topics: event.topics }) },
                { type: 'forget', params: ({ event }) => ({ topics: event.topics }) },
              ],
            },
          },
        },
      },
    },
    disconnected: {
      entry: [{ type: 'status', params: { status: 'disconnected' } }, 'logLoss'],
      always: 'retrying',
    },
    retrying: {
      entry: 'statusRetrying',
      after: { backoff: { target: 'online', actions: 'nextAttempt' } },
      on: {
        'connection.offline': 'offline',
        'connection.online': { target: 'online', actions: 'resetAttempt' },
        'connection.serverLost': 'unreachable',
      },
    },
    // The server does not answer: the page stays (prices greyed, offers paused) and the server is probed shortly.
    unreachable: {
      entry: ['markServerLost', { type: 'status', params: { status: 'unreachable' } }, 'logLoss'],
      after: { probe: { target: 'online', actions: 'nextAttempt' } },
      on: {
        'connection.offline': 'offline',
        'connection.online': { target: 'online', actions: 'resetAttempt' },
      },
    },
    // The browser says the network is gone: nothing to try until it says it is back.
    offline: {
      entry: ['markServerBack', { type: 'status', params: { status: 'offline' } }],
      on: { 'connection.online': { target: 'online', actions: 'resetAttempt' } },
    },
    stopped: {
      type: 'final',
      entry: { type: 'status', params: { status: 'stopped' } },
    },
  },
});
