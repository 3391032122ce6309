import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveVehicleResponse } from '@auction/contracts';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';

type SavedVehicle = SaveVehicleResponse['vehicles'][number];

/** The path of a saved vehicle's details page (`/vehicle-details/$idVehicle`). */
export function vehicleDetailsPath(idVehicle: string): string {
  return `/vehicle-details/${encodeURIComponent(idVehicle)}`;
}

/** The save's outcome: how many vehicles were saved, each with its files and a link to its details. */
export function SaveResult({ result, onRestart }: { readonly result: SaveVehicleResponse; readonly onRestart: () => void }) {
  const { t } = useTranslation('vehicleUpload');
  const ids = useId();
  const columns: TableColumn<SavedVehicle>[] = [
    { key: 'row', header: t('batch.row'), cell: (v) => v.row, className: 'num', sortable: true },
    { key: 'licensePlate', header: t('columns.licensePlate'), cell: (v) => v.licensePlate, sortable: true },
    { key: 'files', header: t('save.files'), cell: (v) => v.files, className: 'num', sortable: true },
    {
      key: 'idVehicle', header: t('save.details'), cell: (v) => (
        // The details page is its own route; a plain link keeps this screen free of its module.
        <a href={vehicleDetailsPath(v.idVehicle)} data-testid={`saved-link-${v.row}`}>{t('save.open', { plate: v.licensePlate })}</a>
      ),
    },
  ];
  return (
    <section className="card upload-step" aria-labelledby={`${ids}-title`} data-testid="save-result" data-count={result.vehicles.length}>
      <h2 id={`${ids}-title`}>{t('save.title')}</h2>
      <p role="status" data-testid="save-summary">{t('save.saved', { count: result.vehicles.length })}</p>
      <DataTable
        mode="client" rows={result.vehicles} columns={columns} rowKey={(v) => v.idVehicle} rowTestId={() => 'saved-row'} pageSizes={[10, 20, 50]}
        caption={t('save.caption')} empty={t('batch.empty')} testId="saved-vehicles"
      />
      <div className="toolbar">
        <button type="button" className="btn" onClick={onRestart} data-testid="upload-another">{t('sheet.another')}</button>
      </div>
    </section>
  );
}
