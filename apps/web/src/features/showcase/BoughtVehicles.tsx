import { useTranslation } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';
import { formatDateIn } from '@auction/i18n';
import { useMarketZone } from '../../ui/market-zone.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { useServices } from '../../ui/services-context.js';
import { PurchaseRatingDialog, RateButton, usePurchaseRatings } from './RatePurchase.js';
import { vehicleLabel } from './vehicle-text.js';

/**
 * A dealer's showcase purchases (from `GET purchases?channel=SHOWCASE`), each with a button to rate it: "Rated 4/5" for
 * one rated before (the row's `rating`), whose dialog opens with the stars given and the vote disabled.
 */
export function BoughtVehicles({ rows }: { rows: readonly PurchaseRow[] }) {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const zone = useMarketZone();
  const ratings = usePurchaseRatings();
  const bought = rows.filter((r): r is PurchaseRow & { idVehicle: string } => r.idVehicle !== null);
  const open = ratings.open;

  return (
    <section aria-labelledby="bought-title">
      <h2 id="bought-title">{t('sold.bought')}</h2>
      {bought.length === 0 ? <p className="muted" data-testid="bought-empty">{t('sold.boughtEmpty')}</p> : (
        <div className="table-wrap">
          <p><TimeZoneNote zone={zone} /></p>
          <table className="grid responsive" data-testid="bought-table">
            <thead>
              <tr>
                <th scope="col">{t('columns.date')}</th>
                <th scope="col">{t('columns.licensePlate')}</th>
                <th scope="col">{t('columns.brand')}</th>
                <th scope="col">{t('columns.model')}</th>
                <th scope="col" className="num">{t('columns.price')}</th>
                <th scope="col">{t('columns.rating')}</th>
              </tr>
            </thead>
            <tbody>
              {bought.map((r) => (
                <tr key={r.idVehicle} data-testid={`vehicle-${r.idVehicle}`}>
                  <td data-label={t('columns.date')}><time dateTime={r.date}>{formatDateIn(r.date, zone)}</time></td>
                  <td data-label={t('columns.licensePlate')}><span className="plate">{r.licensePlate}</span></td>
                  <td data-label={t('columns.brand')}>{r.brand}</td>
                  <td data-label={t('columns.model')}>{r.model}</td>
                  <td className="num" data-label={t('columns.price')}><Money value={r.price} /></td>
                  <td data-label={t('columns.rating')}>
                    <RateButton given={ratings.ratingOf(r)} subject={vehicleLabel(r)} onOpen={() => ratings.setOpen(r)} testId={`rate-${r.idVehicle}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.idVehicle && (
        <PurchaseRatingDialog
          key={open.idVehicle} row={open} subject={vehicleLabel(open)} given={ratings.ratingOf(open)} onClose={() => ratings.setOpen(null)}
          send={(row, stars) => showcase.feedback(row.idVehicle!, stars)} onRated={ratings.record}
        />
      )}
    </section>
  );
}
