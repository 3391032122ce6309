import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HOURS, MINUTES, type DateTimeValue } from './date-time-value.js';

interface Props {
  /** Prefix of the test ids: `<prefix>-date`, `<prefix>-hour`, `<prefix>-minute` (read-only: `<prefix>-time`). */
  readonly testIdPrefix: string;
  /** The group's visible name, e.g. "Start". */
  readonly legend: string;
  readonly value: DateTimeValue;
  readonly onChange?: (value: DateTimeValue) => void;
  /** Translated error shown under the group. */
  readonly error?: string | null;
  /** Shows the value without letting it change (the extend dialog's start). */
  readonly readOnly?: boolean;
}

/**
 * A date (typed DD/MM/YYYY) and a 24-hour time chosen with an hour select (step 1 hour) and a minute select
 * (step 1 minute), grouped under a legend. Every control has its own label and works from the keyboard.
 */
export function DateTimePicker({ testIdPrefix, legend, value, onChange, error, readOnly = false }: Props) {
  const { t } = useTranslation('auctioneer');
  const id = useId();
  const errorId = `${id}-error`;
  const set = (patch: Partial<DateTimeValue>) => onChange?.({ ...value, ...patch });
  const invalid = error ? true : undefined;
  return (
    <fieldset className="datetime-picker" data-testid={`${testIdPrefix}-picker`}>
      <legend>{legend}</legend>
      <div className="datetime-fields">
        <label className="field">
          <span>{t('picker.date')}</span>
          <input
            type="text" inputMode="numeric" autoComplete="off" maxLength={10} placeholder={t('picker.datePlaceholder')}
            value={value.date} readOnly={readOnly} onChange={(e) => set({ date: e.target.value })}
            aria-invalid={invalid} aria-describedby={error ? errorId : undefined} data-testid={`${testIdPrefix}-date`}
          />
        </label>
        {readOnly ? (
          <label className="field">
            <span>{t('picker.time')}</span>
            <input type="text" readOnly value={`${value.hour}:${value.minute}`} data-testid={`${testIdPrefix}-time`} />
          </label>
        ) : (
          <>
            <label className="field">
              <span>{t('picker.hour')}</span>
              <select value={value.hour} onChange={(e) => set({ hour: e.target.value })} aria-invalid={invalid} data-testid={`${testIdPrefix}-hour`}>
                {HOURS.map((h) => <option key={h} value={h}>{h}</option>)}
              </select>
            </label>
            <label className="field">
              <span>{t('picker.minute')}</span>
              <select value={value.minute} onChange={(e) => set({ minute: e.target.value })} aria-invalid={invalid} data-testid={`${testIdPrefix}-minute`}>
                {MINUTES.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </label>
          </>
        )}
      </div>
      {error && <p className="field-error" id={errorId} data-testid={`${testIdPrefix}-error`}>{error}</p>}
    </fieldset>
  );
}
