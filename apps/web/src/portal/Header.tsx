import { useState } from 'react';
import { chooseCountry, chooseLanguage } from './choices.js';
import { useSelectChoice } from '../ui/select-choice.js';
import type { PortalData } from './portal-data.js';
import { useT } from './texts.js';

/** The single sign-on entry in the page's language (the login button "leaves to the external single sign-on address"). */
export function loginHref(language: string): string {
  return `/api/v1/open/sso/login?lang=${encodeURIComponent(language)}`;
}

/**
 * The public header (spec 01 §2): the company, register and contacts anchors of the market's home, "our partners"
 * when partners exist and the market is not DE, the country and language dropdowns, log in, sign up, forgotten
 * password. On a phone the menu folds behind a toggle, with the mobile login's link.
 */
export function Header({ data }: { readonly data: PortalData }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const home = `/${data.market.toLowerCase()}`;
  const country = useSelectChoice(data.market, (value) => { const c = data.countries.find((x) => x.code === value); if (c) chooseCountry(c.code); });
  const language = useSelectChoice(data.language, (value) => { const l = data.languages.find((x) => x === value); if (l) chooseLanguage(l); });
  return (
    <header className="portal-header">
      <a className="skip-link" href="#portal-main">{t('skip')}</a>
      <div className="portal-bar">
        <a className="portal-brand" href={home}>{t('brand')}</a>
        <button
          type="button" className="portal-menu-toggle" aria-expanded={open} aria-controls="portal-menu"
          data-testid="menu-toggle" onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> {t('header.menu')}
        </button>
        <div id="portal-menu" className={`portal-menu${open ? ' open' : ''}`}>
          <nav aria-label={t('header.nav')}>
            <ul className="portal-links">
              <li><a href={`${home}#company`}>{t('header.company')}</a></li>
              <li><a href={`${home}#why-sign-up`}>{t('header.register')}</a></li>
              <li><a href={`${home}#contacts`}>{t('header.contact')}</a></li>
              {data.showPartners && <li><a href="/partner" data-testid="partners-link">{t('header.partners')}</a></li>}
            </ul>
          </nav>
          <div className="portal-choices">
            <label>
              <span className="visually-hidden">{t('header.country')}</span>
              <select
                aria-label={t('header.country')} data-testid="country-switch" {...country}
              >
                {data.countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('header.language')}</span>
              <select
                aria-label={t('header.language')} data-testid="language-switch" {...language}
              >
                {data.languages.map((l) => <option key={l} value={l}>{t(`languages.${l}`)}</option>)}
              </select>
            </label>
          </div>
          <div className="portal-account">
            {data.signedIn
              ? <a className="portal-button" href="/private" data-testid="my-area">{t('header.myArea')}</a>
              : (
                <>
                  <a className="portal-button" href={loginHref(data.language)} data-testid="login">{t('header.login')}</a>
                  <a className="portal-button secondary" href="/registration" data-testid="sign-up">{t('header.signUp')}</a>
                  <a className="portal-small-link" href="/password-recovery">{t('header.forgotPassword')}</a>
                  <a className="portal-small-link portal-mobile-only" href="/login-mobile">{t('header.loginMobile')}</a>
                </>
              )}
          </div>
        </div>
      </div>
    </header>
  );
}
