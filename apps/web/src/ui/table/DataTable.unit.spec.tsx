// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n.js';
import { DataTable, type PageRequest, type TableColumn } from './index.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

interface Row { readonly id: string; readonly name: string }
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: String(i + 1), name: `Dealer ${String(i + 1).padStart(2, '0')}` }));
const columns: TableColumn<Row>[] = [
  { key: 'id', header: 'Id', cell: (r) => r.id },
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
];
const names = () => within(screen.getByTestId('t').querySelector('tbody')!).getAllByRole('row').map((r) => (r as HTMLTableRowElement).cells[1]!.textContent);

function client(filter = '') {
  return render(
    <I18nextProvider i18n={i18n}>
      <DataTable mode="client" rows={rows} filter={filter} filterText={(r) => r.name} columns={columns} rowKey={(r) => r.id} pageSizes={[5, 10, 20]} caption="Dealers" empty="none" testId="t" />
    </I18nextProvider>,
  );
}

describe('DataTable, client mode', () => {
  it('pages with first/last and neighbour buttons, sorts on header click with aria-sort', () => {
    client();
    expect(names()).toEqual(['Dealer 01', 'Dealer 02', 'Dealer 03', 'Dealer 04', 'Dealer 05']);
    fireEvent.click(screen.getByTestId('t-last'));
    expect(names()).toEqual(['Dealer 21', 'Dealer 22', 'Dealer 23']);
    expect(screen.getByTestId('t-page-5').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('t-first'));
    fireEvent.click(screen.getByTestId('t-sort-name'));
    const header = screen.getByTestId('t-sort-name').closest('th')!;
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByTestId('t-sort-name'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Dealer 23');
  });

  it('a size change keeps the first visible row in view', () => {
    client();
    fireEvent.click(screen.getByTestId('t-page-4')); // rows 16..20
    fireEvent.change(screen.getByTestId('t-size'), { target: { value: '10' } });
    expect(names()).toContain('Dealer 16');
  });

  it('a filter that leaves one page hides the paginator and the size selector', () => {
    client('  dealer 1');
    expect(names()).toHaveLength(5); // Dealer 10..19 → 10 rows at 5 per page
    cleanup();
    client(' DEALER 2');
    expect(names()).toEqual(['Dealer 20', 'Dealer 21', 'Dealer 22', 'Dealer 23']);
    expect(screen.queryByTestId('t-paginator')).toBeNull();
  });
});

describe('DataTable, server mode', () => {
  function server(request: PageRequest, total: number, onRequest = vi.fn<(r: PageRequest) => void>()) {
    render(
      <I18nextProvider i18n={i18n}>
        <DataTable mode="server" rows={rows.slice(0, request.limit)} total={total} request={request} onRequest={onRequest} columns={columns} rowKey={(r) => r.id} pageSizes={[10, 20, 50]} caption="Dealers" empty="none" testId="t" />
      </I18nextProvider>,
    );
    return onRequest;
  }

  it('asks the server for the page, the sort and the size', () => {
    const onRequest = server({ limit: 10, offset: 20, sortField: 'name', sortOrder: 'asc' }, 95);
    fireEvent.click(screen.getByTestId('t-last'));
    expect(onRequest).toHaveBeenLastCalledWith({ limit: 10, offset: 90, sortField: 'name', sortOrder: 'asc' });
    fireEvent.click(screen.getByTestId('t-sort-name'));
    expect(onRequest).toHaveBeenLastCalledWith({ limit: 10, offset: 0, sortField: 'name', sortOrder: 'desc' });
    fireEvent.change(screen.getByTestId('t-size'), { target: { value: '20' } });
    expect(onRequest).toHaveBeenLastCalledWith({ limit: 20, offset: 20, sortField: 'name', sortOrder: 'asc' });
    expect(screen.getByTestId('t-info').textContent).toBe('21–30 of 95');
  });

  it('data shrunk under the current page: asks for the last page', () => {
    const onRequest = server({ limit: 10, offset: 50, sortOrder: 'asc' }, 12);
    expect(onRequest).toHaveBeenCalledWith({ limit: 10, offset: 10, sortField: undefined, sortOrder: 'asc' });
  });

  it('no rows: the empty text, no table', () => {
    server({ limit: 10, offset: 0, sortOrder: 'asc' }, 0);
    expect(screen.getByTestId('t-empty').textContent).toBe('none');
    expect(screen.queryByTestId('t')).toBeNull();
  });
});
