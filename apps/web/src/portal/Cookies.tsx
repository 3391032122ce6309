import { useEffect, useRef, useState } from 'react';
import { setCookie } from './choices.js';
import { CONSENT_DAYS, type CookieConsent, type PortalData } from './portal-data.js';
import { useT } from './texts.js';

/** Records the visitor's choice for the market's consent key, for 180 days (spec 01 §4, §9). */
export function recordConsent(cookie: string, choice: Exclude<CookieConsent, null>): void {
  setCookie(cookie, choice, CONSENT_DAYS * 24 * 3600);
}

/** The cookie consent banner: shown until the visitor chooses, for the market's key (the server leaves it out once chosen). */
export function CookieBanner({ data, consent, onChoice, focusOnOpen = false }: {
  readonly data: PortalData; readonly consent: CookieConsent; readonly onChoice: (choice: Exclude<CookieConsent, null>) => void;
  /** Reopened by the cookie page's "change your choice" (which disappears): the focus goes to the banner's first choice. */
  readonly focusOnOpen?: boolean;
}) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (focusOnOpen && consent === null) accept.current?.focus(); }, [focusOnOpen, consent]);
  // The banner stays at the bottom of the screen (sticky): the page scrolls what Tab reaches above it, never under it
  // (on a 360 px phone it is ~210 px tall and hid the links of the page's end: WCAG 2.4.11).
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return undefined;
    const root = document.documentElement;
    const keepClear = () => root.style.setProperty('scroll-padding-bottom', `${Math.ceil(banner.getBoundingClientRect().height)}px`);
    keepClear();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepClear);
    observer?.observe(banner);
    return () => { observer?.disconnect(); root.style.removeProperty('scroll-padding-bottom'); };
  }, [consent]);
  if (consent !== null) return null;
  const choose = (choice: Exclude<CookieConsent, null>) => {
    recordConsent(data.consentCookie, choice);
    onChoice(choice);
  };
  return (
    <section ref={ref} className="cookie-banner" aria-label={t('cookieBanner.label')} data-testid="cookie-banner">
      <p>{t('cookieBanner.text')} <a href="/cookie">{t('cookieBanner.more')}</a></p>
      <div className="cookie-actions">
        <button ref={accept} type="button" className="portal-button" data-testid="cookie-accept" onClick={() => choose('all')}>{t('cookieBanner.accept')}</button>
        <button type="button" className="portal-button secondary" data-testid="cookie-necessary" onClick={() => choose('necessary')}>{t('cookieBanner.necessary')}</button>
      </div>
    </section>
  );
}

/** The cookie page (spec 01 §2: title and a text box): the choice made for this country, and a way to change it. */
export function CookiePage({ consent, onReset }: { readonly consent: CookieConsent; readonly onReset: () => void }) {
  const t = useT();
  const state = consent === 'all' ? t('cookie.stateAll') : consent === 'necessary' ? t('cookie.stateNecessary') : t('cookie.stateNone');
  return (
    <section className="portal-block portal-text" data-testid="cookie-page">
      <h1>{t('cookie.title')}</h1>
      <div className="cookie-box">
        <p>{t('cookie.state')} <strong data-testid="cookie-state">{state}</strong></p>
        {consent !== null && <button type="button" className="portal-button secondary" onClick={onReset} data-testid="cookie-change">{t('cookie.change')}</button>}
      </div>
    </section>
  );
}
