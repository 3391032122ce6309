import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from './Paginator.js';
import {
  ariaSort, clampPage, filterAndSort, pageAfterSizeChange, pageRequest, pageSlice, toggleSort,
  type PageRequest, type SortState, type SortValue,
} from './paging.js';
import './table.css';

/** One column: `key` is also the sort field sent to the server (server mode) or read from the row (client mode). */
export interface TableColumn<T> {
  readonly key: string;
  /** The header text (already translated); also the card label on phones. */
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  readonly sortable?: boolean;
  /** Client mode: the value sorted on (default: `row[key]`). */
  readonly sortValue?: (row: T) => SortValue;
  /** `num` (right-aligned) or `wide` (whole card width on phones). */
  readonly className?: string;
}

interface CommonProps<T> {
  /** The table's accessible name (a visually hidden caption). */
  readonly caption: string;
  readonly columns: readonly TableColumn<T>[];
  readonly rowKey: (row: T) => string;
  /** Page sizes offered, smallest first; the first is the initial size unless told otherwise. */
  readonly pageSizes: readonly number[];
  /** Shown instead of the table when there are no rows. */
  readonly empty: ReactNode;
  /** `data-testid` of the table; the paginator's parts are `<testId>-first`, `-last`, `-page-N`, `-size`, `-info`. */
  readonly testId: string;
  readonly rowTestId?: (row: T) => string;
}

/** Client mode: all rows are here (small fixed data); filtering, sorting and paging happen in the browser. */
export interface ClientTableProps<T> extends CommonProps<T> {
  readonly mode: 'client';
  readonly rows: readonly T[];
  /** The filter text (trimmed and lower-cased before matching `filterText(row)`). */
  readonly filter?: string;
  readonly filterText?: (row: T) => string;
  readonly initialSort?: SortState | null;
  readonly initialSize?: number;
}

/** Server mode: `rows` is one page, `total` counts all of them; every change is asked of the caller as a request. */
export interface ServerTableProps<T> extends CommonProps<T> {
  readonly mode: 'server';
  readonly rows: readonly T[];
  readonly total: number;
  readonly request: PageRequest;
  readonly onRequest: (request: PageRequest) => void;
}

export type DataTableProps<T> = ClientTableProps<T> | ServerTableProps<T>;

/** The back-office table: see the module documentation in ./index.ts. */
export function DataTable<T>(props: DataTableProps<T>) {
  return props.mode === 'client' ? <ClientTable {...props} /> : <ServerTable {...props} />;
}

function defaultSortValue<T>(row: T, key: string): SortValue {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

function ClientTable<T>(props: ClientTableProps<T>) {
  const { rows, filter = '', filterText, columns, pageSizes } = props;
  const [size, setSize] = useState(props.initialSize ?? pageSizes[0] ?? 10);
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const [page, setPage] = useState(0);
  const shown = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return filterAndSort(rows, filter, filterText, sort, (row, field) => {
      const column = byKey.get(field);
      return column?.sortValue ? column.sortValue(row) : defaultSortValue(row, field);
    });
  }, [rows, filter, filterText, sort, columns]);
  const current = clampPage(page, shown.length, size);
  useEffect(() => { setPage(0); }, [filter]);
  return (
    <TableView
      {...props} rows={pageSlice(shown, current, size)} total={shown.length} page={current} size={size} sort={sort}
      onSort={(field) => setSort((s) => toggleSort(s, field))}
      onPage={setPage}
      onSize={(next) => { setPage(pageAfterSizeChange(current, size, next, shown.length)); setSize(next); }}
    />
  );
}

function ServerTable<T>(props: ServerTableProps<T>) {
  const { request, total, onRequest } = props;
  const size = request.limit;
  const page = Math.floor(request.offset / size);
  const sort: SortState | null = request.sortField ? { field: request.sortField, order: request.sortOrder } : null;
  const clamped = clampPage(page, total, size);
  // Data shrank under the current page (rows deleted elsewhere, a narrower search): ask for the last page instead.
  // An offset that is not on a page boundary (a hand-edited URL: offset=3&limit=10) is moved to its page's start, so
  // that the rows shown, the current page button and the "1–10 of N" line agree.
  const aligned = clamped * size;
  useEffect(() => {
    if (aligned !== request.offset) onRequest(pageRequest(clamped, size, sort));
  }, [aligned, request.offset]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TableView
      {...props} page={clamped} size={size} sort={sort}
      onSort={(field) => onRequest(pageRequest(0, size, toggleSort(sort, field)))}
      onPage={(p) => onRequest(pageRequest(p, size, sort))}
      onSize={(next) => onRequest(pageRequest(pageAfterSizeChange(clamped, size, next, total), next, sort))}
    />
  );
}

interface ViewProps<T> extends CommonProps<T> {
  readonly rows: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly size: number;
  readonly sort: SortState | null;
  readonly onSort: (field: string) => void;
  readonly onPage: (page: number) => void;
  readonly onSize: (size: number) => void;
}

function TableView<T>({ caption, columns, rowKey, rows, total, page, size, sort, pageSizes, empty, testId, rowTestId, onSort, onPage, onSize }: ViewProps<T>) {
  const { t } = useTranslation('dealers');
  if (total === 0) return <div className="muted" data-testid={`${testId}-empty`}>{empty}</div>;
  return (
    <div className="data-table">
      <div className="data-table-scroll">
        <table className="grid responsive" data-testid={testId} data-total={total} data-page={page + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.className} aria-sort={c.sortable ? ariaSort(sort, c.key) : undefined}>
                  {c.sortable ? (
                    <button type="button" className="sort-button" onClick={() => onSort(c.key)} data-testid={`${testId}-sort-${c.key}`}>
                      {c.header}
                      <span className="sort-mark" aria-hidden="true">{sort?.field === c.key ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      <span className="visually-hidden">{t('table.sortBy')}</span>
                    </button>
                  ) : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {columns.map((c) => <td key={c.key} className={c.className} data-label={c.header}>{c.cell(row)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Paginator page={page} size={size} total={total} sizes={pageSizes} onPage={onPage} onSize={onSize} testId={testId} />
    </div>
  );
}
