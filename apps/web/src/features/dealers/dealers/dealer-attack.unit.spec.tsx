// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../i18n/i18n.js';
import { lenientSearch } from '../../../ui/lenient-search.js';
import { DealerSearchPanel } from './DealerSearchPanel.js';
import { DealerListSearch } from './dealer-search.js';
import { useOneAtATime } from './use-dealers.js';

afterEach(cleanup);

describe('dealer screens: attack fixes', () => {
  it('a list URL keeps only the offered page sizes and the server\'s offsets', () => {
    const read = lenientSearch(DealerListSearch);
    expect(read({ limit: 7, offset: 3 })).toEqual({ offset: 3 });
    expect(read({ limit: -1, offset: -5, sortField: 'x', sortOrder: 'sideways' })).toEqual({});
    expect(read({ limit: 50, offset: 2_000_000 })).toEqual({ limit: 50 });
    expect(read({ limit: '100', offset: '1000000' })).toEqual({ limit: 100, offset: 1_000_000 });
  });

  it('one change at a time: a second press while the first is under way is ignored', async () => {
    const { result } = renderHook(() => useOneAtATime());
    let calls = 0;
    let finish: () => void = () => undefined;
    const work = () => { calls++; return new Promise<void>((r) => { finish = r; }); };
    let first: Promise<void> = Promise.resolve();
    act(() => { first = result.current.run(work); });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.run(work));
    expect(calls).toBe(1);
    await act(async () => { finish(); await first; });
    expect(result.current.busy).toBe(false);
    act(() => { void result.current.run(work); });
    expect(calls).toBe(2);
  });

  it.each([['pt', 'Itália'], ['be', 'Italië'], ['lu', 'Italie']])('the country dropdown speaks %s (i18next calls it pt-PT, nl-BE, fr-LU)', async (language, italy) => {
    const i18n = await createI18n(language as 'pt');
    render(<I18nextProvider i18n={i18n}><DealerSearchPanel initiallyOpen onSearch={() => undefined} /></I18nextProvider>);
    const option = screen.getByTestId('dealer-search-country').querySelector('option[value="IT"]');
    expect(option?.textContent).toBe(italy);
  });
});
