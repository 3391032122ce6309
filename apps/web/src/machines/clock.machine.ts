import { assign, emit, fromPromise, setup } from 'xstate';
import { bestSample, sampleOffset, type ClockSample } from './server-clock.js';

/** Input of {@link clockMachine}. */
export interface ClockInput {
  /** Local clock (epoch ms); injected so tests do not depend on the wall clock. */
  now: () => number;
  /** Requests per sync; the one with the smallest round trip wins (default 3). */
  samples?: number;
  /** Re-sync period once synced (default 180 000 ms). */
  resyncMs?: number;
  /** Wait before retrying a failed sync (default 5 000 ms). */
  retryMs?: number;
}

/** Answer of the `fetchServerTime` actor (the app calls `GET /api/v1/secure/time`). */
export interface ServerTime {
  epochMs: number;
}

/** Context of {@link clockMachine}. `offset` is server minus local time; null until the first sync. */
export interface ClockContext {
  now: () => number;
  samples: number;
  resyncMs: number;
  retryMs: number;
  offset: number | null;
  rttMs: number | null;
  /** Local time of the last successful sync; changes on every sync. */
  syncedAt: number | null;
  /** Samples of the round in progress. */
  round: ClockSample[];
  /** Local time the pending request was sent. */
  sentAt: number;
  lastError: string | null;
}

/** UI events of {@link clockMachine}. */
export type ClockEvent = { type: 'window.focus' } | { type: 'clock.drifted' };

/** Emitted after each successful sync. */
export type ClockEmitted = { type: 'synced'; offset: number; rttMs: number };

/** Placeholder `fetchServerTime`: the app provides the real call with `clockMachine.provide(...)`. */
export const missingServerTime = fromPromise<ServerTime>(async () => {
  throw new Error('clockMachine: provide the fetchServerTime actor');
});

/**
 * Server clock synchronisation: `syncing` takes `samples` requests (`syncing.sampling` ↔ `syncing.measured`),
 * keeps the smallest round trip and goes to `synced`; `synced` re-syncs after `resyncMs` or on `window.focus`.
 * `clock.drifted` (a server clock tick that contradicts the estimate) re-syncs at once too.
 * A failed request goes to `failed`, which retries after `retryMs` (or on `window.focus`) and keeps the previous
 * offset. The machine only measures: the UI feeds `context.offset` to a monotonic `ServerClock`
 * (`createServerClock(...).update(offset)`) whenever `context.syncedAt` changes, or on the `synced` emitted event.
 */
export const clockMachine = setup({
  types: {
    context: {} as ClockContext,
    events: {} as ClockEvent,
    input: {} as ClockInput,
    emitted: {} as ClockEmitted,
  },
  actors: { fetchServerTime: missingServerTime },
  delays: {
    resync: ({ context }) => context.resyncMs,
    retry: ({ context }) => context.retryMs,
  },
  guards: {
    roundComplete: ({ context }) => context.round.length >= context.samples,
  },
  actions: {
    startRound: assign({ round: [] }),
    markSent: assign({ sentAt: ({ context }) => context.now() }),
    addSample: assign({
      round: ({ context }, params: { epochMs: number }) => [...context.round, sampleOffset(context.sentAt, params.epochMs, context.now())],
    }),
    applyBest: assign(({ context }) => {
      const best = bestSample(context.round)!;
      return { offset: best.offset, rttMs: best.rttMs, syncedAt: context.now(), lastError: null };
    }),
    recordError: assign({ lastError: (_, params: { error: unknown }) => String((params.error as Error)?.message ?? params.error) }),
    emitSynced: emit(({ context }) => ({ type: 'synced' as const, offset: context.offset!, rttMs: context.rttMs! })),
  },
}).createMachine({
  id: 'clock',
  context: ({ input }) => ({
    now: input.now, samples: Math.max(1, input.samples ?? 3), resyncMs: input.resyncMs ?? 180_000, retryMs: input.retryMs ?? 5_000,
    offset: null, rttMs: null, syncedAt: null, round: [], sentAt: 0, lastError: null,
  }),
  initial: 'syncing',
  states: {
    syncing: {
      entry: 'startRound',
      initial: 'sampling',
      states: {
        sampling: {
          entry: 'markSent',
          invoke: {
            src: 'fetchServerTime',
            onDone: { target: 'measured', actions: { type: 'addSample', params: ({ event }) => ({ epochMs: event.output.epochMs }) } },
            onError: { target: '#clock.failed', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        measured: {
          always: [{ guard: 'roundComplete', target: '#clock.synced', actions: 'applyBest' }, { target: 'sampling' }],
        },
      },
    },
    synced: {
      entry: 'emitSynced',
      after: { resync: 'syncing' },
      on: { 'window.focus': 'syncing', 'clock.drifted': 'syncing' },
    },
    failed: {
      after: { retry: 'syncing' },
      on: { 'window.focus': 'syncing', 'clock.drifted': 'syncing' },
    },
  },
});
