import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import { listTimes } from '../../ui/market-zone.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { VehicleActions } from './VehicleActions.js';
import { HoldUntil, VehicleStateBadge } from './VehicleState.js';
import { useVehicleCommands } from './use-vehicle-commands.js';

/** The showcase vehicles: plate, brand, model, price, availability, hold; a dealer also gets the actions column. */
export function CatalogueTable({ vehicles, dealer }: { vehicles: readonly VehicleView[]; dealer: boolean }) {
  const { t } = useTranslation('showcase');
  const commands = useVehicleCommands(dealer);
  if (vehicles.length === 0) return <p className="muted" data-testid="catalogue-empty">{t('catalogue.empty')}</p>;
  const times = listTimes(vehicles.map((v) => v.idMarket));
  return (
    <div className="table-wrap">
      {times.zone && <p><TimeZoneNote zone={times.zone} /></p>}
      <table className="grid responsive" data-testid="catalogue-table">
        <caption className="visually-hidden">{t('catalogue.count', { count: vehicles.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.licensePlate')}</th>
            <th scope="col">{t('columns.brand')}</th>
            <th scope="col">{t('columns.model')}</th>
            <th scope="col" className="num">{t('columns.price')}</th>
            <th scope="col">{t('columns.state')}</th>
            <th scope="col">{t('columns.hold')}</th>
            {dealer && <th scope="col">{t('columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {vehicles.map((v) => (
            <tr key={v.idVehicle} data-testid={`vehicle-${v.idVehicle}`} aria-busy={commands.busy === v.idVehicle || undefined}>
              <td data-label={t('columns.licensePlate')}><span className="plate">{v.licensePlate}</span></td>
              <td data-label={t('columns.brand')}>{v.brand}</td>
              <td data-label={t('columns.model')}>{v.model}</td>
              <td className="num" data-label={t('columns.price')}><Money value={v.price} testId={`price-${v.idVehicle}`} /></td>
              <td data-label={t('columns.state')}><VehicleStateBadge vehicle={v} /></td>
              <td data-label={t('columns.hold')}><HoldUntil vehicle={v} named={!times.zone} /></td>
              {dealer && <td className="wide" data-label={t('columns.actions')}><VehicleActions vehicle={v} commands={commands} /></td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
