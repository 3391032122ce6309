import { useTranslation } from 'react-i18next';
import { formatMoney, isLanguage } from '@auction/i18n';

/** An amount in euros in the current language's number format; a dash for none. */
export function Money({ value, testId }: { value: number | null | undefined; testId?: string }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return <span className="money" data-testid={testId} data-value={value ?? ''}>{value === null || value === undefined ? '–' : formatMoney(value, language)}</span>;
}

/** The formatter for the current language. */
export function useMoney(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (value) => formatMoney(value, language);
}
