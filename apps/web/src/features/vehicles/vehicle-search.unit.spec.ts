import { describe, expect, it } from 'vitest';
import { loadSessionSearch, saveSessionSearch } from '../../ui/session-search.js';
import {
  EMPTY_VEHICLE_SEARCH, VEHICLE_SEARCH_KEY, VEHICLE_SESSION_SEARCH, formOfFilters, searchFilters, searchIssues, statesOf, toggleState,
} from './vehicle-search.js';

const form = (over: Partial<typeof EMPTY_VEHICLE_SEARCH>) => ({ ...EMPTY_VEHICLE_SEARCH, ...over });

describe('the vehicle search panel', () => {
  it('sends only the filled filters, trimmed, with the days typed DD/MM/YYYY as YYYY-MM-DD', () => {
    expect(searchFilters(form({ brand: ' Fiat ', insertDate: '01/10/2026', insertDateTo: '31/10/2026', minPrice: '1000.50' })))
      .toEqual({ brand: 'Fiat', insertDate: '2026-10-01', insertDateTo: '2026-10-31', minPrice: '1000.50' });
    expect(searchFilters(EMPTY_VEHICLE_SEARCH)).toEqual({});
  });

  it('reads a URL back into the form, days shown DD/MM/YYYY', () => {
    expect(formOfFilters({ insertDate: '2026-10-01', model: 'Tipo' })).toEqual(form({ insertDate: '01/10/2026', model: 'Tipo' }));
  });

  it('refuses what the contract refuses: an amount with 3 decimals, a day that is not one, a count with letters', () => {
    expect(searchIssues(form({ minPrice: '10.123' }))).toEqual(['minPrice']);
    expect(searchIssues(form({ insertDate: '31/02/2026' }))).toEqual(['insertDate']);
    expect(searchIssues(form({ maxAuctions: 'two' }))).toEqual(['maxAuctions']);
    expect(searchIssues(form({ minPrice: '100', maxPrice: '2500.5', minAuctions: '0', insertDate: '01/01/2026' }))).toEqual([]);
  });

  it('refuses a minimum above its maximum and a from-day after the to-day (the server answers 400200)', () => {
    expect(searchIssues(form({ minPrice: '900', maxPrice: '100' }))).toEqual(['maxPrice']);
    expect(searchIssues(form({ minDamage: '10', maxDamage: '9.99' }))).toEqual(['maxDamage']);
    expect(searchIssues(form({ insertDate: '02/10/2026', insertDateTo: '01/10/2026' }))).toEqual(['insertDateTo']);
    expect(searchIssues(form({ minAuctions: '2', maxAuctions: '2' }))).toEqual([]);
  });

  it('sends the location and the statuses as the server takes them (state comma separated, in the domain\'s order)', () => {
    let state = toggleState('', 'SOLD', true);
    state = toggleState(state, 'STOCK', true);
    expect(state).toBe('STOCK,SOLD');
    expect(statesOf(state)).toEqual(['STOCK', 'SOLD']);
    expect(toggleState(toggleState(state, 'STOCK', false), 'SOLD', false)).toBe('');
    expect(searchFilters(form({ area: ' Nord ', region: 'Lombardia', state }))).toEqual({ area: 'Nord', region: 'Lombardia', state: 'STOCK,SOLD' });
    expect(searchIssues(form({ state: 'STOCK,NEW' }))).toEqual(['state']);
    expect(searchIssues(form({ state }))).toEqual([]);
  });

  it('is kept in session storage under vehicleSearch; anything unreadable is the empty form', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveSessionSearch(VEHICLE_SESSION_SEARCH, storage, form({ licensePlate: 'GD100LS' }));
    expect(JSON.parse(store.get(VEHICLE_SEARCH_KEY)!)).toMatchObject({ licensePlate: 'GD100LS' });
    expect(loadSessionSearch(VEHICLE_SESSION_SEARCH, storage)).toEqual(form({ licensePlate: 'GD100LS' }));
    store.set(VEHICLE_SEARCH_KEY, '{broken');
    expect(loadSessionSearch(VEHICLE_SESSION_SEARCH, storage)).toEqual(EMPTY_VEHICLE_SEARCH);
    store.set(VEHICLE_SEARCH_KEY, JSON.stringify({ brand: 42 }));
    expect(loadSessionSearch(VEHICLE_SESSION_SEARCH, storage)).toEqual(EMPTY_VEHICLE_SEARCH);
  });
});
