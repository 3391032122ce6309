import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleCard } from '@auction/contracts';
import { useServices } from '../../ui/services-context.js';
import { useOneAtATime } from '../dealers/dealers/use-dealers.js';
import type { VehicleAction } from './vehicle-powers.js';
import { HandOverDialog, type HandOver } from './HandOverDialog.js';
import { useVehiclesApi } from './use-vehicles.js';

interface Props {
  readonly vehicle: Pick<VehicleCard, 'idVehicle' | 'licensePlate' | 'provenance'>;
  readonly actions: readonly VehicleAction[];
  /** After a change the server accepted: reload what is shown. */
  readonly onChanged: () => void;
  /** Leave out the edit link (the edit page itself). */
  readonly withoutEdit?: boolean;
}


/**
 * The changes a user may make to a vehicle (see `vehicleActions`): edit, publish or unpublish, send to a superior or
 * a multi-auctioneer (the user it goes to is asked in a dialog), send back. Each answer is per vehicle: a refusal is
 * shown with its code's text, a success with the action's own words.
 */
export function VehicleActions({ vehicle, actions, onChanged, withoutEdit }: Props) {
  const { t } = useTranslation('vehicles');
  const { dialogs } = useServices();
  const api = useVehiclesApi();
  const { busy, run } = useOneAtATime();
  const [handOver, setHandOver] = useState<HandOver | null>(null);
  const ids = [vehicle.idVehicle];
  const outcome = async (action: VehicleAction, call: Promise<{ ok: boolean; errorCode?: number }[]>) => {
    const [first] = await call.catch(() => [] as { ok: boolean; errorCode?: number }[]);
    if (!first) return; // the shared client showed the refusal
    if (!first.ok) {
      void dialogs.error(first.errorCode ?? 500);
      return;
    }
    void dialogs.success(`vehicles:actions.done.${action}`, { plate: vehicle.licensePlate });
    onChanged();
  };
  const act = (action: VehicleAction) => {
    if (action === 'sendToSup' || action === 'sendToMultiAuctioneer') return setHandOver(action);
    void run(async () => {
      if (action === 'publish' || action === 'unpublish') return outcome(action, api.publish(ids, action === 'publish'));
      if (action === 'sendBack') {
        if (!(await dialogs.confirm('vehicles:actions.confirmSendBack', { plate: vehicle.licensePlate }, 'vehicles:actions.sendBack'))) return;
        return outcome(action, api.sendBack(ids));
      }
    });
  };
  const buttons = actions.filter((a) => a !== 'edit');
  return (
    <div className="vehicle-actions">
      {!withoutEdit && actions.includes('edit') && (
        <Link to="/vehicle-edit/$idVehicle" params={{ idVehicle: vehicle.idVehicle }} className="btn btn-small" data-testid={`vehicle-edit-${vehicle.idVehicle}`}>
          {t('actions.edit')}<span className="visually-hidden"> {vehicle.licensePlate}</span>
        </Link>
      )}
      {buttons.map((a) => (
        <button
          key={a} type="button" className="btn btn-small" aria-disabled={busy || undefined} onClick={() => { if (!busy) act(a); }}
          data-testid={`vehicle-${a}-${vehicle.idVehicle}`}
        >
          {/* The plate, read out after the visible words, tells the rows' buttons apart (the name starts with what is seen). */}
          {t(`actions.${a}`)}<span className="visually-hidden"> {vehicle.licensePlate}</span>
        </button>
      ))}
      {handOver && (
        <HandOverDialog
          action={handOver} plate={vehicle.licensePlate} provenance={vehicle.provenance}
          onClose={(idUser) => {
            setHandOver(null);
            if (!idUser) return;
            void run(() => outcome(handOver, handOver === 'sendToSup' ? api.sendToSup(ids, idUser) : api.sendToMultiAuctioneer(ids, idUser)));
          }}
        />
      )}
    </div>
  );
}
