/**
 * The paging and sorting rules of the back-office table (spec 02 §2 "Paginator and sortable table", §4, §9), pure so
 * that the component, the server-mode callers and the unit tests share one definition.
 */

/** asc | desc, as the admin list queries spell it (libs/contracts admin-common). */
export type SortOrder = 'asc' | 'desc';

/** The column a table is sorted by and the direction. */
export interface SortState {
  readonly field: string;
  readonly order: SortOrder;
}

/** What a server-mode table asks for: the `adminPageQuery` fields of libs/contracts. */
export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: SortOrder;
}

/** How many neighbouring pages the paginator offers on each side of the current one. */
export const NEIGHBOUR_PAGES = 4;

/** Number of pages for `total` rows at `size` per page (at least 1, so "page 1 of 1" always exists). */
export function pageCount(total: number, size: number): number {
  if (size <= 0) return 1;
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** The page (0-based) kept inside [0, last]: shrinking data moves the active page back to the last one. */
export function clampPage(page: number, total: number, size: number): number {
  const last = pageCount(total, size) - 1;
  if (!Number.isFinite(page) || page < 0) return 0;
  return Math.min(Math.floor(page), last);
}

/** The page numbers (0-based) the paginator shows: the current one and up to four neighbours on each side. */
export function pageWindow(page: number, total: number, size: number, neighbours = NEIGHBOUR_PAGES): number[] {
  const count = pageCount(total, size);
  const current = clampPage(page, total, size);
  const from = Math.max(0, current - neighbours);
  const to = Math.min(count - 1, current + neighbours);
  const pages: number[] = [];
  for (let p = from; p <= to; p++) pages.push(p);
  return pages;
}

/**
 * The page after the size changes, chosen so that the first row visible before stays visible
 * (page = floor(firstRowIndex / newSize)), then clamped.
 */
export function pageAfterSizeChange(page: number, oldSize: number, newSize: number, total: number): number {
  const firstRow = Math.max(0, page) * oldSize;
  return clampPage(Math.floor(firstRow / newSize), total, newSize);
}

/** Clicking a column: the sorted column toggles asc ↔ desc; another column starts ascending. */
export function toggleSort(current: SortState | null, field: string): SortState {
  if (current && current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** The paginator appears only when there is more than one page (the data exceeds the rows per page). */
export function showPaginator(total: number, size: number): boolean {
  return total > size;
}

/** The size selector appears only when the data exceeds the smallest size offered. */
export function showSizeSelector(total: number, sizes: readonly number[]): boolean {
  if (sizes.length === 0) return false;
  return total > Math.min(...sizes);
}

/** The request of page `page` at `size` rows with `sort` (server mode). */
export function pageRequest(page: number, size: number, sort: SortState | null): PageRequest {
  return { limit: size, offset: Math.max(0, page) * size, sortField: sort?.field, sortOrder: sort?.order ?? 'asc' };
}

/** The aria-sort value of a column header. */
export function ariaSort(sort: SortState | null, field: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.field !== field) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** The text a client-mode filter compares: trimmed and lower-cased (spec 02 §2, DAC dialog). */
export function normaliseFilter(text: string): string {
  return text.trim().toLowerCase();
}

/** A comparable value of a cell for client-mode sorting. */
export type SortValue = string | number | boolean | null | undefined;

function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Client mode: the rows whose filter text contains the normalised filter, sorted (stable: equal rows keep their
 * order; empty values last in either direction). Paging is applied by the caller with {@link pageSlice}.
 */
export function filterAndSort<T>(
  rows: readonly T[],
  filter: string,
  filterText: ((row: T) => string) | undefined,
  sort: SortState | null,
  sortValue: (row: T, field: string) => SortValue,
): T[] {
  const needle = normaliseFilter(filter);
  const kept = needle && filterText ? rows.filter((r) => filterText(r).toLowerCase().includes(needle)) : [...rows];
  if (!sort) return kept;
  const sign = sort.order === 'asc' ? 1 : -1;
  return kept
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = sortValue(x.row, sort.field);
      const b = sortValue(y.row, sort.field);
      const emptyA = a === null || a === undefined || a === '';
      const emptyB = b === null || b === undefined || b === '';
      if (emptyA || emptyB) return emptyA === emptyB ? x.index - y.index : emptyA ? 1 : -1;
      return sign * compareValues(a, b) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** The rows of page `page` at `size` per page. */
export function pageSlice<T>(rows: readonly T[], page: number, size: number): T[] {
  const p = clampPage(page, rows.length, size);
  return rows.slice(p * size, p * size + size);
}
