// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { CookieBanner } from './Cookies.js';
import type { PortalData } from './portal-data.js';
import { TextsContext, translator } from './texts.js';

afterEach(() => { cleanup(); vi.restoreAllMocks(); document.documentElement.removeAttribute('style'); });
const t = translator(resources.en.portal, 'en');
const data = { consentCookie: 'cookieConsent' } as PortalData;

function banner(onChoice = vi.fn()) {
  return render(<TextsContext.Provider value={t}><CookieBanner data={data} consent={null} onChoice={onChoice} /></TextsContext.Provider>);
}

describe('the cookie banner and the keyboard (issue 23 review)', () => {
  it('keeps the page clear of it: a link reached by Tab scrolls above the banner (scroll-padding-bottom), and no more once chosen', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 209.5 } as DOMRect);
    const onChoice = vi.fn();
    const { rerender } = banner(onChoice);
    expect(document.documentElement.style.scrollPaddingBottom).toBe('210px');
    fireEvent.click(screen.getByTestId('cookie-accept'));
    expect(onChoice).toHaveBeenCalledWith('all');
    rerender(<TextsContext.Provider value={t}><CookieBanner data={data} consent="all" onChoice={onChoice} /></TextsContext.Provider>);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });
});
