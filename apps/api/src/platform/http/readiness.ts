import { z } from 'zod';
import type { WriterOwnership } from '../cluster/writer-ownership.js';

/** Why an instance is not ready, in the order it starts. */
export const NotReadyReason = z.enum(['engine-catching-up', 'fanout-not-started', 'live-not-started', 'ownership-pending', 'stopping']);
export type NotReadyReason = z.infer<typeof NotReadyReason>;

/** What this instance writes: the shards of the auctions (WriterOwnership). */
export const WriterView = z.object({
  ready: z.boolean().describe('the instance knows what it owns (its first lease round is done)'),
  shards: z.number().int().describe('how many shards the auctions are spread over'),
  ownedShards: z.number().int().describe('how many of them this instance writes now'),
});

/** The answer of `/api/ready` (200 and 503 alike). */
export const ReadinessAnswer = z.object({
  ready: z.boolean(),
  reasons: z.array(NotReadyReason).describe('empty when ready'),
  instanceId: z.string(),
  writer: WriterView.extend({ owned: z.array(z.number().int()).describe('the shards this instance writes') }),
  engineIndexPosition: z.number().int().nullable().describe('the log position the engine index had caught up to at the start (null: not yet)'),
});
export type ReadinessView = z.infer<typeof ReadinessAnswer>;

/**
 * Whether this instance can serve (issue 24 item 6): its engine index caught up with the log's head as it was at the start,
 * the fan-out started, the live channel started, and its writer ownership knows what it owns; not while it stops.
 * main.ts marks each step; `/api/ready` answers 503 with the reasons until all are done (a proxy checks it).
 */
export class Readiness {
  private engineCaughtUpAt: number | null = null;
  private fanoutStarted = false;
  private liveStarted = false;
  private stopping = false;

  /** The engine's index reached the head the log had at the start (`position`). */
  markEngineCaughtUp(position: number): void {
    this.engineCaughtUpAt = position;
  }
  markFanoutStarted(): void {
    this.fanoutStarted = true;
  }
  markLiveStarted(): void {
    this.liveStarted = true;
  }
  /** From the stop signal on: the proxy takes the instance out before its listener closes. */
  markStopping(): void {
    this.stopping = true;
  }

  view(ownership: WriterOwnership): ReadinessView {
    const reasons: NotReadyReason[] = [];
    if (this.engineCaughtUpAt === null) reasons.push('engine-catching-up');
    if (!this.fanoutStarted) reasons.push('fanout-not-started');
    if (!this.liveStarted) reasons.push('live-not-started');
    if (!ownership.ready) reasons.push('ownership-pending');
    if (this.stopping) reasons.push('stopping');
    const owned = ownership.owned();
    return {
      ready: reasons.length === 0, reasons, instanceId: ownership.instanceId,
      writer: { ready: ownership.ready, shards: ownership.shards, ownedShards: owned.length, owned: [...owned] },
      engineIndexPosition: this.engineCaughtUpAt,
    };
  }
}
