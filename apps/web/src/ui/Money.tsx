import { useTranslation } from 'react-i18next';
import { formatMoney } from '@auction/i18n';
import { appLanguageOf } from '../i18n/i18n.js';

/** An amount in euros in the current language's number format; a dash for none. */
export function Money({ value, testId }: { value: number | null | undefined; testId?: string }) {
  const { i18n } = useTranslation();
  const language = appLanguageOf(i18n);
  return <span className="money" data-testid={testId} data-value={value ?? ''}>{value === null || value === undefined ? '–' : formatMoney(value, language)}</span>;
}

/** The formatter for the current language. */
export function useMoney(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = appLanguageOf(i18n);
  return (value) => formatMoney(value, language);
}

/** The portal language shown now (en, it, …, be, lu). */
export function useLanguage() {
  const { i18n } = useTranslation();
  return appLanguageOf(i18n);
}
