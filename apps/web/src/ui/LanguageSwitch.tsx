import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@auction/i18n';
import { appLanguageOf, switchLanguage } from '../i18n/i18n.js';

/** The language dropdown: every supported language, named in itself. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={appLanguageOf(i18n)} data-testid="language-switch" aria-label={t('language.label')}
        onChange={(e) => { if (isLanguage(e.target.value)) void switchLanguage(i18n, e.target.value); }}
      >
        {LANGUAGES.map((lang) => <option key={lang} value={lang}>{t(`language.${lang}`)}</option>)}
      </select>
    </label>
  );
}
