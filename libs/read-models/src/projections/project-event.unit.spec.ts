import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showcaseDataOf, type LotState, type VehicleState } from '@auction/domain';
import { generateScenario, shuffledAcrossPartitions } from '../testing/scenario.test-support.js';
import { PROJECTED_TABLES, type ProjectedTable } from '../tables/read-model-tables.js';
import { projectAll, rowsTouchedBy } from './project-event.js';
import type { RowSet, TableRows } from './row-set.js';

function tablesOf(rows: RowSet): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of Object.keys(PROJECTED_TABLES) as ProjectedTable[]) {
    const keyOf = (r: object) => PROJECTED_TABLES[t].primary.map((p) => String((r as Record<string, unknown>)[p])).join('|');
    out[t] = (rows[t] as TableRows<object>).changes().upserts.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  }
  return out;
}

describe('projectAll over logs the deciders wrote', () => {
  it('agrees with the folded domain states: best offer, count, award, dealer bests, observers, holds and sales', () => {
    const { log, events } = generateScenario({ seed: 7 });
    const rows = projectAll(events);
    for (const lot of log.statesOf<LotState>('lot-')) {
      if (lot.status === 'NONE') continue;
      const d = lot.data;
      const key = { idLot: d.definition.idLot };
      expect(rows.lots.get(key)).toMatchObject({
        state: lot.status, bestAmount: d.best?.amount ?? null, bestOfferId: d.best?.idOffer ?? null, offersCount: d.offersCount,
        awardStatus: lot.status === 'CLOSED' ? lot.award.status : 'TBA',
        awardedUserId: lot.status === 'CLOSED' && lot.award.status === 'AWA' ? lot.award.idUser : null,
        endAt: new Date(d.endMs).toISOString(),
      });
      for (const [idUser, mine] of Object.entries(d.dealers)) {
        expect(rows.dealerBests.get({ idLot: d.definition.idLot, idUser })).toMatchObject({ bestAmount: mine.bestAmount, bestOfferId: mine.bestOfferId });
      }
      for (const idUser of d.observers) expect(rows.observations.get({ idLot: d.definition.idLot, idUser })).toBeDefined();
    }
    for (const v of log.statesOf<VehicleState>('vehicle-')) {
      const data = showcaseDataOf(v);
      if (!data) continue;
      expect(rows.vehicles.get({ idVehicle: data.listing.idVehicle })).toMatchObject({
        status: v.status, holdUserId: data.hold?.idUser ?? null, soldUserId: v.status === 'SOLD' ? v.sale.idUser : null,
      });
      for (const idUser of data.inMyLotOf) expect(rows.myLot.get({ idVehicle: data.listing.idVehicle, idUser })).toBeDefined();
    }
  });

  it('gives the same rows whatever the interleaving of partitions (per-auction order kept)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (seed, shuffle) => {
      const { events } = generateScenario({ seed, auctions: 5, offersPerAuction: 12 });
      expect(tablesOf(projectAll(shuffledAcrossPartitions(events, shuffle)))).toEqual(tablesOf(projectAll(events)));
    }), { numRuns: 15 });
  });

  it('touches only the rows of the event\'s stream and its dependents', () => {
    const { events } = generateScenario({ seed: 3, auctions: 3 });
    for (const e of events) {
      const refs = rowsTouchedBy(e);
      if (e.streamId.startsWith('user-')) expect(refs.every((r) => r.table === 'regulations')).toBe(true);
      else expect(refs[0]?.table).toBe(e.streamId.startsWith('lot-') ? 'lots' : e.streamId.startsWith('auction-') ? 'auctions' : 'vehicles');
    }
  });
});
