import { PAGE_DEFAULT, PAGE_MAX, type PageMeta } from '@auction/contracts';
import { Paginator } from '../../../ui/table/index.js';

/** Where an auction's page of lots sits among all of them (`lotsPage` of `auctionFull`). */
export type LotsPage = PageMeta;

/**
 * The pager of an auction's lots: an auction of 2,000 lots is shown a page at a time (each page live); nothing when
 * one page holds every lot, as in most auctions.
 */
export function LotPages({ page, onPage }: { page: LotsPage; onPage: (limit: number, offset: number) => void }) {
  if (page.total <= page.limit && page.offset === 0) return null;
  return (
    <Paginator
      page={Math.floor(page.offset / page.limit)} size={page.limit} total={page.total} sizes={[PAGE_DEFAULT, PAGE_MAX]} testId="lot-pages"
      onPage={(index) => onPage(page.limit, index * page.limit)} onSize={(size) => onPage(size, 0)}
    />
  );
}
