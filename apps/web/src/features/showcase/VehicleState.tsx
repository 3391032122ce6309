import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import { formatTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Countdown } from '../../ui/Countdown.js';
import './showcase.css';

/** The availability badge of a showcase vehicle: bought by me, held for me, or its state. */
export function VehicleStateBadge({ vehicle }: { vehicle: VehicleView }) {
  const { t } = useTranslation('showcase');
  const kind = vehicle.boughtByMe ? 'boughtByMe' : vehicle.heldByMe ? 'heldByMe' : vehicle.state;
  return <span className={`badge badge-${kind}`} data-testid={`state-${vehicle.idVehicle}`} data-state={vehicle.state}>{t(`state.${kind}`)}</span>;
}

/**
 * While a vehicle is held: the time left (server clock) and the hour it ends on its market's clock, followed by the
 * zone when the screen does not name one for all its rows (`named`); nothing otherwise.
 */
export function HoldUntil({ vehicle, named = false }: { vehicle: VehicleView; named?: boolean }) {
  const { t } = useTranslation('showcase');
  if (!vehicle.holdUntil || vehicle.state !== 'HELD') return <span className="muted">–</span>;
  const zone = timeZoneOfMarket(vehicle.idMarket);
  const time = formatTimeIn(vehicle.holdUntil, zone);
  return (
    <span className="hold-until">
      <Countdown end={vehicle.holdUntil} testId={`hold-${vehicle.idVehicle}`} />{' '}
      <span className="muted">{t('hold.until', { time: named ? `${time} (${zone})` : time })}</span>
    </span>
  );
}
