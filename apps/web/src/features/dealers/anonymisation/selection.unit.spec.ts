import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../../ui/table/index.js';
import { candidatesQuery } from './anonymisation-api.js';
import { anonymiseInTurn, keepListed, toggleSelected } from './selection.js';

describe('selection', () => {
  it('toggles one id without changing the given set', () => {
    const start = new Set(['a']);
    expect([...toggleSelected(start, 'b')]).toEqual(['a', 'b']);
    expect([...toggleSelected(start, 'a')]).toEqual([]);
    expect([...start]).toEqual(['a']);
  });
  it('keeps only the ids still listed after a reload', () => {
    expect([...keepListed(new Set(['a', 'b', 'c']), ['b', 'd'])]).toEqual(['b']);
  });
});

describe('candidatesQuery', () => {
  const request: PageRequest = { limit: 20, offset: 40, sortField: 'since', sortOrder: 'asc' };
  it('sends the market only when one is chosen', () => {
    expect(candidatesQuery('', request)).toEqual({ idMarket: undefined, limit: 20, offset: 40, sortField: 'since', sortOrder: 'asc' });
    expect(candidatesQuery('IT', request).idMarket).toBe('IT');
  });
});

describe('anonymiseInTurn (attack: one call of a selection fails midway)', () => {
  it('erases in order and stops at the first refusal: the refused and the untried ones are reported, never sent', async () => {
    const sent: string[] = [];
    const run = await anonymiseInTurn(['a', 'b', 'c', 'd'], async (id) => {
      sent.push(id);
      if (id === 'b') throw new Error('409140');
    });
    expect(sent).toEqual(['a', 'b']);
    expect(run).toEqual({ done: ['a'], failed: 'b', notTried: ['c', 'd'] });
  });
  it('reports every id done when none is refused', async () => {
    expect(await anonymiseInTurn(['a', 'b'], async () => undefined)).toEqual({ done: ['a', 'b'], failed: null, notTried: [] });
  });
});
