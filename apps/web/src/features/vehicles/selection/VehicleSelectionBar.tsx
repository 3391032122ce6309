import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnmatchedSelectionRow, VehicleCard } from '@auction/contracts';
import { useServices } from '../../../ui/services-context.js';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';
import { useOneAtATime } from '../../dealers/dealers/use-dealers.js';
import { HandOverDialog, type HandOver } from '../HandOverDialog.js';
import type { VehicleAction } from '../vehicle-powers.js';
import type { VehicleOutcome } from '../vehicles-api.js';
import { useVehiclesApi } from '../use-vehicles.js';
import { commonActions, outcomeOf } from './vehicle-selection.js';

interface Props {
  readonly selected: readonly VehicleCard[];
  /** The rows of the last file that selected no vehicle (null: no file yet). */
  readonly unmatched: readonly UnmatchedSelectionRow[] | null;
  readonly actionsOf: (v: VehicleCard) => readonly VehicleAction[];
  /** After a change: the vehicles it was done to (they leave the selection), to reload the list. */
  readonly onDone: (idVehicles: readonly string[]) => void;
  readonly onClear: () => void;
}

/**
 * The list's selection (by hand or by a file): how many, the changes every selected vehicle allows (done to all of them
 * at once, one call), and the rows of the last file that selected nothing.
 */
export function VehicleSelectionBar({ selected, unmatched, actionsOf, onDone, onClear }: Props) {
  const { t } = useTranslation('vehicles');
  const { dialogs } = useServices();
  const api = useVehiclesApi();
  const { busy, run } = useOneAtATime();
  const [handOver, setHandOver] = useState<HandOver | null>(null);
  const ids = selected.map((v) => v.idVehicle);
  const actions = commonActions(selected, actionsOf);
  const count = selected.length;

  const outcome = async (call: Promise<VehicleOutcome[]>) => {
    const outcomes = await call.catch(() => null);
    if (!outcomes) return; // the shared client showed the refusal
    const { done, refused, firstError } = outcomeOf(outcomes);
    if (refused === 0) void dialogs.success('vehicles:selection.done', { count: done.length });
    else if (done.length === 0) void dialogs.error(firstError ?? 500);
    else void dialogs.warning('vehicles:selection.partly', { done: done.length, total: outcomes.length });
    onDone(done);
  };
  const act = (action: VehicleAction) => {
    if (action === 'sendToSup' || action === 'sendToMultiAuctioneer') return setHandOver(action);
    void run(async () => {
      if (action === 'publish' || action === 'unpublish') return outcome(api.publish(ids, action === 'publish'));
      if (action === 'sendBack') {
        if (!(await dialogs.confirm('vehicles:selection.confirmSendBack', { count }, 'vehicles:actions.sendBack'))) return;
        return outcome(api.sendBack(ids));
      }
    });
  };
  if (count === 0 && !unmatched) return null;
  return (
    <section className="card vehicle-selection" aria-labelledby="vehicle-selection-title" data-testid="vehicle-selection">
      <div className="vehicle-head">
        <h2 id="vehicle-selection-title" aria-live="polite" data-testid="vehicle-selection-count">{t('selection.count', { count })}</h2>
        <div className="vehicle-actions">
          {actions.map((a) => (
            <button key={a} type="button" className="btn btn-small" aria-disabled={busy || undefined} onClick={() => { if (!busy) act(a); }} data-testid={`selection-${a}`}>
              {t(`actions.${a}`)}
            </button>
          ))}
          <button type="button" className="btn btn-small" onClick={onClear} data-testid="selection-clear">{t('selection.clear')}</button>
        </div>
      </div>
      {count > 0 && actions.length === 0 && <p className="muted">{t('selection.noCommonAction')}</p>}
      {unmatched && unmatched.length > 0 && <UnmatchedRows rows={unmatched} />}
      {handOver && (
        <HandOverDialog
          action={handOver} plate={t('selection.vehicles', { count })} provenance={selected[0]?.provenance ?? ''}
          onClose={(idUser) => {
            setHandOver(null);
            if (!idUser) return;
            void run(() => outcome(handOver === 'sendToSup' ? api.sendToSup(ids, idUser) : api.sendToMultiAuctioneer(ids, idUser)));
          }}
        />
      )}
    </section>
  );
}

/** The rows of a selection file that selected no vehicle: row, value as written, why (the back-office table, client mode). */
function UnmatchedRows({ rows }: { readonly rows: readonly UnmatchedSelectionRow[] }) {
  const { t } = useTranslation('vehicles');
  const columns: TableColumn<UnmatchedSelectionRow>[] = [
    { key: 'row', header: t('selection.unmatched.row'), className: 'num', sortable: true, cell: (r) => r.row },
    { key: 'value', header: t('selection.unmatched.value'), cell: (r) => r.value },
    { key: 'reason', header: t('selection.unmatched.reason'), className: 'wide', cell: (r) => t(`selection.reason.${r.reason}`) },
  ];
  return (
    <DataTable
      mode="client" rows={rows} columns={columns} rowKey={(r) => String(r.row)} rowTestId={() => 'unmatched-row'} pageSizes={[10, 50, 100]}
      caption={t('selection.unmatched.caption')} empty="" testId="unmatched-rows"
    />
  );
}
