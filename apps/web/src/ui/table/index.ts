/**
 * THE table of the back-office (spec 02 §2 "Paginator and sortable table", §4, §9; issue 14 item 5). Use it for every
 * back-office list so that all of them follow the same rules:
 *
 * - first and last buttons and up to four neighbouring pages each side of the current one;
 * - the paginator only when there is more than one page; the size selector only when the data exceeds the smallest size;
 * - changing the size keeps the first visible row in view (page = floor(firstRowIndex / newSize));
 * - shrinking data clamps the page to the last one (server mode asks `onRequest` for it);
 * - clicking the sorted column toggles asc/desc (`aria-sort` on the header, the header is a button: keyboard usable);
 * - sticky header inside a scrolling box; on phones rows become cards (each cell labelled with its column header).
 *
 * Two modes:
 *
 * ```tsx
 * // Server mode: every list that can grow. `request` is the current adminPageQuery; `onRequest` gets the next one
 * // ({limit, offset, sortField, sortOrder}); show the page the server answered ({items, total}).
 * <DataTable mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest}
 *   columns={columns} rowKey={(r) => r.idDealer} pageSizes={[10, 20, 50]} caption={t('list.caption')}
 *   empty={t('list.empty')} testId="dealer-list" />
 * // Client mode: small fixed data (the DAC dialog): filter (trimmed + lower-cased), sort and paging in the browser.
 * <DataTable mode="client" rows={dealers} filter={text} filterText={(r) => `${r.sincom} ${r.businessName}`}
 *   columns={columns} rowKey={(r) => r.idDealer} pageSizes={[5, 10, 20]} caption="…" empty="…" testId="dac" />
 * ```
 *
 * A column is `{ key, header, cell(row), sortable?, sortValue?(row), className?: 'num' | 'wide' }`; `key` is the
 * server's sortField. Test ids: the table `<testId>`, headers `<testId>-sort-<key>`, paginator `<testId>-first`,
 * `-last`, `-page-<n>`, `-size`, `-info`, and `<testId>-empty` when there are no rows. Texts: namespace `dealers`, `table.*`.
 * The rules alone (pure) are exported too, for callers that keep the request in the URL or session storage.
 */
export { DataTable, type DataTableProps, type ClientTableProps, type ServerTableProps, type TableColumn } from './DataTable.js';
export { Paginator, type PaginatorProps } from './Paginator.js';
export {
  NEIGHBOUR_PAGES, ariaSort, clampPage, filterAndSort, normaliseFilter, pageAfterSizeChange, pageCount, pageRequest,
  pageSlice, pageWindow, showPaginator, showSizeSelector, toggleSort,
  type PageRequest, type SortOrder, type SortState, type SortValue,
} from './paging.js';
export { ServerPaginator, useServerPages, type FetchPage } from './ServerPages.js';
