import { describe, expect, test } from '@jest/globals';
import { containsPattern, dealerOrder, dealerWhere } from './dealer-search.js';

describe('dealer search SQL', () => {
  test('a text filter is a lower-cased "contains" whose %, _ and \\ are literal', () => {
    expect(containsPattern('Demo')).toBe('%demo%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  test('every value is a parameter, never SQL text; markets narrow every list; DELETED only when asked', () => {
    const hostile = "x' OR 1=1 --";
    const { sql, params } = dealerWhere({ markets: ['IT'], businessName: hostile, vatCodes: [hostile], country: hostile, region: hostile, username: hostile });
    expect(sql).not.toContain(hostile);
    expect(sql).toContain("d.status <> 'DELETED'");
    expect(params[0]).toBe('["IT"]');
    expect(params).toContain(containsPattern(hostile));
    expect(dealerWhere({ markets: [], status: 'DELETED' }).sql).toContain('d.status = $2');
  });

  test('a day in createTo includes the whole day; an instant is inclusive', () => {
    const day = dealerWhere({ markets: ['IT'], createFrom: '2026-11-01', createTo: '2026-11-22' });
    expect(day.sql).toMatch(/d\.created_at >= \$2::timestamptz AND d\.created_at < \$3::timestamptz$/);
    expect(day.params.slice(1)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    const instant = dealerWhere({ markets: ['IT'], createTo: '2026-11-22T10:00:00Z' });
    expect(instant.sql).toContain('d.created_at <= $2::timestamptz');
  });

  test('flgIam and capabilities are flags; the order always ends on the dealer id', () => {
    expect(dealerWhere({ markets: ['IT'], flgIam: false, capability: 'multiAuctioneer' }).sql)
      .toMatch(/NOT \(coalesce\(p\.data->>'referenceFCA', ''\) <> ''\) AND d\.multi_auctioneer = true$/);
    expect(dealerOrder({ sortField: 'businessName', sortOrder: 'desc' })).toBe(`lower(p.data->>'businessName') COLLATE "C" DESC NULLS LAST, d.id_dealer COLLATE "C" DESC`);
  });
});
