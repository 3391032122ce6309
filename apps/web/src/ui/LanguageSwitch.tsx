import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@auction/i18n';
import { appLanguageOf, switchLanguage } from '../i18n/i18n.js';
import { enterMarket } from '../session/market.js';
import { isMarket, sessionMarket } from '../session/session-keys.js';
import { countryName, offeredCountries, offeredLanguages } from './language-options.js';
import { useSelectChoice } from './select-choice.js';
import { useProfile } from './services-context.js';

/**
 * The header's country and language dropdowns (spec 01 §2 header, §4 market change), for visitors: the languages are
 * the session market's (every language while none is chosen), and choosing a country opens its home `/{country}`,
 * which stores it as the session market and switches to a language it offers. On a form a visitor is filling in (the
 * registration, the user sign-up) the country changes in place: leaving for the home threw away what was typed. A
 * logged-in user's market is their own: they see the language dropdown only, with every language.
 */
/** Public pages holding a form a visitor types into: a country change keeps them (and what was typed). */
const FORMS_IN_PROGRESS = ['/registration', '/user-signup'];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const chooseCountry = (value: string) => {
    if (!isMarket(value)) return;
    if (FORMS_IN_PROGRESS.includes(pathname)) void enterMarket(i18n, value);
    else void navigate({ to: `/${value.toLowerCase()}` });
  };
  const current = appLanguageOf(i18n);
  // A visitor's dropdowns follow the session market; a logged-in user keeps every language (the private area is
  // offered in all ten, whatever the market).
  const market = profile ? null : sessionMarket();
  // An arrow key on the closed select steps through the countries: the choice applies on Enter or when the focus leaves.
  const country = useSelectChoice(market ?? '', chooseCountry);
  return (
    <>
      {!profile && (
        <label className="language-switch">
          <span className="visually-hidden">{t('language.country')}</span>
          <select
            data-testid="country-switch" aria-label={t('language.country')} {...country}
          >
            {!market && <option value="" disabled>{t('language.country')}</option>}
            {offeredCountries(market).map((c) => <option key={c} value={c}>{countryName(c, current)}</option>)}
          </select>
        </label>
      )}
      <label className="language-switch">
        <span className="visually-hidden">{t('language.label')}</span>
        <select
          value={current} data-testid="language-switch" aria-label={t('language.label')}
          onChange={(e) => { if (isLanguage(e.target.value)) void switchLanguage(i18n, e.target.value); }}
        >
          {offeredLanguages(market, current).map((lang) => <option key={lang} value={lang}>{t(`language.${lang}`)}</option>)}
        </select>
      </label>
    </>
  );
}
