import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveVehicleResponse, VehicleUploadResponse } from '@auction/contracts';
import { ApiError } from '../../../api/http.js';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';
import type { VehicleFileKind, VehicleUploadApi } from './upload-api.js';
import { acceptedCounts, anyPending, uploadsAfter, type FileUpload, type UploadEvent } from './upload-progress.js';
import { VehicleFilesPanel } from './VehicleFilesPanel.js';
import { useErrorText } from './use-translate.js';

type BatchVehicle = VehicleUploadResponse['vehicles'][number];

/** Why a save stopped: the API's code and its own words (they name the plate or frame). */
export interface SaveFailure {
  readonly errorCode: number;
  readonly message: string;
}

interface Props {
  readonly api: VehicleUploadApi;
  readonly batch: VehicleUploadResponse;
  readonly onSaved: (result: SaveVehicleResponse) => void;
  readonly onRestart: () => void;
}

/**
 * Step 2 and 3: each vehicle of the batch gets its photos and documents (one at a time through one queue, each with
 * its progress and refusal), then the batch is saved (v2: by its tempId). A save that stops tells which vehicle and why;
 * the batch stays for a retry.
 */
export function BatchStep({ api, batch, onSaved, onRestart }: Props) {
  const { t, i18n } = useTranslation('vehicleUpload');
  const errorText = useErrorText();
  const ids = useId();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const next = useRef(0);
  const apply = useCallback((event: UploadEvent) => setUploads((u) => uploadsAfter(u, event)), []);

  const addFiles = (row: number, kind: VehicleFileKind, files: readonly File[]) => {
    for (const file of files) {
      const key = `file-${next.current++}`;
      apply({ type: 'queued', key, name: file.name, size: file.size, kind, row });
      // One upload at a time: the per-user limits and a phone's line are shared by all of them.
      queue.current = queue.current.then(async () => {
        try {
          const result = await api.uploadVehicleFileOf(kind, file, batch.tempId, String(row), {
            onProgress: (p) => apply({ type: 'progress', key, ...p }),
          });
          apply({ type: 'done', key, result });
        } catch (error) {
          apply({ type: 'refused', key, errorCode: error instanceof ApiError ? error.errorCode : 0 });
        }
      });
    }
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await api.save(batch.tempId));
    } catch (error) {
      setFailure(error instanceof ApiError ? { errorCode: error.errorCode, message: error.message } : { errorCode: 0, message: String(error) });
    } finally {
      setSaving(false);
    }
  };

  const counts = acceptedCounts(uploads);
  const pending = anyPending(uploads);
  const vehicle = batch.vehicles.find((v) => v.row === selected) ?? null;
  const columns: TableColumn<BatchVehicle>[] = [
    { key: 'row', header: t('batch.row'), cell: (v) => v.row, className: 'num', sortable: true },
    { key: 'licensePlate', header: t('columns.licensePlate'), cell: (v) => v.licensePlate, sortable: true },
    { key: 'vehicle', header: t('batch.vehicle'), cell: (v) => `${v.brand} ${v.model}`, sortValue: (v) => `${v.brand} ${v.model}`, sortable: true },
    { key: 'photos', header: t('batch.photos'), cell: (v) => counts.get(v.row)?.photos ?? 0, className: 'num' },
    { key: 'documents', header: t('batch.documents'), cell: (v) => counts.get(v.row)?.documents ?? 0, className: 'num' },
    {
      key: 'files', header: t('batch.files'), cell: (v) => (
        <button
          type="button" className="btn btn-small" aria-pressed={v.row === selected} data-testid={`batch-select-${v.row}`}
          aria-label={t('batch.selectFor', { plate: v.licensePlate, row: v.row })} onClick={() => setSelected(v.row)}
        >
          {t('batch.select')}
        </button>
      ),
    },
  ];
  const expires = new Date(batch.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <section className="card upload-step" aria-labelledby={`${ids}-files`} data-testid="batch-step" data-temp-id={batch.tempId}>
        <h2 id={`${ids}-files`}>{t('steps.files')}</h2>
        <p role="status" data-testid="batch-loaded" data-count={batch.vehicles.length}>
          {t('sheet.loaded', { count: batch.vehicles.length, provenance: batch.provenance, time: expires })}
        </p>
        <label className="field batch-filter">
          <span>{t('batch.filter')}</span>
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="batch-filter" />
        </label>
        <DataTable
          mode="client" rows={batch.vehicles} columns={columns} rowKey={(v) => String(v.row)} rowTestId={(v) => `batch-row-${v.row}`}
          filter={filter} filterText={(v) => `${v.licensePlate} ${v.brand} ${v.model}`} pageSizes={[10, 20, 50]}
          caption={t('batch.caption')} empty={t('batch.empty')} testId="batch-vehicles"
        />
        {vehicle
          ? <VehicleFilesPanel api={api} vehicle={vehicle} uploads={uploads} onFiles={(kind, files) => addFiles(vehicle.row, kind, files)} />
          : <p className="muted" data-testid="files-none">{t('files.none')}</p>}
      </section>
      <section className="card upload-step" aria-labelledby={`${ids}-save`} data-testid="save-step">
        <h2 id={`${ids}-save`}>{t('steps.save')}</h2>
        {pending && <p className="muted" data-testid="save-wait">{t('save.waitUploads')}</p>}
        <div className="toolbar">
          <button type="button" className="btn btn-primary" disabled={pending || saving} onClick={() => void save()} data-testid="save-vehicles">
            {t('save.button', { count: batch.vehicles.length })}
          </button>
          <button type="button" className="btn" disabled={saving} onClick={onRestart} data-testid="upload-another">{t('sheet.another')}</button>
        </div>
        {failure && (
          <p className="form-error" role="alert" data-testid="save-failure" data-error-code={failure.errorCode}>
            {t('save.refused', { reason: errorText(failure.errorCode), detail: failure.message })}
          </p>
        )}
      </section>
    </>
  );
}
