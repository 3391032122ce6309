import { describe, expect, it } from 'vitest';
import { PAGE_MAX, type Page, type PageQuery } from '@auction/contracts';
import { allPages } from './auction-api.js';

/** A server list of `n` numbers answering pages as the API does (at most PAGE_MAX). */
function server(n: number) {
  const asked: PageQuery[] = [];
  const fetchPage = async (page: PageQuery): Promise<Page<number>> => {
    asked.push(page);
    const limit = Math.min(page.limit, PAGE_MAX);
    return { items: Array.from({ length: Math.max(0, Math.min(limit, n - page.offset)) }, (_, i) => page.offset + i), total: n, limit, offset: page.offset };
  };
  return { asked, fetchPage };
}

describe('allPages (a whole list read a bounded page at a time)', () => {
  it('asks pages of at most PAGE_MAX and puts them together in order', async () => {
    const s = server(250);
    expect(await allPages(s.fetchPage)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(s.asked).toEqual([{ limit: PAGE_MAX, offset: 0 }, { limit: PAGE_MAX, offset: 100 }, { limit: PAGE_MAX, offset: 200 }]);
  });

  it('stops after one page when the list fits, and on an exact multiple without an extra empty call beyond the total', async () => {
    const small = server(3);
    expect(await allPages(small.fetchPage)).toEqual([0, 1, 2]);
    expect(small.asked).toHaveLength(1);
    const exact = server(200);
    expect(await allPages(exact.fetchPage)).toHaveLength(200);
    expect(exact.asked).toHaveLength(2);
  });
});
