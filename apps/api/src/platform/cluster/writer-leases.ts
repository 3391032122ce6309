import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../engine/side-table.js';
import { shardOf, type WriterOwnership } from './writer-ownership.js';

const LEASES = 'public.writer_leases';
const INSTANCES = 'public.api_instances';
/** The database's clock in epoch ms: every instance measures leases by the same clock, whatever its own says. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** Called with the shards this instance took (write them from now on) or lost (no longer its own). */
export type ShardListener = (change: { readonly acquired: readonly number[]; readonly lost: readonly number[] }) => void;

export interface WriterLeaseOptions {
  readonly instanceId: string;
  readonly shards: number;
  /** How long a lease lasts without renewal, ms: after an instance dies, its auctions wait at most this long. */
  readonly leaseMs: number;
  /** Logs a round's failure (the database is unreachable: leases lapse locally). */
  readonly warn: (message: string) => void;
}

/** An instance other than this one and where it is reached, with the shards it owns. */
export interface PeerInstance {
  readonly id: string;
  readonly url: string;
}

/**
 * Writer leases in the database (PostgreSQL in server mode): the auctions are spread over `shards` shards, and each
 * shard's writer is the one instance holding its lease. Each instance renews its leases every third of a lease's life,
 * claims expired or free shards up to its fair share (shards / live instances, rounded up) and gives back shards above
 * it, so a second instance takes half of the first's and one that dies has its shards taken within a lease's life.
 *
 * A lease is believed only while it is sure: locally until the start of the round that renewed it plus the lease's
 * life minus a third (a paused or cut-off instance stops writing before another may take over). The lease decides who
 * writes; what is written is fenced by the event store's expected stream version, so a stale writer's append fails
 * and is decided again on the store's state (stream-writer.ts) rather than overwriting.
 */
export class WriterLeases implements WriterOwnership {
  readonly shards: number;
  private readonly ensure: () => Promise<void>;
  private mine = new Set<number>();
  /** Local epoch ms until which the owned leases are sure. */
  private sureUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private first = false;
  private url = '';
  private readonly listeners: ShardListener[] = [];
  private peers = new Map<number, PeerInstance>();
  private live: ReadonlySet<string> | null = null;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, private options: WriterLeaseOptions) {
    this.shards = options.shards;
    this.ensure = sideTable(db, 'writer_leases', [
      `CREATE TABLE IF NOT EXISTS ${LEASES} (shard integer PRIMARY KEY, owner text NOT NULL, epoch bigint NOT NULL, expires_at bigint NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${INSTANCES} (id text PRIMARY KEY, url text NOT NULL, seen_at bigint NOT NULL)`,
    ]);
  }

  get instanceId(): string {
    return this.options.instanceId;
  }

  get ready(): boolean {
    return this.first;
  }

  owned(): readonly number[] {
    return Date.now() < this.sureUntil ? [...this.mine].sort((a, b) => a - b) : [];
  }

  ownsAuction(idAuction: string): boolean {
    return Date.now() < this.sureUntil && this.mine.has(shardOf(idAuction, this.shards));
  }

  /** The instance that holds the auction's lease (as of the last round), when another one does. */
  ownerOf(idAuction: string): PeerInstance | undefined {
    return this.peers.get(shardOf(idAuction, this.shards));
  }

  liveInstances(): ReadonlySet<string> | null {
    return this.live;
  }

  onChange(listener: ShardListener): void {
    this.listeners.push(listener);
  }

  /** Starts the rounds once this instance's address is known; resolves after the first round. */
  async start(url: string, instanceId?: string): Promise<void> {
    this.url = url;
    if (instanceId) this.options = { ...this.options, instanceId };
    await this.runRound();
    const every = Math.max(100, Math.floor(this.options.leaseMs / 3));
    this.timer = setInterval(() => void this.runRound(), every);
    this.timer.unref();
  }

  /** Runs a round now (after a failed forward, to learn the new owner sooner); one at a time. */
  refresh(): Promise<void> {
    return this.runRound();
  }

  /** Gives every lease back (a clean shutdown): the other instances take them at their next round. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round?.catch(() => undefined);
    const lost = [...this.mine];
    this.mine = new Set();
    this.sureUntil = 0;
    if (lost.length > 0) this.emit([], lost);
    await this.db.query(`UPDATE ${LEASES} SET expires_at = 0 WHERE owner = $1`, [this.instanceId]).catch(() => undefined);
    await this.db.query(`DELETE FROM ${INSTANCES} WHERE id = $1`, [this.instanceId]).catch(() => undefined);
  }

  private runRound(): Promise<void> {
    this.round ??= this.leaseRound()
      .catch((error: unknown) => this.options.warn(`writer lease round failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => { this.round = null; });
    return this.round;
  }

  private async leaseRound(): Promise<void> {
    await this.ensure();
    const started = Date.now();
    const { instanceId: me, leaseMs, shards } = this.options;
    await this.db.query(
      `INSERT INTO ${INSTANCES} (id, url, seen_at) VALUES ($1, $2, ${NOW_MS}) ON CONFLICT (id) DO UPDATE SET url = $2, seen_at = ${NOW_MS}`,
      [me, this.url]);
    const renewed = await this.db.query<{ shard: number }>(
      `UPDATE ${LEASES} SET expires_at = ${NOW_MS} + $2 WHERE owner = $1 AND expires_at > ${NOW_MS} AND shard < $3 RETURNING shard`,
      [me, leaseMs, shards]);
    const now = new Set(renewed.map((r) => Number(r.shard)));
    const alive = await this.db.query<{ id: string }>(`SELECT id FROM ${INSTANCES} WHERE seen_at > ${NOW_MS} - $1`, [leaseMs]);
    this.live = new Set(alive.map((r) => r.id));
    const fair = Math.ceil(shards / Math.max(1, alive.length));
    if (now.size < fair) {
      const claimed = await this.db.query<{ shard: number }>(
        `INSERT INTO ${LEASES} (shard, owner, epoch, expires_at)
         SELECT g, $1, 1, ${NOW_MS} + $2 FROM generate_series(0, $3 - 1) AS g
         WHERE NOT EXISTS (SELECT 1 FROM ${LEASES} w WHERE w.shard = g AND w.expires_at > ${NOW_MS})
         ORDER BY g LIMIT $4
         ON CONFLICT (shard) DO UPDATE SET owner = EXCLUDED.owner, epoch = ${LEASES}.epoch + 1, expires_at = EXCLUDED.expires_at
         WHERE ${LEASES}.expires_at <= ${NOW_MS}
         RETURNING shard`,
        [me, leaseMs, shards, fair - now.size]);
      for (const r of claimed) now.add(Number(r.shard));
    } else if (now.size > fair) {
      // Above the fair share while others are alive: the highest shards go back (taken by a newcomer at its next round).
      const extra = [...now].sort((a, b) => b - a).slice(0, now.size - fair);
      for (const shard of extra) now.delete(shard);
      this.replace(now, started + leaseMs - Math.ceil(leaseMs / 3));
      await this.db.query(`UPDATE ${LEASES} SET expires_at = 0 WHERE owner = $1 AND shard = ANY($2::int[])`, [me, extra]);
    }
    const others = await this.db.query<{ shard: number; id: string; url: string }>(
      `SELECT w.shard, i.id, i.url FROM ${LEASES} w JOIN ${INSTANCES} i ON i.id = w.owner WHERE w.owner <> $1 AND w.expires_at > ${NOW_MS}`, [me]);
    this.peers = new Map(others.map((r) => [Number(r.shard), { id: r.id, url: r.url }]));
    this.replace(now, started + leaseMs - Math.ceil(leaseMs / 3));
    this.first = true;
  }

  private replace(next: Set<number>, sureUntil: number): void {
    const wasSure = Date.now() < this.sureUntil;
    const before = wasSure ? this.mine : new Set<number>();
    const acquired = [...next].filter((s) => !before.has(s));
    const lost = [...before].filter((s) => !next.has(s));
    this.mine = next;
    this.sureUntil = sureUntil;
    if (acquired.length > 0 || lost.length > 0) this.emit(acquired, lost);
  }

  private emit(acquired: number[], lost: number[]): void {
    for (const l of this.listeners) l({ acquired, lost });
  }
}
