import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useServices } from '../../../ui/services-context.js';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { DateTimePicker } from './DateTimePicker.js';
import { dateTimeValueOf } from './date-time-value.js';
import { decideNewEnd, type ExtendTimeError } from './extend-time.js';
import { ModalDialog } from './ModalDialog.js';

interface Props {
  readonly idAuction: string;
  readonly startDate: string;
  readonly endDate: string;
  /** The auction's market: its dates and times are read and typed on that market's clock. */
  readonly idMarket: string;
  /** Called with the new end once the server took it, or null when cancelled. */
  readonly onClose: (newEndDate: string | null) => void;
}

/**
 * The extend-time dialog (spec): start date and time read-only, a new end date and time (seconds set to zero),
 * the end not before the start nor in the past; sent as a resize, then closed returning the new end. Both are on the
 * wall clock of the auction's market (named), whatever the browser's zone; "now" is the server's clock.
 */
export function ExtendTimeDialog({ idAuction, startDate, endDate, idMarket, onClose }: Props) {
  const zone = timeZoneOfMarket(idMarket);
  const { t } = useTranslation('auctioneer');
  const { api, clock, dialogs } = useServices();
  const [end, setEnd] = useState(() => dateTimeValueOf(endDate, zone));
  const [error, setError] = useState<ExtendTimeError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const decision = decideNewEnd(startDate, end, clock.now(), zone);
    if (!decision.ok) {
      setError(decision.error);
      return;
    }
    setBusy(true);
    try {
      const view = await api.resizeTime(idAuction, decision.endDate) as AuctionView | undefined;
      const newEnd = view?.endDate ?? decision.endDate;
      onClose(newEnd);
      void dialogs.success('auctioneer:outcome.extended', { date: `${formatDateTimeIn(newEnd, zone)} (${zone})` });
    } catch {
      setBusy(false); // the error dialog was shown by the HTTP client; the dialog stays open to try again
    }
  };

  return (
    <ModalDialog title={t('extend.title')} testId="extend-dialog" onCancel={() => onClose(null)}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p><TimeZoneNote zone={zone} testId="extend-zone" /></p>
        <DateTimePicker testIdPrefix="extend-start" legend={t('extend.start')} value={dateTimeValueOf(startDate, zone)} readOnly />
        <DateTimePicker
          testIdPrefix="extend-end" legend={t('extend.newEnd')} value={end}
          onChange={(value) => { setEnd(value); setError(null); }} error={error ? t(`fieldErrors.${error}`) : null}
        />
        <p className="muted">{t('extend.hint')}</p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onClose(null)} data-testid="extend-cancel">{t('extend.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="extend-submit">{t('extend.submit')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
