import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkClosings } from './closings.js';
import { checkLog, diffDumps, jsonOfConsoleLine, logRowOf, readAcks, verdictLine, verdictOf, type Acks, type LogRow } from './correctness.js';
import { normalizeSummary } from './k6.js';

const offer = (position: number, lot: string, idOffer: string, amount: number, username = 'dealer1'): LogRow =>
  ({ position, streamId: `lot-${lot}`, type: 'OfferPlaced', idOffer, idLot: lot, amount, username });
const sale = (position: number, idVehicle: string, username: string): LogRow => ({ position, streamId: `vehicle-${idVehicle}`, type: 'VehicleSold', idVehicle, username });
const acks = (offers: Acks['offers'], purchases: Acks['purchases'] = []): Acks => ({ offers, purchases, otherLines: 0 });

describe('the correctness check of the bench', () => {
  const log = [offer(1, 'a', 'o1', 100), offer(2, 'b', 'o2', 100), offer(3, 'a', 'o3', 110, 'dealer2'), sale(4, 'v1', 'dealer3')];
  const good = acks(
    [{ idLot: 'a', idOffer: 'o1', offer: 100, username: 'dealer1' }, { idLot: 'a', idOffer: 'o3', offer: 110, username: 'dealer2' }],
    [{ idVehicle: 'v1', username: 'dealer3' }],
  );

  it('passes when every acknowledged write is in the log once, in order', () => {
    const c = checkLog(good, log);
    expect(c.problems).toEqual([]);
    expect({ ackedOffers: c.ackedOffers, ackedPurchases: c.ackedPurchases, unacknowledged: c.unacknowledgedInLog, lots: c.lots })
      .toEqual({ ackedOffers: 2, ackedPurchases: 1, unacknowledged: 1, lots: 2 });
    const rm = { method: 'admin-api-rebuild' as const, equal: true, tables: 9, rows: 10, rebuiltEvents: 4, rebuildSeconds: 0.1, attempts: 1, differences: [] };
    expect(verdictOf(c, rm, [], [], Date.now()).pass).toBe(true);
  });

  it('finds a missing offer, a duplicate, a mismatch, a lot going down, a purchase missing and a vehicle sold twice', () => {
    const bad = [...log, offer(5, 'a', 'o1', 120), offer(6, 'b', 'o6', 90), sale(7, 'v1', 'dealer4')];
    const c = checkLog(acks(
      [...good.offers, { idLot: 'a', idOffer: 'lost', offer: 130 }, { idLot: 'b', idOffer: 'o2', offer: 999 }],
      [...good.purchases, { idVehicle: 'v9', username: 'dealer5' }],
    ), bad);
    expect({
      missing: c.missing, duplicatedInLog: c.duplicatedInLog, mismatched: c.mismatched, nonIncreasingLots: c.nonIncreasingLots,
      purchasesMissing: c.purchasesMissing, vehiclesSoldTwice: c.vehiclesSoldTwice,
    }).toEqual({ missing: 1, duplicatedInLog: 1, mismatched: 1, nonIncreasingLots: 1, purchasesMissing: 1, vehiclesSoldTwice: 1 });
    expect(verdictOf(c, null, [], [], Date.now()).pass).toBe(false);
  });

  it('fails when there is nothing to check, and when the read models differ from the rebuild', () => {
    expect(verdictOf(checkLog(acks([]), log), null, [], [], Date.now()).problems[0]).toMatch(/no acknowledged write/);
    const live = { offers: [{ idOffer: 'o1', offer: 100 }] };
    const rebuilt = { offers: [{ idOffer: 'o1', offer: 101 }] };
    const differences = diffDumps(live, rebuilt, ['live', 'rebuilt']);
    expect(differences).toHaveLength(1);
    // The differing field is named first, with both values, whatever the row's length.
    const long = { lots: [{ idLot: 'l1', text: 'x'.repeat(400), offerCount: 7 }] };
    const [named] = diffDumps(long, { lots: [{ idLot: 'l1', text: 'x'.repeat(400), offerCount: 8 }] }, ['live', 'rebuilt']);
    expect(named).toContain('first difference at row 0: offerCount: live 7, rebuilt 8 (');
    expect(diffDumps({ lots: [] }, { lots: [{ idLot: 'l1' }] }, ['live', 'rebuilt'])[0]).toContain('a row on one side only');
    const rm = { method: 'admin-api-rebuild' as const, equal: false, tables: 1, rows: 1, rebuiltEvents: 1, rebuildSeconds: 0, attempts: 1, differences };
    expect(verdictOf(checkLog(good, log), rm, [], [], Date.now()).pass).toBe(false);
  });

  it('reads acknowledgements as bare JSON or as k6 log lines, and ignores other lines', async () => {
    const entry = { k: 'offer', idAuction: 'x', idLot: 'a', idOffer: 'o1', offer: 100, username: 'dealer1' };
    const logfmt = `time="2026-11-21T12:00:00Z" level=info msg="${JSON.stringify(entry).replace(/"/g, '\\"')}" source=console`;
    expect(jsonOfConsoleLine(logfmt)).toEqual(entry);
    const dir = mkdtempSync(path.join(tmpdir(), 'acks-'));
    try {
      const file = path.join(dir, 'acks.ndjson');
      writeFileSync(file, [logfmt, JSON.stringify({ k: 'buy', idVehicle: 'v1', username: 'dealer3' }), JSON.stringify({ k: 'error', status: 500 }), 'plain text'].join('\n'));
      const read = await readAcks([file, path.join(dir, 'missing.ndjson')]);
      expect({ offers: read.offers.length, purchases: read.purchases.length, other: read.otherLines }).toEqual({ offers: 1, purchases: 1, other: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a lot\'s end, closing and offers from event bodies, and fails the verdict on an offer accepted after the end', () => {
    const T = Date.parse('2026-11-26T12:00:00.000Z');
    const rows = [
      logRowOf(1, 'lot-a', 'LotScheduled', { idLot: 'a', endDate: '2026-11-26T12:00:00.000Z', startDate: '2026-11-26T11:00:00.000Z' }, T - 60_000),
      logRowOf(2, 'lot-a', 'OfferPlaced', { idLot: 'a', idOffer: 'o1', idUser: 'u1', amount: 100, placedAt: '2026-11-26T11:59:59.000Z' }, T - 998),
      logRowOf(3, 'lot-a', 'LotEndExtended', { idLot: 'a', endDate: '2026-11-26T12:00:04.000Z', idOffer: 'o1' }, T - 998),
      logRowOf(4, 'lot-a', 'OfferPlaced', { idLot: 'a', idOffer: 'o2', idUser: 'u2', amount: 110, placedAt: '2026-11-26T12:00:04.500Z' }, T + 4502),
      logRowOf(5, 'lot-a', 'LotClosed', { idLot: 'a', closedAt: '2026-11-26T12:00:04.000Z', reason: 'END' }, T + 4600),
    ];
    expect(rows[1]).toMatchObject({ type: 'OfferPlaced', idOffer: 'o1', amount: 100, username: 'u1', placedAtMs: T - 1000, recordedMs: T - 998 });
    expect(rows[2]).toMatchObject({ endMs: T + 4000 });
    expect(rows[4]).toMatchObject({ reason: 'END', recordedMs: T + 4600 });
    const log = checkLog(acks([{ idLot: 'a', idOffer: 'o1', offer: 100, username: 'u1' }]), rows);
    expect({ logOffers: log.logOffers, logSales: log.logSales, problems: log.problems }).toEqual({ logOffers: 2, logSales: 0, problems: [] });
    const closings = checkClosings(rows, T + 60_000);
    expect({ afterEnd: closings.offersAfterEnd, lateness: closings.latenessMs?.max }).toEqual({ afterEnd: 1, lateness: 600 });
    const rm = { method: 'admin-api-rebuild' as const, equal: true, tables: 9, rows: 10, rebuiltEvents: 5, rebuildSeconds: 0.1, attempts: 1, differences: [] };
    const verdict = verdictOf(log, rm, [], [], Date.now(), closings);
    expect(verdict.pass).toBe(false);
    expect(verdict.problems).toEqual(['1 offers accepted at or after their lot\'s end']);
    expect(verdictLine(verdict)).toContain('1 closings, late by p50 600 / p99 600 / max 600 ms (1 over 250 ms, 0 never fired)');
    expect(verdictOf(log, rm, [], [], Date.now(), checkClosings(rows.filter((r) => r.position !== 4), T + 60_000)).pass).toBe(true);
  });

  it('normalizes the summaries of load-tests/lib/summary.js', () => {
    const s = normalizeSummary({ dealers: 200, fanout: { subscribed: 0, deliveries: 0, p99: null } });
    expect({ clients: s.clients, fanout: s.fanout }).toEqual({ clients: 200, fanout: null });
    const f = normalizeSummary({ subscribers: 1000, fanout: { subscribed: 990, deliveries: 5000, p50: 10, p95: 20, p99: 30, max: 40 } });
    expect(f.fanout).toEqual({ subscribers: 990, messages: 5000, p50: 10, p95: 20, p99: 30, max: 40 });
  });
});
