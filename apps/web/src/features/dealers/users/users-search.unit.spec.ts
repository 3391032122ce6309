import { describe, expect, it } from 'vitest';
import { UsersSearch, listQuery, withFilters } from './users-search.js';

describe('UsersSearch', () => {
  it('drops each bad value on its own and keeps the good ones', () => {
    expect(UsersSearch.parse({ username: 'anna', idMarket: 'XX', limit: 5000, role: 'ADMIN', sortField: 'password' }))
      .toEqual({ username: 'anna', role: 'ADMIN' });
  });
});

describe('listQuery', () => {
  it('defaults to the first 20 by username ascending', () => {
    expect(listQuery({})).toEqual({ limit: 20, offset: 0, sortField: 'username', sortOrder: 'asc' });
  });
  it('carries the filters and the page', () => {
    expect(listQuery({ username: 'dea', flgEnabled: 'false', limit: 50, offset: 100, sortField: 'idMarket', sortOrder: 'desc' }))
      .toEqual({ username: 'dea', flgEnabled: 'false', limit: 50, offset: 100, sortField: 'idMarket', sortOrder: 'desc' });
  });
});

describe('withFilters', () => {
  it('starts a new search at the first page, keeping size and sort, trimming and dropping blanks', () => {
    const next = withFilters({ limit: 50, offset: 150, sortField: 'idDealer', sortOrder: 'desc', username: 'old' }, { username: ' new ', email: '' });
    expect(next).toEqual({ limit: 50, sortField: 'idDealer', sortOrder: 'desc', username: 'new' });
  });
});
