import { useTranslation } from 'react-i18next';

/**
 * Names the time zone a screen's times are shown in ("Times in Europe/Rome"): the auction market's wall clock, never
 * the browser's. One per screen, beside the first time shown.
 */
export function TimeZoneNote({ zone, testId = 'time-zone' }: { zone: string; testId?: string }) {
  const { t } = useTranslation();
  return <span className="muted time-zone" data-testid={testId} data-zone={zone}>{t('time.zone', { zone })}</span>;
}
