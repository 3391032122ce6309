import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import type { useVehicleCommands } from './use-vehicle-commands.js';

type Commands = ReturnType<typeof useVehicleCommands>;

/**
 * A dealer's buttons for one catalogue vehicle: add to or remove from my lot, pre-empt, buy. A vehicle another
 * dealer holds can be neither pre-empted nor bought; a sold one has no action.
 */
export function VehicleActions({ vehicle: v, commands }: { vehicle: VehicleView; commands: Commands }) {
  const { t } = useTranslation('showcase');
  if (v.state === 'SOLD' || v.state === 'WITHDRAWN' || v.boughtByMe) return <span className="muted">–</span>;
  const busy = commands.busy !== null;
  const heldByOther = v.state === 'HELD' && !v.heldByMe;
  const label = (action: string) => t('actions.vehicleAction', { action: t(`actions.${action}`), plate: v.licensePlate });
  return (
    <div className="vehicle-actions">
      {v.inMyLot ? (
        <button type="button" className="btn btn-small" disabled={busy} aria-label={label('removeFromMyLot')}
          onClick={() => void commands.removeFromMyLot(v)} data-testid={`remove-my-lot-${v.idVehicle}`}>
          {t('actions.removeFromMyLot')}
        </button>
      ) : (
        <button type="button" className="btn btn-small" disabled={busy} aria-label={label('addToMyLot')}
          onClick={() => void commands.addToMyLot(v)} data-testid={`add-my-lot-${v.idVehicle}`}>
          {t('actions.addToMyLot')}
        </button>
      )}
      <button type="button" className="btn btn-small" disabled={busy || v.state === 'HELD'} aria-label={label('preempt')}
        onClick={() => void commands.preempt(v)} data-testid={`preempt-${v.idVehicle}`}>
        {t('actions.preempt')}
      </button>
      <button type="button" className="btn btn-small btn-primary" disabled={busy || heldByOther} aria-label={label('buy')}
        onClick={() => void commands.buy(v)} data-testid={`buy-${v.idVehicle}`}>
        {t('actions.buy')}
      </button>
    </div>
  );
}
