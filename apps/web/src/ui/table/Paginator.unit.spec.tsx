// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n.js';
import { DataTable, Paginator, type PageRequest, type TableColumn } from './index.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

interface Row { readonly id: string }
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1) }));
const columns: TableColumn<Row>[] = [{ key: 'id', header: 'Id', cell: (r) => r.id }];

describe('paginator attack fixes', () => {
  it('first and last stay focusable when they lead nowhere (keyboard focus is kept) and then do nothing', () => {
    const onPage = vi.fn();
    render(<I18nextProvider i18n={i18n}><Paginator page={4} size={10} total={45} sizes={[10, 20]} onPage={onPage} onSize={vi.fn()} testId="p" /></I18nextProvider>);
    const last = screen.getByTestId('p-last') as HTMLButtonElement;
    expect(last.disabled).toBe(false);
    expect(last.getAttribute('aria-disabled')).toBe('true');
    last.focus();
    fireEvent.click(last);
    expect(onPage).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(last);
    fireEvent.click(screen.getByTestId('p-first'));
    expect(onPage).toHaveBeenCalledWith(0);
  });

  it('server mode: an offset off a page boundary (offset=3&limit=10 in a URL) asks for the start of its page', () => {
    const onRequest = vi.fn<(r: PageRequest) => void>();
    render(
      <I18nextProvider i18n={i18n}>
        <DataTable mode="server" rows={rows} total={45} request={{ limit: 10, offset: 3, sortOrder: 'asc' }} onRequest={onRequest} columns={columns} rowKey={(r) => r.id} pageSizes={[10, 20]} caption="c" empty="none" testId="t" />
      </I18nextProvider>,
    );
    expect(onRequest).toHaveBeenCalledWith({ limit: 10, offset: 0, sortField: undefined, sortOrder: 'asc' });
  });

  it('server mode: an offset on a boundary inside the data asks nothing', () => {
    const onRequest = vi.fn<(r: PageRequest) => void>();
    render(
      <I18nextProvider i18n={i18n}>
        <DataTable mode="server" rows={rows} total={45} request={{ limit: 10, offset: 20, sortOrder: 'asc' }} onRequest={onRequest} columns={columns} rowKey={(r) => r.id} pageSizes={[10, 20]} caption="c" empty="none" testId="t" />
      </I18nextProvider>,
    );
    expect(onRequest).not.toHaveBeenCalled();
    expect(screen.getByTestId('t-info').textContent).toBe('21–30 of 45');
  });
});
