import type { LotView } from '@auction/contracts';
import { meetsReserve } from '@auction/domain';

/** What an "award all" did to the lots that were to be awarded when it was sent. */
export interface AwardAllOutcome {
  /** Lots to be awarded when the call was sent. */
  readonly total: number;
  /** Plates of the lots it awarded. */
  readonly awarded: readonly string[];
  /** Plates left to be awarded because their best offer is below the reserve. */
  readonly belowReserve: readonly string[];
  /** Plates left to be awarded because nobody made an offer. */
  readonly noOffers: readonly string[];
}

/**
 * The outcome of `PATCH …/award` (which answers every lot of the auction after the call) for the lots that were
 * to be awarded before it (`idLots`); `reserves` are the reserves as loaded by the owner.
 */
export function awardAllOutcome(
  idLots: readonly string[], answer: readonly LotView[], reserves: ReadonlyMap<string, number | null>,
): AwardAllOutcome {
  const byId = new Map(answer.map((l) => [l.idLot, l]));
  const awarded: string[] = [];
  const belowReserve: string[] = [];
  const noOffers: string[] = [];
  for (const idLot of idLots) {
    const lot = byId.get(idLot);
    if (!lot) continue;
    if (lot.awardStatus === 'AWA') awarded.push(lot.licensePlate);
    else if (lot.bestOffer === null) noOffers.push(lot.licensePlate);
    else if (!meetsReserve(lot.reservePrice ?? reserves.get(idLot) ?? null, lot.bestOffer)) belowReserve.push(lot.licensePlate);
    else noOffers.push(lot.licensePlate);
  }
  return { total: idLots.length, awarded, belowReserve, noOffers };
}
