import { AUCTION, LOT, type LotState } from '@auction/domain';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import type { TransitionScheduler } from './transition-scheduler.js';
import { shardOf } from '../../platform/cluster/writer-ownership.js';
import type { ShardListener } from '../../platform/cluster/writer-leases.js';

/**
 * What an instance does when it becomes the writer of shards: it forgets what it held in memory of their auctions'
 * streams (another instance wrote them meanwhile: the next command reloads them from the store) and fires the
 * transitions their previous writer left undone (lots due to close, auctions due to start).
 */
export function writerOfShards(writer: StreamWriter, scheduler: TransitionScheduler, shards: number): ShardListener {
  return ({ acquired }) => {
    if (acquired.length === 0) return;
    const mine = new Set(acquired);
    writer.forget((id, state) => {
      if (id.startsWith(AUCTION.prefix)) return mine.has(shardOf(id.slice(AUCTION.prefix.length), shards));
      if (id.startsWith(LOT.prefix)) {
        const lot = state as LotState;
        return lot.status !== 'NONE' && mine.has(shardOf(lot.data.definition.idAuction, shards));
      }
      return false;
    });
    scheduler.takeOver(acquired);
  };
}
