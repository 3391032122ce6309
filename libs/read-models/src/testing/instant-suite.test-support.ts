import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Instant } from '@auction/contracts';
import type { StoredEvent } from '@auction/event-store';
import { Projector } from '../projector.js';
import { qualified } from '../tables/table-spec.js';
import { auctionsTable, lotsTable } from '../tables/read-model-tables.js';
import type { SuiteDb } from './int-support.test-support.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** ISO-looking instants, inside and outside years 0001-9999, with and without offsets and fractions. */
export const isoLikeArb: fc.Arbitrary<string> = fc.record({
  year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 9999)),
  month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }), second: fc.integer({ min: 0, max: 59 }),
  fraction: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
  offset: fc.oneof(fc.constant('Z'), fc.record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
    .map(({ sign, h, m }) => `${sign}${pad(h, 2)}:${pad(m, 2)}`)),
}).map((p) => `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}T${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}${p.fraction ? `.${p.fraction}` : ''}${p.offset}`);

/** Any string at all, ISO-looking ones more often than not. */
export const instantInputArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: isoLikeArb },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: isoLikeArb.chain((s) => fc.nat(s.length).map((i) => s.slice(0, i) + s.slice(i + 1))) },
);

/** The instants at the edges of what the contracts accept. */
export const EDGE_INSTANTS = [
  '0001-01-01T00:00:00Z', '0001-01-01T00:00:00-14:00', '0001-01-01T23:59:59+23:59', '9999-12-31T23:59:59.999Z',
  '9999-12-31T09:59:59-14:00', '9999-12-31T23:59:59+14:00', '1970-01-01T00:00:00Z', '2026-02-28T23:59:59.999999999+01:00',
];

/** What every contract accepts as an instant, read the way the API reads it (`null` when refused). */
export function acceptedInstant(input: string): string | null {
  const result = Instant.safeParse(input);
  return result.success ? result.data : null;
}

let position = 0;
const stored = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => ({
  streamId, streamVersion: 1, position: ++position, type, data, metadata: { time: new Date().toISOString() }, schemaVersion: 1, recordedAt: new Date(),
});

/** The events of one auction and its lot whose every instant is `at` (scheduled, edited, rescheduled, extended, closed). */
export function eventsAt(id: string, at: string): StoredEvent[] {
  const idAuction = `a${id}`;
  const idLot = `l${id}`;
  const timing = { startDate: at, endDate: at, windowSeconds: 0, extendSeconds: 0 };
  const definition = { auctionName: `Instant ${id}`, idMarket: 'IT', auctionType: 'STANDARD', regulationRequired: false, lotIds: [idLot], ...timing };
  const lot = {
    idLot, idAuction, idOwner: 'owner', lotNumber: 1, licensePlate: `P${id}`, frame: null, brand: 'Fiat', model: 'Panda',
    basePrice: 1000, minIncrement: 10, reservePrice: null, buyNowPrice: null, ...timing,
  };
  const first = [
    stored(`auction-${idAuction}`, 'AuctionScheduled', { ...definition, idAuction, idOwner: 'owner' }),
    stored(`lot-${idLot}`, 'LotScheduled', lot),
  ];
  const later = [
    stored(`auction-${idAuction}`, 'AuctionEdited', { ...definition, idAuction }),
    stored(`lot-${idLot}`, 'LotEdited', lot),
    stored(`auction-${idAuction}`, 'AuctionStarted', { idAuction, startedAt: at }),
    stored(`auction-${idAuction}`, 'AuctionEndRescheduled', { idAuction, endDate: at }),
    stored(`lot-${idLot}`, 'LotEndRescheduled', { idLot, endDate: at }),
    stored(`lot-${idLot}`, 'OfferPlaced', { idLot, idOffer: `o${id}`, idUser: 'dealer', amount: 1000, clickAndBuy: false, placedAt: at, idempotencyKey: null }),
    stored(`lot-${idLot}`, 'LotEndExtended', { idLot, endDate: at, idOffer: `o${id}` }),
    stored(`lot-${idLot}`, 'LotClosed', { idLot, closedAt: at, reason: 'END' }),
    stored(`auction-${idAuction}`, 'AuctionClosed', { idAuction, closedAt: at }),
  ];
  // Versions per stream in order.
  const versions = new Map<string, number>();
  return [...first, ...later].map((e) => {
    const v = (versions.get(e.streamId) ?? 0) + 1;
    versions.set(e.streamId, v);
    return { ...e, streamVersion: v };
  });
}

/**
 * Issue 21 item 9: the contracts' `Instant` refuses every instant outside years 0001-9999 (after the offset), and no
 * instant it accepts makes a projection fail; an event a projection fails on is parked and the others go on.
 */
export function describeInstantSuite(name: string, open: () => SuiteDb): void {
  describe(`instants and projections (${name})`, () => {
    it('feeds the projector every instant the contracts accept (generated and at the edges): none is parked, each is stored', async () => {
      const { db, schema } = open();
      const live = `${schema}_instants`;
      await db.dropSchema(live);
      await db.ensureSchema(live);
      const projector = new Projector({ db, schema: live });
      const samples = fc.sample(isoLikeArb, { numRuns: 400, seed: 21 }).concat(EDGE_INSTANTS)
        .map(acceptedInstant).filter((v): v is string => v !== null);
      expect(samples.length).toBeGreaterThan(100);
      const events = samples.flatMap((at, i) => eventsAt(`${name}${i}`, at));
      for (let i = 0; i < events.length; i += 500) await projector.apply(events.slice(i, i + 500));
      expect(await projector.parked()).toEqual([]);
      const auctions = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${qualified(live, auctionsTable)} WHERE status = 'CLD'`);
      expect(Number(auctions[0]!.n)).toBe(samples.length);
      const lots = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${qualified(live, lotsTable)} WHERE closed_at IS NOT NULL`);
      expect(Number(lots[0]!.n)).toBe(samples.length);
    });

    it('parks an event the database refuses (year 0), projects every other event of the batch, and counts and lists it', async () => {
      const { db, schema } = open();
      const live = `${schema}_parked`;
      await db.dropSchema(live);
      await db.ensureSchema(live);
      const parkedRows: string[] = [];
      const projector = new Projector({ db, schema: live, onParked: (row) => parkedRows.push(row.type) });
      const good = eventsAt(`${name}good`, '2026-11-21T09:00:00.000Z');
      // What the contracts accepted before the fix: year 0 passed `z.iso.datetime` and PostgreSQL refuses it.
      const bad = eventsAt(`${name}bad`, '0000-01-01T00:00:00.000Z');
      const after = eventsAt(`${name}after`, '2026-11-22T09:00:00.000Z');
      await projector.apply([...good.slice(0, 2), ...bad.slice(0, 2), ...after.slice(0, 2)]);
      await projector.apply([...good.slice(2), ...bad.slice(2), ...after.slice(2)]);
      const rows = await db.query<{ id: string; status: string }>(`SELECT id_auction AS id, status FROM ${qualified(live, auctionsTable)} ORDER BY id_auction`);
      expect(rows.filter((r) => r.id !== `a${name}bad`)).toEqual([{ id: `a${name}after`, status: 'CLD' }, { id: `a${name}good`, status: 'CLD' }]);
      const parked = await projector.parked();
      expect(parked.length).toBeGreaterThan(0);
      expect(parked[0]).toMatchObject({ streamId: `auction-a${name}bad`, type: 'AuctionScheduled' });
      expect(parked[0]!.error).toMatch(/out of range|invalid/i);
      expect(await projector.parkedCount()).toBe(parked.length);
      expect(parkedRows.length).toBe(parked.length);
      expect(await projector.resumePosition()).toBe(Math.max(...[...good, ...bad, ...after].map((e) => e.position)));
      // Delivered again (a redelivery after a restart): nothing more is parked, nothing changes.
      await new Projector({ db, schema: live }).apply([...good, ...bad, ...after]);
      expect(await projector.parkedCount()).toBe(parked.length);
    });
  });
}

/** The property on the contract alone: every accepted instant is a real UTC instant of years 0001-9999, the one sent. */
export function checkInstantContract(): void {
  fc.assert(fc.property(instantInputArb, (input) => {
    const out = acceptedInstant(input);
    if (out === null) return;
    expect(out).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const year = Number(out.slice(0, 4));
    expect(year).toBeGreaterThanOrEqual(1);
    expect(year).toBeLessThanOrEqual(9999);
    expect(Date.parse(out)).toBe(Date.parse(input));
  }), { numRuns: 5000 });
}
