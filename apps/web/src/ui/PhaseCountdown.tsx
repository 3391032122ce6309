import { useTranslation } from 'react-i18next';
import { Countdown } from './Countdown.js';

interface Props {
  /** The auction's (or lot's) status: `SCH` counts to the start, `RUN` to the end, anything else shows nothing. */
  readonly status: string;
  readonly start: string;
  readonly end: string;
  readonly testId?: string;
  /** The accessible name of the countdown to the end (the one to the start says "Starts in"). */
  readonly endLabel?: string;
}

/**
 * The countdown that matters now: a scheduled auction says when it starts ("Starts in 02:14:05", to its start), a
 * running one how long is left (to its end). A scheduled auction used to count to its end, so a dealer or an
 * auctioneer could not tell when the bidding opens.
 */
export function PhaseCountdown({ status, start, end, testId, endLabel }: Props) {
  const { t } = useTranslation();
  if (status === 'SCH') {
    return (
      <span className="countdown-phase" data-phase="start" data-testid={testId ? `${testId}-phase` : undefined}>
        <span className="muted">{t('time.startsIn')}</span>{' '}
        <Countdown end={start} testId={testId} label={t('time.startsIn')} />
      </span>
    );
  }
  if (status !== 'RUN') return null;
  return (
    <span className="countdown-phase" data-phase="end" data-testid={testId ? `${testId}-phase` : undefined}>
      <Countdown end={end} testId={testId} label={endLabel} />
    </span>
  );
}
