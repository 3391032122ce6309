import { useTranslation } from 'react-i18next';
import { pageCount, pageWindow, showPaginator, showSizeSelector } from './paging.js';

/** Props of {@link Paginator}: the position (0-based page) in `total` rows and what the user may change. */
export interface PaginatorProps {
  readonly page: number;
  readonly size: number;
  readonly total: number;
  readonly sizes: readonly number[];
  readonly onPage: (page: number) => void;
  readonly onSize: (size: number) => void;
  readonly testId: string;
}

/**
 * First and last buttons, up to four neighbouring pages each side, the size selector only when the data exceeds the
 * smallest size, the page buttons only when there is more than one page (spec 02 §2, §9).
 */
export function Paginator({ page, size, total, sizes, onPage, onSize, testId }: PaginatorProps) {
  const { t } = useTranslation('dealers');
  const pages = showPaginator(total, size);
  const sizer = showSizeSelector(total, sizes);
  if (!pages && !sizer) return null;
  const last = pageCount(total, size) - 1;
  return (
    <div className="paginator" data-testid={`${testId}-paginator`}>
      {pages && (
        <nav aria-label={t('table.pagination')} className="paginator-pages">
          {/* aria-disabled, not disabled: a keyboard user who pressed it keeps the focus there (a disabled button drops it to the page). */}
          <button type="button" className="btn btn-small" aria-disabled={page === 0} onClick={() => { if (page !== 0) onPage(0); }} aria-label={t('table.first')} data-testid={`${testId}-first`}>«</button>
          {pageWindow(page, total, size).map((p) => (
            <button
              key={p} type="button" className={`btn btn-small${p === page ? ' btn-primary' : ''}`} onClick={() => onPage(p)}
              aria-label={t('table.page', { page: p + 1 })} aria-current={p === page ? 'page' : undefined} data-testid={`${testId}-page-${p + 1}`}
            >
              {p + 1}
            </button>
          ))}
          <button type="button" className="btn btn-small" aria-disabled={page === last} onClick={() => { if (page !== last) onPage(last); }} aria-label={t('table.last')} data-testid={`${testId}-last`}>»</button>
        </nav>
      )}
      {sizer && (
        <label className="paginator-size">
          <span>{t('table.rowsPerPage')}</span>
          <select value={size} onChange={(e) => onSize(Number(e.target.value))} data-testid={`${testId}-size`}>
            {sizes.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
      )}
      <span className="paginator-info muted" aria-live="polite" data-testid={`${testId}-info`}>
        {t('table.range', { from: total === 0 ? 0 : page * size + 1, to: Math.min(total, (page + 1) * size), total })}
      </span>
    </div>
  );
}
