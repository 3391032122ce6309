/**
 * Which auctions this instance writes. Each auction belongs to one of `shards` shards (a hash of its id); in server mode
 * each shard has one writer instance at a time, by a lease in the database (see writer-leases.ts); the embedded default
 * is one instance and owns every shard.
 */
export interface WriterOwnership {
  /** This instance's id (`INSTANCE_ID`, else `api-<pid>`). */
  readonly instanceId: string;
  /** How many shards the auctions are spread over. */
  readonly shards: number;
  /** True once this instance knows what it owns (its first lease round is done): readiness waits for it. */
  readonly ready: boolean;
  /** The shards this instance writes now. */
  owned(): readonly number[];
  /** Whether this instance writes the auction now. */
  ownsAuction(idAuction: string): boolean;
  /** The instances alive as of the last lease round (null: not known, one instance). */
  liveInstances(): ReadonlySet<string> | null;
}

export const WRITER_OWNERSHIP = Symbol('WRITER_OWNERSHIP');

/** The shard of an auction: FNV-1a of its id, modulo `shards` (stable across instances and releases). */
export function shardOf(idAuction: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < idAuction.length; i++) {
    h ^= idAuction.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % shards;
}

/** One instance (the embedded default, or a server without leases): it writes every auction. */
export class SoleWriter implements WriterOwnership {
  readonly ready = true;
  private readonly all: readonly number[];
  constructor(readonly instanceId: string, readonly shards = 1) {
    this.all = Array.from({ length: shards }, (_, i) => i);
  }
  owned(): readonly number[] {
    return this.all;
  }
  ownsAuction(): boolean {
    return true;
  }
  liveInstances(): null {
    return null;
  }
}
