import { describe, expect, it } from 'vitest';
import { PurchaseQuery } from '@auction/contracts';
import { EMPTY_PURCHASE_FILTERS, formOfQuery, queryOfForm, type PurchaseFilterForm } from './purchase-filters.js';
import { lenientSearch } from '../../../ui/lenient-search.js';

const form = (over: Partial<PurchaseFilterForm>): PurchaseFilterForm => ({ ...EMPTY_PURCHASE_FILTERS, ...over });
const startOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 0, 0, 0, 0).toISOString();
const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();

describe('purchase filter form → query', () => {
  it('given an empty form, when mapped, then the query has no filter at all', () => {
    expect(queryOfForm(EMPTY_PURCHASE_FILTERS)).toEqual({ ok: true, query: {} });
  });

  it('given blank and padded texts, when mapped, then texts are trimmed and blank fields omitted', () => {
    const mapped = queryOfForm(form({ auctionName: '  Fleet week 47 ', frame: '   ', licensePlate: 'GA123BC', idUserDealer: '', idVehicle: ' v-1 ' }));
    expect(mapped).toEqual({ ok: true, query: { auctionName: 'Fleet week 47', licensePlate: 'GA123BC', idVehicle: 'v-1' } });
  });

  it('given a channel, when mapped, then it is sent; "all" sends none', () => {
    expect(queryOfForm(form({ channel: 'SHOWCASE' }))).toEqual({ ok: true, query: { channel: 'SHOWCASE' } });
    expect(queryOfForm(form({ channel: '' }))).toEqual({ ok: true, query: {} });
  });

  it('given DD/MM/YYYY dates, when mapped, then from is the start and to the end of that day, as ISO instants', () => {
    const mapped = queryOfForm(form({ fromDate: '01/11/2026', toDate: '21/11/2026' }));
    expect(mapped).toEqual({ ok: true, query: { fromDate: startOf(2026, 11, 1), toDate: endOf(2026, 11, 21) } });
    if (mapped.ok) expect(PurchaseQuery.safeParse(mapped.query).success).toBe(true);
  });

  it('given one-digit day and month and a leap day, when mapped, then they are read', () => {
    expect(queryOfForm(form({ fromDate: '1/2/2028', toDate: '29/02/2028' }))).toEqual({ ok: true, query: { fromDate: startOf(2028, 2, 1), toDate: endOf(2028, 2, 29) } });
  });

  it('given a date not in DD/MM/YYYY or not a real day, when mapped, then that field is in error and nothing is sent', () => {
    expect(queryOfForm(form({ fromDate: '2026-11-01' }))).toEqual({ ok: false, errors: { fromDate: 'invalidDate' } });
    expect(queryOfForm(form({ toDate: '29/02/2027', fromDate: '31/04/2026' }))).toEqual({ ok: false, errors: { fromDate: 'invalidDate', toDate: 'invalidDate' } });
  });

  it('given an end before the start, when mapped, then the end is in error; the same day is fine', () => {
    expect(queryOfForm(form({ fromDate: '21/11/2026', toDate: '20/11/2026' }))).toEqual({ ok: false, errors: { toDate: 'rangeInvalid' } });
    expect(queryOfForm(form({ fromDate: '21/11/2026', toDate: '21/11/2026' })).ok).toBe(true);
  });
});

describe('purchase query → form', () => {
  it('given a query from the URL, when shown, then ISO dates read back as DD/MM/YYYY and absent fields are empty', () => {
    expect(formOfQuery({ channel: 'AUCTION', fromDate: startOf(2026, 11, 1), toDate: endOf(2026, 11, 21), frame: 'ZFA3' }))
      .toEqual(form({ channel: 'AUCTION', fromDate: '01/11/2026', toDate: '21/11/2026', frame: 'ZFA3' }));
  });

  it('round-trips: a form mapped to a query and back is the same form (dates normalised)', () => {
    const typed = form({ auctionName: 'Fleet', fromDate: '1/2/2026', toDate: '28/02/2026', licensePlate: 'GA123BC', idUserDealer: 'u1' });
    const mapped = queryOfForm(typed);
    expect(mapped.ok && formOfQuery(mapped.query)).toEqual({ ...typed, fromDate: '01/02/2026' });
  });
});

describe('the URL search', () => {
  const validate = lenientSearch(PurchaseQuery);

  it('keeps the valid filters and drops the invalid ones instead of failing', () => {
    expect(validate({ channel: 'SHOWCASE', fromDate: 'yesterday', licensePlate: 'GA123BC', extra: 1 })).toEqual({ channel: 'SHOWCASE', licensePlate: 'GA123BC' });
  });

  it('reads a digits-only value the router parsed as a number back as text', () => {
    expect(validate({ frame: 12345, idVehicle: 7 })).toEqual({ frame: '12345', idVehicle: '7' });
  });
});
