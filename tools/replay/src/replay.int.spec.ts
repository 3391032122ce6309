import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAuction, decideLot, evolveLot, initialLotState, streamId, toIso, type LotEvent, type LotState } from '@auction/domain';
import { PgliteEventStore } from '@auction/event-store';
import { exportNdjson, importNdjson } from './ndjson.js';
import { StoreSource } from './sources.js';
import { formatTable, replayStream } from './stream-replay.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const lotDef = {
  idLot: 'A1-1', idAuction: 'A1', idOwner: 'auctioneer', lotNumber: 1, licensePlate: 'GA123BC', frame: null, brand: 'Fiat', model: '500',
  basePrice: 5000, minIncrement: 100, reservePrice: 6000, buyNowPrice: null,
  startDate: toIso(T0), endDate: toIso(T0 + 600_000), windowSeconds: 0, extendSeconds: 0,
};

describe('replay tool on a real (PGlite) store', () => {
  const store = new PgliteEventStore();
  const states: { position: number; state: LotState }[] = [];
  let dir = '';

  beforeAll(async () => {
    await store.init();
    dir = await mkdtemp(join(tmpdir(), 'replay-'));
    const auction = decideAuction({
      type: 'ScheduleAuction', idAuction: 'A1', idOwner: 'auctioneer', now: T0 - 1000,
      definition: { auctionName: 'Replay', idMarket: 'IT', auctionType: 'OTH', startDate: lotDef.startDate, endDate: lotDef.endDate, regulationRequired: false, windowSeconds: 0, extendSeconds: 0, lotIds: ['A1-1'] },
    }, { status: 'NONE' });
    await store.append(streamId.auction('A1'), 0, auction);
    let state: LotState = initialLotState;
    let version = 0;
    const apply = async (events: LotEvent[]) => {
      const result = await store.append(streamId.lot('A1-1'), version, events);
      version = result.nextVersion;
      events.forEach((e, i) => {
        state = evolveLot(state, e);
        states.push({ position: result.positions[i]!, state });
      });
    };
    await apply(decideLot({ type: 'ScheduleLot', data: lotDef }, state));
    for (let i = 0; i < 20; i++) {
      const amount = 5000 + i * 100;
      await apply(decideLot({ type: 'PlaceOffer', idOffer: `o${i}`, idUser: `d${i % 3}`, idDealer: null, amount, clickAndBuy: false, idempotencyKey: null, regulationAccepted: true, now: T0 + i * 1000 }, state));
    }
    await apply(decideLot({ type: 'CloseLot', now: T0 + 600_000 }, state));
  });

  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reproduces a lot\'s state at a chosen position', async () => {
    const events = await store.readStream(streamId.lot('A1-1'));
    const chosen = states[11]!;
    const steps = replayStream(streamId.lot('A1-1'), events, { toPosition: chosen.position });
    expect(steps).toHaveLength(12);
    const last = steps.at(-1)!;
    expect(last.position).toBe(chosen.position);
    const expected = chosen.state.status === 'OPEN' ? chosen.state.data : null;
    expect(last.state).toMatchObject({ bestOffer: expected!.best!.amount, offersCount: expected!.offersCount, bestOfferId: expected!.best!.idOffer });
    expect(formatTable(steps)).toContain('OfferPlaced');
    const all = replayStream(streamId.lot('A1-1'), events);
    expect(all.at(-1)!.state).toMatchObject({ status: 'CLD', offersCount: 20, bestOffer: 6900 });
  });

  it('exports NDJSON and imports it into an empty store with the same streams', async () => {
    const file = join(dir, 'export.ndjson');
    const count = await exportNdjson(new StoreSource('src', store), file, 0, () => undefined);
    expect(count).toBe(1 + 1 + 20 + 1);
    const target = new PgliteEventStore();
    await target.init();
    try {
      expect(await importNdjson(new StoreSource('dst', target), file, () => undefined, 7)).toBe(count);
      const strip = (es: Awaited<ReturnType<typeof store.readAll>>) => es.map(({ streamId: s, streamVersion, type, data }) => ({ s, streamVersion, type, data }));
      expect(strip(await target.readAll(0, 1000))).toEqual(strip(await store.readAll(0, 1000)));
    } finally {
      await target.close();
    }
  });
});
