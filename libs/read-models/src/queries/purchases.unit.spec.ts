import { describe, expect, it } from 'vitest';
import type { PurchaseRow } from '@auction/contracts';
import { newestFirst, purchaseMatches } from './purchases.js';

const row = (date: string): PurchaseRow => ({
  idAuction: 'a', idLot: 'l', idVehicle: null, licensePlate: 'AB123CD', brand: 'Fiat', model: '500', price: 1000, channel: 'AUCTION', date, auctionName: 'x', frame: null,
});

describe('purchase dates are compared as instants, not as text (issue 21 item 14)', () => {
  it('filters by instant whatever the spelling of the row\'s date', () => {
    // 10:00+01:00 is 09:00Z: before 09:30Z, though as text it sorts after it.
    expect(purchaseMatches(row('2026-11-21T10:00:00+01:00'), { fromDate: '2026-11-21T09:30:00.000Z' })).toBe(false);
    expect(purchaseMatches(row('2026-11-21T10:00:00+01:00'), { toDate: '2026-11-21T09:30:00.000Z' })).toBe(true);
    expect(purchaseMatches(row('2026-11-21T09:00:00.000Z'), { toDate: '9999-12-31T23:59:59.000Z', fromDate: '0001-01-01T00:00:00.000Z' })).toBe(true);
    expect(purchaseMatches(row(''), { fromDate: '0001-01-01T00:00:00.000Z' })).toBe(false);
  });

  it('orders newest first by instant', () => {
    const rows = [row('2026-11-21T10:00:00+01:00'), row('2026-11-21T09:30:00.000Z'), row('')].sort(newestFirst);
    expect(rows.map((r) => r.date)).toEqual(['2026-11-21T09:30:00.000Z', '2026-11-21T10:00:00+01:00', '']);
  });
});
