import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView, OfferReportRow } from '@auction/contracts';
import { toCents } from '@auction/domain';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useMoney } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import { ModalDialog } from './ModalDialog.js';

interface Props {
  readonly lot: LotView;
  /** The auction's market: offer times are on its clock (e.g. Europe/Rome), as in the offers report beside the dialog. */
  readonly idMarket: string;
  /** The lot's offers, best first (see `offersOfLot`). */
  readonly offers: readonly OfferReportRow[];
  /** Called with true once the lot was awarded, false when cancelled. */
  readonly onClose: (awarded: boolean) => void;
}

/** Awards a closed lot to one of its offers, chosen in a radio group (the best offer preselected). */
export function AwardDialog({ lot, idMarket, offers, onClose }: Props) {
  const zone = timeZoneOfMarket(idMarket);
  const { t } = useTranslation('auctioneer');
  const { api, dialogs } = useServices();
  const money = useMoney();
  // The user's choice while it is still an offer of the lot, else the best offer (the list may arrive after opening).
  const [choice, setChoice] = useState<string | null>(null);
  const idOffer = offers.some((o) => o.idOffer === choice) ? choice : (offers[0]?.idOffer ?? null);
  const [busy, setBusy] = useState(false);
  const belowReserve = (o: OfferReportRow) => lot.reservePrice != null && toCents(o.offer) < toCents(lot.reservePrice);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!idOffer) return;
    setBusy(true);
    try {
      await api.awardLot(lot.idAuction, lot.idLot, idOffer);
      const chosen = offers.find((o) => o.idOffer === idOffer);
      onClose(true);
      void dialogs.success('auctioneer:outcome.awarded', { plate: lot.licensePlate, username: chosen?.username ?? '', amount: money(chosen?.offer ?? 0) });
    } catch {
      setBusy(false); // shown by the HTTP client's error dialog
    }
  };

  return (
    <ModalDialog title={t('award.title', { plate: lot.licensePlate })} testId="award-dialog" onCancel={() => onClose(false)}>
      <form onSubmit={(e) => void submit(e)}>
        {offers.length === 0 ? (
          <p data-testid="award-no-offers">{t('award.none')}</p>
        ) : (
          <fieldset className="award-offers">
            <legend>{t('award.choose')} <span className="muted" data-testid="award-zone">{t('award.timesIn', { zone })}</span></legend>
            {offers.map((o) => (
              <label key={o.idOffer} className="award-offer">
                <input
                  type="radio" name="idOffer" value={o.idOffer} checked={idOffer === o.idOffer}
                  onChange={() => setChoice(o.idOffer)} data-testid={`award-offer-${o.idOffer}`}
                />
                <span>{t('award.option', { amount: money(o.offer), username: o.username, time: formatDateTimeIn(o.createdAt, zone) })}</span>
                {o.clickAndBuy && <span className="badge badge-RUN">{t('award.clickAndBuy')}</span>}
                {belowReserve(o) && <span className="badge badge-toAward">{t('award.belowReserve')}</span>}
              </label>
            ))}
          </fieldset>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onClose(false)} data-testid="award-cancel">{t('award.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || !idOffer} data-testid="award-submit">{t('award.submit')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
