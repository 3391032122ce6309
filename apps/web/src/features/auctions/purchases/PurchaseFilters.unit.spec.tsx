// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { PurchaseQuery } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import { PurchaseFilters } from './PurchaseFilters.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

function show(query: PurchaseQuery = {}) {
  const onSearch = vi.fn<(q: PurchaseQuery) => void>();
  render(<I18nextProvider i18n={i18n}><PurchaseFilters query={query} onSearch={onSearch} /></I18nextProvider>);
  const field = (name: string) => screen.getByTestId(`purchase-filter-${name}`) as HTMLInputElement;
  return { onSearch, field, submit: () => fireEvent.click(screen.getByTestId('purchase-search')) };
}

describe('PurchaseFilters', () => {
  it('shows the URL query in the form, dates as DD/MM/YYYY, every field labelled', () => {
    const { field } = show({ channel: 'SHOWCASE', fromDate: new Date(2026, 10, 1).toISOString(), licensePlate: 'GA123BC' });
    expect(field('channel').value).toBe('SHOWCASE');
    expect(field('fromDate').value).toBe('01/11/2026');
    expect(field('licensePlate').value).toBe('GA123BC');
    expect(screen.getByLabelText('To (DD/MM/YYYY)')).toBe(field('toDate'));
  });

  it('searches with the typed filters, dates in ISO and empty fields omitted', () => {
    const { field, submit, onSearch } = show();
    fireEvent.change(field('auctionName'), { target: { value: ' Fleet ' } });
    fireEvent.change(field('toDate'), { target: { value: '21/11/2026' } });
    submit();
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ auctionName: 'Fleet', toDate: new Date(2026, 10, 21, 23, 59, 59, 999).toISOString() });
  });

  it('shows a wrong date on its field and sends nothing until it is corrected', () => {
    const { field, submit, onSearch } = show();
    fireEvent.change(field('fromDate'), { target: { value: '2026-11-01' } });
    submit();
    expect(onSearch).not.toHaveBeenCalled();
    expect(field('fromDate').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a date as DD/MM/YYYY.');
    fireEvent.change(field('fromDate'), { target: { value: '01/11/2026' } });
    expect(field('fromDate').getAttribute('aria-invalid')).toBeNull();
  });

  it('reset clears the form and searches without filters', () => {
    const { field, onSearch } = show({ frame: 'ZFA' });
    fireEvent.click(screen.getByTestId('purchase-reset'));
    expect(field('frame').value).toBe('');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({});
  });
});
