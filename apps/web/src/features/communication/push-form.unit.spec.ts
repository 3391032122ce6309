import { describe, expect, test } from 'vitest';
import { EMPTY_PUSH_FORM, idsOf, pushRequestOf } from './push-form.js';

describe('pushRequestOf', () => {
  test('builds the request of the chosen recipients, checked with the contract', () => {
    expect(idsOf(' dealer1,dealer2\n dealer3;')).toEqual(['dealer1', 'dealer2', 'dealer3']);
    expect(pushRequestOf({ ...EMPTY_PUSH_FORM, title: ' Hi ', body: 'Text', ids: 'dealer1, dealer2' })).toEqual({ request: { title: 'Hi', body: 'Text', type: 'info', idUsers: ['dealer1', 'dealer2'] } });
    expect(pushRequestOf({ ...EMPTY_PUSH_FORM, title: 'Hi', body: 'Text', target: 'dealers', ids: 'D1' })).toEqual({ request: { title: 'Hi', body: 'Text', type: 'info', idDealers: ['D1'] } });
    expect(pushRequestOf({ ...EMPTY_PUSH_FORM, title: 'Hi', body: 'Text', type: 'test', target: 'market', market: 'IT' })).toEqual({ request: { title: 'Hi', body: 'Text', type: 'test', market: 'IT' } });
  });

  test('names the fields the server would refuse', () => {
    const errors = (form: Partial<typeof EMPTY_PUSH_FORM>) => {
      const result = pushRequestOf({ ...EMPTY_PUSH_FORM, title: 'Hi', body: 'Text', ids: 'dealer1', ...form });
      return 'errors' in result ? [...result.errors].sort() : [];
    };
    expect(errors({ title: '' })).toEqual(['title']);
    expect(errors({ title: 'two\nlines', body: '' })).toEqual(['body', 'title']);
    expect(errors({ ids: '' })).toEqual(['ids']);
    expect(errors({ ids: 'a a' })).toEqual(['ids']);
    expect(errors({ ids: 'bad id!' })).toEqual(['ids']);
    expect(errors({ target: 'market', market: '' })).toEqual(['market']);
  });
});
