import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { VehicleEditForm } from './VehicleEditForm.js';
import { VehicleFilesEditor } from './VehicleFilesEditor.js';
import { vehicleTitle } from './VehicleDetails.js';
import { useProvenances, useVehicleActions, useVehiclesApi } from './use-vehicles.js';
import './vehicles.css';

/**
 * `vehicle-edit`: the vehicle's data in a form (`PUT /vehicle`), and its photos and documents (add, remove, reorder the
 * photos: `VehicleFilesEditor`).
 */
export function VehicleEdit({ idVehicle }: { idVehicle: string }) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const sheet = useLoaded(() => api.details(idVehicle), idVehicle);
  const provenances = useProvenances();
  const actionsOf = useVehicleActions(provenances);
  if (sheet.status === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (sheet.status === 'failed') return <p className="form-error" role="alert" data-testid="vehicle-failed">{t('common.failed')}</p>;
  const v = sheet.data;
  const editable = provenances.length === 0 || actionsOf(v).includes('edit');
  return (
    <section aria-labelledby="vehicle-edit-title" data-testid="vehicle-edit">
      <div className="vehicle-head">
        <h1 id="vehicle-edit-title">{t('edit.title', { title: vehicleTitle(v), plate: v.licensePlate })}</h1>
        <Link to="/vehicle-details/$idVehicle" params={{ idVehicle }} data-testid="vehicle-edit-back">{t('edit.back')}</Link>
      </div>
      {!editable && <p className="readonly-note" data-testid="vehicle-edit-locked">{t('edit.locked')}</p>}
      <VehicleEditForm key={`${v.idVehicle}-${sheet.status}`} vehicle={v} onSaved={() => sheet.reload()} />
      <VehicleFilesEditor key={v.idVehicle} vehicle={v} editable={editable && v.status === 'STOCK'} />
    </section>
  );
}
