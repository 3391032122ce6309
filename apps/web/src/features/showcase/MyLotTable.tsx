import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import { Money } from '../../ui/Money.js';
import { listTimes } from '../../ui/market-zone.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { OutcomeText } from './OutcomeText.js';
import { HoldUntil, VehicleStateBadge } from './VehicleState.js';
import { isBuyable, useMyLot } from './use-my-lot.js';

/** My lot: select vehicles to buy, book them all, remove one; each row shows the outcome of the last operation. */
export function MyLotTable({ vehicles }: { vehicles: readonly VehicleView[] }) {
  const { t } = useTranslation('showcase');
  const lot = useMyLot(vehicles);
  if (vehicles.length === 0) {
    return <p className="muted" data-testid="my-lot-empty">{t('myLot.empty')} <Link to="/showcase-catalogue">{t('myLot.toCatalogue')}</Link></p>;
  }
  const buyable = vehicles.filter(isBuyable);
  const times = listTimes(vehicles.map((v) => v.idMarket));
  const allSelected = buyable.length > 0 && buyable.every((v) => lot.selected.has(v.idVehicle));
  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn" disabled={lot.busy} onClick={() => void lot.book()} data-testid="book-my-lot">{t('actions.bookMyLot')}</button>
        <button type="button" className="btn btn-primary" disabled={lot.busy || lot.chosen.length === 0} onClick={() => void lot.buySelected()} data-testid="buy-selected">
          {t('actions.buySelected')}{lot.chosen.length > 0 ? ` (${lot.chosen.length})` : ''}
        </button>
      </div>
      <div className="table-wrap">
        {times.zone && <p><TimeZoneNote zone={times.zone} /></p>}
        <table className="grid responsive" data-testid="my-lot-table">
          <caption className="visually-hidden">{t('myLot.title')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label={t('actions.selectAll')} checked={allSelected} disabled={buyable.length === 0 || lot.busy}
                  onChange={(e) => buyable.forEach((v) => lot.toggle(v.idVehicle, e.target.checked))} data-testid="select-all" />
              </th>
              <th scope="col">{t('columns.licensePlate')}</th>
              <th scope="col">{t('columns.brand')}</th>
              <th scope="col">{t('columns.model')}</th>
              <th scope="col" className="num">{t('columns.price')}</th>
              <th scope="col">{t('columns.state')}</th>
              <th scope="col">{t('columns.hold')}</th>
              <th scope="col">{t('columns.outcome')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {vehicles.map((v) => (
              <tr key={v.idVehicle} data-testid={`vehicle-${v.idVehicle}`}>
                <td data-label={t('columns.select')}>
                  <input type="checkbox" checked={lot.selected.has(v.idVehicle)} disabled={!isBuyable(v) || lot.busy}
                    aria-label={t('actions.selectVehicle', { plate: v.licensePlate })}
                    onChange={(e) => lot.toggle(v.idVehicle, e.target.checked)} data-testid={`select-${v.idVehicle}`} />
                </td>
                <td data-label={t('columns.licensePlate')}><span className="plate">{v.licensePlate}</span></td>
                <td data-label={t('columns.brand')}>{v.brand}</td>
                <td data-label={t('columns.model')}>{v.model}</td>
                <td className="num" data-label={t('columns.price')}><Money value={v.price} /></td>
                <td data-label={t('columns.state')}><VehicleStateBadge vehicle={v} /></td>
                <td data-label={t('columns.hold')}><HoldUntil vehicle={v} named={!times.zone} /></td>
                <td className="wide" data-label={t('columns.outcome')} aria-live="polite">
                  <OutcomeText result={lot.outcomes.get(v.idVehicle)} idVehicle={v.idVehicle} market={v.idMarket} named={!times.zone} />
                </td>
                <td data-label={t('columns.actions')}>
                  {!v.boughtByMe && (
                    <button type="button" className="btn btn-small" disabled={lot.busy} onClick={() => void lot.remove(v)}
                      aria-label={t('actions.vehicleAction', { action: t('actions.removeFromMyLot'), plate: v.licensePlate })}
                      data-testid={`remove-my-lot-${v.idVehicle}`}>
                      {t('actions.removeFromMyLot')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
