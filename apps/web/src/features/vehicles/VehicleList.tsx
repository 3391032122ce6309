import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectByFileResponse, UnmatchedSelectionRow } from '@auction/contracts';
import { useServices } from '../../ui/services-context.js';
import type { PageRequest } from '../../ui/table/index.js';
import { useLoaded, useOneAtATime } from '../dealers/dealers/use-dealers.js';
import { VehicleSearchPanel } from './VehicleSearchPanel.js';
import { VehicleTable } from './VehicleTable.js';
import { FIRST_VEHICLE_REQUEST, filtersOf, formOfFilters, type VehicleListSearch } from './vehicle-search.js';
import { useProvenances, useVehicleActions, useVehiclesApi } from './use-vehicles.js';
import { SelectByFileDialog } from './selection/SelectByFileDialog.js';
import { VehicleSelectionBar } from './selection/VehicleSelectionBar.js';
import { NO_SELECTION, toggled, withVehicles, without, type VehicleSelection } from './selection/vehicle-selection.js';
import './vehicles.css';

interface Props {
  /** The URL's search: filters and page request. */
  readonly search: VehicleListSearch;
  readonly onSearch: (search: VehicleListSearch) => void;
}

/** Saves a file the browser received (a Blob) under its name. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `vehicle-list`: the vehicles the user sees (`GET /vehicle`) with every filter the call takes, paged and sorted by
 * the server (the back-office table), filters and page in the URL, the search kept in the session; the CSV export of
 * the same filters and order (`POST /export-vehicle`). Vehicles are selected by hand (a checkbox per row, across pages)
 * or by a file of plates or frames (`POST /select-by-file`), and changed together (publish, hand over, send back).
 */
export function VehicleList({ search, onSearch }: Props) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const provenances = useProvenances();
  const exporting = useOneAtATime();
  const { dialogs } = useServices();
  const actionsOf = useVehicleActions(provenances);
  const [selection, setSelection] = useState<VehicleSelection>(NO_SELECTION);
  const [unmatched, setUnmatched] = useState<readonly UnmatchedSelectionRow[] | null>(null);
  const [choosingFile, setChoosingFile] = useState(false);
  const filters = filtersOf(search);
  const request: PageRequest = {
    limit: search.limit ?? FIRST_VEHICLE_REQUEST.limit, offset: search.offset ?? 0,
    sortField: search.sortField ?? FIRST_VEHICLE_REQUEST.sortField, sortOrder: search.sortOrder ?? FIRST_VEHICLE_REQUEST.sortOrder,
  };
  const query = { ...filters, ...request };
  const page = useLoaded(() => api.list(query), JSON.stringify(query));
  const onRequest = (next: PageRequest) => onSearch({
    ...filters, limit: next.limit, offset: next.offset, sortField: next.sortField as VehicleListSearch['sortField'], sortOrder: next.sortOrder,
  });
  const exportCsv = () => void exporting.run(async () => {
    const file = await api.exportCsv({ ...filters, sortField: request.sortField, sortOrder: request.sortOrder }).catch(() => null);
    if (!file) return;
    saveFile(file.blob, file.filename ?? 'vehicles.csv');
  });
  const selected = [...selection.values()];
  const fileChosen = (answer: SelectByFileResponse | null) => {
    setChoosingFile(false);
    if (!answer) return;
    setSelection((s) => withVehicles(s, answer.vehicles));
    setUnmatched(answer.unmatched);
    void dialogs.success('vehicles:selection.found', { count: answer.vehicles.length, unmatched: answer.unmatched.length });
  };
  return (
    <section aria-labelledby="vehicle-list-title" data-testid="vehicle-list-page">
      <div className="vehicle-head">
        <h1 id="vehicle-list-title">{t('list.title')}</h1>
        <div className="vehicle-actions">
          <button type="button" className="btn" onClick={() => setChoosingFile(true)} data-testid="vehicle-select-by-file">{t('selection.byFile')}</button>
          <button type="button" className="btn" aria-disabled={exporting.busy || undefined} onClick={exportCsv} data-testid="vehicle-export">{t('list.export')}</button>
        </div>
      </div>
      {choosingFile && <SelectByFileDialog onClose={fileChosen} />}
      <VehicleSelectionBar
        selected={selected} unmatched={unmatched} actionsOf={actionsOf}
        onDone={(done) => { setSelection((s) => without(s, done)); page.reload(); }}
        onClear={() => { setSelection(NO_SELECTION); setUnmatched(null); }}
      />
      <VehicleSearchPanel
        provenances={provenances} initial={formOfFilters(filters)}
        onSearch={(next) => onSearch({ ...next, limit: request.limit, sortField: request.sortField as VehicleListSearch['sortField'], sortOrder: request.sortOrder })}
      />
      {page.status === 'failed' && <p className="form-error" role="alert">{t('common.failed')}</p>}
      {page.status === 'loading' && <p className="muted" aria-busy="true">{t('common.loading')}</p>}
      {page.status === 'ready' && (
        <VehicleTable
          page={page.data} request={request} onRequest={onRequest} provenances={provenances} onChanged={page.reload}
          selected={new Set(selection.keys())} onToggle={(v) => setSelection((s) => toggled(s, v))}
        />
      )}
    </section>
  );
}
