// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../i18n/i18n.js';
import { LotPages, type LotsPage } from './LotPages.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const show = (page: LotsPage, onPage = vi.fn()) => {
  render(<I18nextProvider i18n={i18n}><LotPages page={page} onPage={onPage} /></I18nextProvider>);
  return onPage;
};

describe('the pager of an auction\'s lots (#21 item 10)', () => {
  it('shows nothing when one page holds every lot (a small auction looks as before)', () => {
    show({ total: 12, limit: 100, offset: 0 });
    expect(screen.queryByTestId('lot-pages-paginator')).toBeNull();
  });

  it('pages a 2,000-lot auction: the last page asks its offset', () => {
    const onPage = show({ total: 2000, limit: 100, offset: 0 });
    expect(screen.getByTestId('lot-pages-paginator')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lot-pages-last'));
    expect(onPage).toHaveBeenLastCalledWith(100, 1900);
  });
});
