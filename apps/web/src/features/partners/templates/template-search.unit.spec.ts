import { describe, expect, it } from 'vitest';
import { loadSessionSearch, saveSessionSearch } from '../../../ui/session-search.js';
import { TEMPLATE_SESSION_SEARCH, templateQuery } from './template-search.js';

function memory() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('the template list\'s search', () => {
  it('is kept in the session as templateSearch and read back; a tampered one is the empty search', () => {
    const storage = memory();
    saveSessionSearch(TEMPLATE_SESSION_SEARCH, storage, { templateName: 'lea', idMarket: 'IT', sortField: 'status', sortOrder: 'desc' });
    expect([...storage.items.keys()]).toEqual(['templateSearch']);
    expect(loadSessionSearch(TEMPLATE_SESSION_SEARCH, storage)).toEqual({ templateName: 'lea', idMarket: 'IT', sortField: 'status', sortOrder: 'desc' });
    storage.setItem('templateSearch', JSON.stringify({ idMarket: 'XX', sortField: 'password' }));
    expect(loadSessionSearch(TEMPLATE_SESSION_SEARCH, storage)).toEqual(TEMPLATE_SESSION_SEARCH.empty);
  });
  it('asks the server for a page with only the filters given', () => {
    expect(templateQuery(TEMPLATE_SESSION_SEARCH.empty, { limit: 20, offset: 0 })).toEqual({ limit: 20, offset: 0, sortField: 'templateName', sortOrder: 'asc' });
    expect(templateQuery({ templateName: ' Rent ', idMarket: 'DE', sortField: 'idMarket', sortOrder: 'desc' }, { limit: 10, offset: 30 }))
      .toEqual({ limit: 10, offset: 30, sortField: 'idMarket', sortOrder: 'desc', idMarket: 'DE', templateName: 'Rent' });
  });
});
