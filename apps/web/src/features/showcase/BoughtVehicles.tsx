import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';
import { formatDateIn } from '@auction/i18n';
import { useMarketZone } from '../../ui/market-zone.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { useServices } from '../../ui/services-context.js';
import { RatingDialog } from './RatingDialog.js';
import { vehicleLabel } from './vehicle-text.js';

/** A dealer's showcase purchases (from `GET purchases?channel=SHOWCASE`), each with a button to rate it. */
export function BoughtVehicles({ rows }: { rows: readonly PurchaseRow[] }) {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const zone = useMarketZone();
  const [rating, setRating] = useState<PurchaseRow | null>(null);
  const [rated, setRated] = useState<ReadonlySet<string>>(new Set());
  const bought = rows.filter((r): r is PurchaseRow & { idVehicle: string } => r.idVehicle !== null);

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
                    <button type="button" className="btn btn-small" onClick={() => setRating(r)} aria-haspopup="dialog"
                      aria-label={t('actions.rateVehicle', { plate: r.licensePlate })} data-testid={`rate-${r.idVehicle}`}>
                      {t('actions.rate')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rating?.idVehicle && (
        <RatingDialog
          key={rating.idVehicle} subject={vehicleLabel(rating)} alreadyVoted={rated.has(rating.idVehicle)} onClose={() => setRating(null)}
          onVote={async (stars) => {
            const idVehicle = rating.idVehicle!;
            await showcase.feedback(idVehicle, stars);
            setRated((s) => new Set([...s, idVehicle]));
          }}
        />
      )}
    </section>
  );
}
