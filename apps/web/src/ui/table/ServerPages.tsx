import { useEffect, useRef, useState } from 'react';
import { PAGE_DEFAULT, PAGE_MAX, type Page } from '@auction/contracts';
import { Paginator } from './Paginator.js';

/** Fetches one page of a server-paged list (`limit`, `offset` of the contract's `PageQuery`). */
export type FetchPage<T> = (limit: number, offset: number) => Promise<Page<T>>;

/**
 * A server-paged list shown page by page: it starts on the page the route's loader read, and asks the server for
 * another page when the user moves (an answer that arrives after a newer request is dropped).
 */
export function useServerPages<T>(first: Page<T>, fetchPage: FetchPage<T>) {
  const [page, setPage] = useState(first);
  useEffect(() => setPage(first), [first]);
  const latest = useRef(0);
  const load = (limit: number, offset: number) => {
    const ticket = ++latest.current;
    fetchPage(limit, offset).then((next) => { if (ticket === latest.current) setPage(next); }, () => undefined);
  };
  return {
    page,
    index: Math.floor(page.offset / page.limit),
    go: (index: number) => load(page.limit, index * page.limit),
    resize: (size: number) => load(size, 0),
  };
}

/** The paginator of a {@link useServerPages} list (nothing when one page holds it all). */
export function ServerPaginator<T>({ pages, testId }: { pages: ReturnType<typeof useServerPages<T>>; testId: string }) {
  return (
    <Paginator
      page={pages.index} size={pages.page.limit} total={pages.page.total} sizes={[PAGE_DEFAULT, PAGE_MAX]}
      onPage={pages.go} onSize={pages.resize} testId={testId}
    />
  );
}
