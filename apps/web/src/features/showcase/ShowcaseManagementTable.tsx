import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import { Money } from '../../ui/Money.js';
import { useServices } from '../../ui/services-context.js';
import { HoldUntil } from './VehicleState.js';
import { vehicleLabel } from './vehicle-text.js';
import { VehiclePhoto } from './VehiclePhoto.js';

/**
 * The exhibitor's showcase vehicles and their states (free, booked, sold), each with a withdraw button while it is
 * free: the vehicle goes back to stock. `onChanged` reloads the page shown.
 */
export function ShowcaseManagementTable({ vehicles, onChanged }: { vehicles: readonly VehicleView[]; onChanged: () => void }) {
  const { t } = useTranslation('showcase');
  const { showcase, dialogs } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  if (vehicles.length === 0) return <p className="muted" data-testid="management-empty">{t('management.empty')}</p>;
  const withdraw = async (v: VehicleView) => {
    if (!(await dialogs.confirm('showcase:management.confirmWithdraw', { vehicle: vehicleLabel(v) }, 'showcase:management.withdraw'))) return;
    setBusy(v.idVehicle);
    try {
      await showcase.withdraw(v.idVehicle);
      onChanged();
    } catch {
      // shown in the error popup
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="table-wrap">
      <table className="grid responsive" data-testid="management-table">
        <caption className="visually-hidden">{t('management.title')}</caption>
        <thead>
          <tr>
            <th scope="col"><span className="visually-hidden">{t('columns.photo')}</span></th>
            <th scope="col">{t('columns.licensePlate')}</th>
            <th scope="col">{t('createShowcase.vehicle')}</th>
            <th scope="col" className="num">{t('columns.price')}</th>
            <th scope="col">{t('columns.state')}</th>
            <th scope="col">{t('columns.hold')}</th>
            <th scope="col">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((v) => (
            <tr key={v.idVehicle} data-testid={`managed-${v.idVehicle}`} aria-busy={busy === v.idVehicle || undefined}>
              <td className="photo-cell"><VehiclePhoto vehicle={v} /></td>
              <td data-label={t('columns.licensePlate')}><span className="plate">{v.licensePlate}</span></td>
              <td data-label={t('createShowcase.vehicle')}>{`${v.brand} ${v.model}`}</td>
              <td className="num" data-label={t('columns.price')}><Money value={v.price} /></td>
              <td data-label={t('columns.state')}>
                <span className={`badge badge-${v.state}`} data-testid={`managed-state-${v.idVehicle}`} data-state={v.state}>{t(`management.state.${v.state}`)}</span>
              </td>
              <td data-label={t('columns.hold')}><HoldUntil vehicle={v} named /></td>
              <td data-label={t('columns.actions')}>
                {v.state === 'AVAILABLE'
                  ? (
                    <button type="button" className="btn btn-small" disabled={busy !== null} onClick={() => void withdraw(v)}
                      aria-label={t('management.withdrawVehicle', { plate: v.licensePlate })} data-testid={`withdraw-${v.idVehicle}`}>
                      {t('management.withdraw')}
                    </button>
                  )
                  : <span className="muted">–</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
