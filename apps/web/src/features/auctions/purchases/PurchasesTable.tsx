import { useTranslation } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';
import { formatDateIn } from '@auction/i18n';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { useMarketZone } from '../../../ui/market-zone.js';
import { Money } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import { PurchasePayment } from './PurchasePayment.js';
import { PurchaseRatingDialog, RateButton, ratingTargetOf, usePurchaseRatings } from '../../showcase/RatePurchase.js';

const COLUMNS = ['date', 'channel', 'auctionName', 'licensePlate', 'brand', 'model', 'frame', 'price', 'payment', 'rating'] as const;

/** What a purchase's rating is of: the auction (every lot won there shares it), or the showcase vehicle. */
const subjectOf = (r: PurchaseRow) => (r.channel === 'AUCTION' ? r.auctionName ?? r.licensePlate : `${r.licensePlate} ${r.brand} ${r.model}`);

/**
 * The purchases found: date, channel, auction name, plate, brand, model, frame, price, the payment (its status and a Pay
 * button until paid: pay by link) and the rating (a button: "Rate",
 * or "Rated 4/5" when the auction or vehicle was rated, whose dialog opens with the vote disabled); an empty state when none.
 */
export function PurchasesTable({ rows }: { rows: readonly PurchaseRow[] }) {
  const { t } = useTranslation('purchases');
  const { api, showcase } = useServices();
  const ratings = usePurchaseRatings();
  const open = ratings.open;
  // Purchase dates on the user's market clock (a purchase at 00:30 in Rome is of that day there), the zone named.
  const zone = useMarketZone();
  if (rows.length === 0) return <p className="muted" data-testid="purchases-empty">{t('empty')}</p>;
  return (
    <div className="table-wrap">
      <p><TimeZoneNote zone={zone} /></p>
      <table className="grid responsive" data-testid="purchases-table">
        <caption className="visually-hidden">{t('count', { count: rows.length })}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => <th key={c} scope="col" className={c === 'price' ? 'num' : undefined}>{t(`columns.${c}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.channel}-${r.idLot ?? r.idVehicle ?? r.licensePlate}`} data-testid={`purchase-${r.idLot ?? r.idVehicle}`}>
              <td data-label={t('columns.date')}><time dateTime={r.date}>{formatDateIn(r.date, zone)}</time></td>
              <td data-label={t('columns.channel')}><span className={`badge badge-${r.channel}`}>{t(`channel.${r.channel}`)}</span></td>
              <td data-label={t('columns.auctionName')}>{r.auctionName ?? '–'}</td>
              <td data-label={t('columns.licensePlate')}><span className="plate">{r.licensePlate}</span></td>
              <td data-label={t('columns.brand')}>{r.brand}</td>
              <td data-label={t('columns.model')}>{r.model}</td>
              <td data-label={t('columns.frame')}>{r.frame ?? '–'}</td>
              <td className="num" data-label={t('columns.price')}><Money value={r.price} /></td>
              <td data-label={t('columns.payment')}>
                <PurchasePayment row={r} subject={`${r.licensePlate} ${r.brand} ${r.model}`} payByLink={api.payByLink} />
              </td>
              <td data-label={t('columns.rating')}>
                {ratingTargetOf(r) && (
                  <RateButton given={ratings.ratingOf(r)} subject={subjectOf(r)} onOpen={() => ratings.setOpen(r)} testId={`rate-${r.idLot ?? r.idVehicle}`} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && (
        <PurchaseRatingDialog
          key={`${open.channel}-${open.idLot ?? open.idVehicle}`} row={open} subject={subjectOf(open)} given={ratings.ratingOf(open)}
          onClose={() => ratings.setOpen(null)} onRated={ratings.record}
          send={(row, stars) => (row.channel === 'AUCTION' ? api.feedback(row.idAuction!, stars) : showcase.feedback(row.idVehicle!, stars))}
        />
      )}
    </div>
  );
}
