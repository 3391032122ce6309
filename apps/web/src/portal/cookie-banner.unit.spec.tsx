// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { CookieBanner } from './Cookies.js';
import { PortalApp } from './PortalApp.js';
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

  it('reopened from the cookie page ("change your choice", which then disappears), it takes the focus', () => {
    const page = { page: 'cookie', market: 'IT', language: 'en', languages: ['it', 'en'], countries: [], texts: resources.en.portal, banners: [], figures: [],
      partners: [], showPartners: false, idTemplate: null, consent: 'all', consentCookie: 'cookieConsent', contactMail: 'm@example.com',
      contactPhone: '1', leasingUrl: 'https://l.example', appLinks: null, signedIn: false } as PortalData;
    render(<PortalApp data={page} />);
    const change = screen.getByTestId('cookie-change');
    change.focus();
    fireEvent.click(change);
    expect(screen.queryByTestId('cookie-change')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('cookie-accept'));
  });
});
