import { useTranslation } from 'react-i18next';
import { formatNumber } from '@auction/i18n';
import { appLanguageOf } from '../../i18n/i18n.js';
import type { VehicleView } from '@auction/contracts';
import { listTimes } from '../../ui/market-zone.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';
import { VehicleActions } from './VehicleActions.js';
import { VehiclePhoto } from './VehiclePhoto.js';
import { HoldUntil, VehicleStateBadge } from './VehicleState.js';
import { useVehicleCommands } from './use-vehicle-commands.js';

/** A loaded vehicle's data sheet in one line: registration year, mileage, fuel, gearbox, power. */
function SheetLine({ vehicle }: { vehicle: VehicleView }) {
  const { t, i18n } = useTranslation('showcase');
  const s = vehicle.sheet!;
  const km = formatNumber(s.mileageKm, appLanguageOf(i18n), 0);
  return (
    <span className="muted sheet-line" data-testid={`sheet-${vehicle.idVehicle}`}>
      {t('sheet.line', { year: s.firstRegistration.slice(0, 4), km, fuel: t(`auction:vehicle.fuels.${s.fuel}`), gearbox: t(`auction:vehicle.gearboxes.${s.gearbox}`), kw: s.powerKw })}
    </span>
  );
}

/** The showcase vehicles: photo, plate, brand, model, price, availability, hold; a dealer also gets the actions column. */
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
            <th scope="col"><span className="visually-hidden">{t('columns.photo')}</span></th>
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
              <td className="photo-cell"><VehiclePhoto vehicle={v} /></td>
              <td data-label={t('columns.licensePlate')}><span className="plate">{v.licensePlate}</span></td>
              <td data-label={t('columns.brand')}>{v.brand}</td>
              <td data-label={t('columns.model')}>{v.model}{v.sheet && <SheetLine vehicle={v} />}</td>
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
