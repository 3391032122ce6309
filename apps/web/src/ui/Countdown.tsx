import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { remainingMs } from '../machines/server-clock.js';
import { useServices } from './services-context.js';

/** `HH:MM:SS` (or `Nd HH:MM:SS`) of a duration. */
export function formatRemaining(ms: number, days: (count: number) => string): string {
  const total = Math.ceil(ms / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d > 0 ? `${days(d)} ` : ''}${pad(h)}:${pad(m)}:${pad(s)}`;
}

/**
 * Time left to `end`, from the server clock (offset and round trip corrected, never backwards). It re-renders
 * four times a second; `data-remaining-ms` carries the exact figure for tests and assistive tools read the label.
 */
export function Countdown({ end, label, testId }: { end: string; label?: string; testId?: string }) {
  const { clock } = useServices();
  const { t } = useTranslation();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  if (!clock.isSynced) return <span className="countdown" data-testid={testId} data-synced="false">--:--:--</span>;
  const left = remainingMs(end, clock.now());
  const urgent = left > 0 && left <= 60_000;
  return (
    <time
      className={`countdown${urgent ? ' countdown-urgent' : ''}${left === 0 ? ' countdown-ended' : ''}`} dateTime={end}
      data-testid={testId} data-remaining-ms={Math.round(left)} data-synced="true" aria-label={label}
    >
      {left === 0 ? t('time.ended') : formatRemaining(left, (count) => t('time.days', { count }))}
    </time>
  );
}
