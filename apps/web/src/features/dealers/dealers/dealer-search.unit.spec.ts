import { describe, expect, it } from 'vitest';
import { lenientSearch } from '../../../ui/lenient-search.js';
import { loadSessionSearch, saveSessionSearch } from '../../../ui/session-search.js';
import { DEALER_SEARCH_KEY, DEALER_SESSION_SEARCH, DealerListSearch, EMPTY_SEARCH, dealerCode, searchFilters, searchIssues } from './dealer-search.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('dealer-search panel rules', () => {
  it('idDealer keeps a whole dealer code, typed or pasted (#21 item 18)', () => {
    expect(dealerCode(' D-PEND-1 ')).toBe('D-PEND-1');
    expect(dealerCode('\tD-10a01\n')).toBe('D-10a01');
    expect(dealerCode('D PEND 1')).toBe('DPEND1');
    expect(dealerCode('')).toBe('');
    expect(searchIssues({ ...EMPTY_SEARCH, idDealer: 'D-PEND-1' })).toEqual([]);
    expect(searchFilters({ ...EMPTY_SEARCH, idDealer: 'D-PEND-1' })).toEqual({ idDealer: 'D-PEND-1' });
    expect(lenientSearch(DealerListSearch)({ idDealer: 'D-PEND-1' })).toEqual({ idDealer: 'D-PEND-1' });
  });
  it('an empty form and a sensible form may be submitted', () => {
    expect(searchIssues(EMPTY_SEARCH)).toEqual([]);
    expect(searchIssues({ idDealer: '1001', businessName: 'Demo', country: 'IT', vatCode: 'IT0123' })).toEqual([]);
  });
  it('refuses signs outside a code in idDealer, a one-letter name, a strange VAT code and an unknown country', () => {
    expect(searchIssues({ ...EMPTY_SEARCH, idDealer: '12<a' })).toEqual(['idDealer']);
    expect(searchIssues({ ...EMPTY_SEARCH, businessName: ' x ' })).toEqual(['businessName']);
    expect(searchIssues({ ...EMPTY_SEARCH, vatCode: 'IT<script>' })).toEqual(['vatCode']);
    expect(searchIssues({ ...EMPTY_SEARCH, country: 'XX' })).toEqual(['country']);
  });
  it('sends trimmed filters and leaves the empty ones out', () => {
    expect(searchFilters({ idDealer: '', businessName: '  Demo Cars ', country: '', vatCode: ' IT1 ' })).toEqual({ businessName: 'Demo Cars', vatCode: 'IT1' });
  });
  it('keeps the panel in session storage under dealerSearch; garbage reads as the empty form', () => {
    const storage = memoryStorage();
    saveSessionSearch(DEALER_SESSION_SEARCH, storage, { ...EMPTY_SEARCH, businessName: 'Demo' });
    expect(storage.items.has(DEALER_SEARCH_KEY)).toBe(true);
    expect(loadSessionSearch(DEALER_SESSION_SEARCH, storage).businessName).toBe('Demo');
    storage.setItem(DEALER_SEARCH_KEY, '{not json');
    expect(loadSessionSearch(DEALER_SESSION_SEARCH, storage)).toEqual(EMPTY_SEARCH);
    storage.setItem(DEALER_SEARCH_KEY, JSON.stringify({ country: 'NOPE' }));
    expect(loadSessionSearch(DEALER_SESSION_SEARCH, storage)).toEqual(EMPTY_SEARCH);
  });
  it('reads a list URL leniently: a bad value is dropped, not an error page', () => {
    const read = lenientSearch(DealerListSearch);
    expect(read({ idDealer: 'a;c', country: 'IT', limit: 20, sortField: 'nope' })).toEqual({ country: 'IT', limit: 20 });
    expect(read({ idDealer: 1001, sortOrder: 'desc' })).toEqual({ idDealer: '1001', sortOrder: 'desc' });
  });
});
