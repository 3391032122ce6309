import { describe, expect, it } from 'vitest';
import {
  ariaSort, clampPage, filterAndSort, pageAfterSizeChange, pageCount, pageRequest, pageSlice, pageWindow,
  showPaginator, showSizeSelector, toggleSort,
} from './paging.js';

describe('pages window', () => {
  it('offers up to four neighbouring pages each side of the current one', () => {
    expect(pageWindow(10, 500, 10)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
  it('is cut at the first and the last page', () => {
    expect(pageWindow(0, 500, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(49, 500, 10)).toEqual([45, 46, 47, 48, 49]);
    expect(pageWindow(1, 25, 10)).toEqual([0, 1, 2]);
  });
  it('has the one page of an empty or small table', () => {
    expect(pageWindow(0, 0, 10)).toEqual([0]);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe('clamp', () => {
  it('moves a page beyond the data back to the last page', () => {
    expect(clampPage(7, 35, 10)).toBe(3);
    expect(clampPage(3, 0, 10)).toBe(0);
  });
  it('keeps a page inside the data and refuses negatives', () => {
    expect(clampPage(2, 35, 10)).toBe(2);
    expect(clampPage(-1, 35, 10)).toBe(0);
    expect(clampPage(Number.NaN, 35, 10)).toBe(0);
  });
});

describe('size change keeps the first row in view', () => {
  it('page = floor(firstRowIndex / newSize)', () => {
    // page 3 at 10 per page shows rows 30..39; at 20 per page row 30 is on page 1 (rows 20..39).
    expect(pageAfterSizeChange(3, 10, 20, 100)).toBe(1);
    // page 1 at 20 shows row 20; at 5 per page it is page 4.
    expect(pageAfterSizeChange(1, 20, 5, 100)).toBe(4);
    const page = pageAfterSizeChange(7, 5, 20, 100);
    expect(page * 20 <= 35 && 35 < (page + 1) * 20).toBe(true);
  });
  it('clamps when the new page would be past the data', () => {
    expect(pageAfterSizeChange(9, 10, 30, 95)).toBe(3);
  });
});

describe('sort toggle', () => {
  it('clicking the sorted column toggles asc and desc; another column starts ascending', () => {
    const first = toggleSort(null, 'businessName');
    expect(first).toEqual({ field: 'businessName', order: 'asc' });
    const second = toggleSort(first, 'businessName');
    expect(second).toEqual({ field: 'businessName', order: 'desc' });
    expect(toggleSort(second, 'businessName').order).toBe('asc');
    expect(toggleSort(second, 'city')).toEqual({ field: 'city', order: 'asc' });
  });
  it('aria-sort names the direction on the sorted column only', () => {
    expect(ariaSort({ field: 'a', order: 'desc' }, 'a')).toBe('descending');
    expect(ariaSort({ field: 'a', order: 'asc' }, 'a')).toBe('ascending');
    expect(ariaSort({ field: 'a', order: 'asc' }, 'b')).toBe('none');
  });
});

describe('visibility of the paginator and the size selector', () => {
  it('paginator only with more than one page', () => {
    expect(showPaginator(10, 10)).toBe(false);
    expect(showPaginator(11, 10)).toBe(true);
  });
  it('size selector only when the data exceeds the smallest size', () => {
    expect(showSizeSelector(5, [5, 10, 20])).toBe(false);
    expect(showSizeSelector(6, [20, 5, 10])).toBe(true);
    expect(showSizeSelector(100, [])).toBe(false);
  });
});

describe('server request and client rows', () => {
  it('asks the server for limit/offset/sortField/sortOrder', () => {
    expect(pageRequest(2, 20, { field: 'city', order: 'desc' })).toEqual({ limit: 20, offset: 40, sortField: 'city', sortOrder: 'desc' });
    expect(pageRequest(0, 10, null)).toEqual({ limit: 10, offset: 0, sortField: undefined, sortOrder: 'asc' });
  });
  const rows = [
    { id: '1', name: 'Beta Cars', city: 'Roma' },
    { id: '2', name: 'alpha motors', city: '' },
    { id: '3', name: 'Gamma', city: 'Milano' },
  ];
  const value = (r: (typeof rows)[number], f: string) => r[f as 'name' | 'city'];
  it('filters trimmed and lower-cased text', () => {
    expect(filterAndSort(rows, '  ALPHA ', (r) => r.name, null, value).map((r) => r.id)).toEqual(['2']);
    expect(filterAndSort(rows, '   ', (r) => r.name, null, value)).toHaveLength(3);
  });
  it('sorts case-insensitively both ways with empty values last', () => {
    expect(filterAndSort(rows, '', undefined, { field: 'name', order: 'asc' }, value).map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(filterAndSort(rows, '', undefined, { field: 'name', order: 'desc' }, value).map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(filterAndSort(rows, '', undefined, { field: 'city', order: 'desc' }, value).map((r) => r.id)).toEqual(['1', '3', '2']);
  });
  it('slices the clamped page', () => {
    const many = Array.from({ length: 12 }, (_, i) => i);
    expect(pageSlice(many, 2, 5)).toEqual([10, 11]);
    expect(pageSlice(many, 9, 5)).toEqual([10, 11]);
  });
});
