import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleUploadResponse } from '@auction/contracts';
import { DropZone } from './DropZone.js';
import { FileKindSelect } from './FileKindSelect.js';
import { UploadProgressList } from './UploadProgressList.js';
import { VEHICLE_FILE_KINDS, type VehicleFileKind, type VehicleUploadApi } from './upload-api.js';
import { uploadsOfRow, type FileUpload } from './upload-progress.js';

/** What the picker offers for each kind (a hint: the server checks the content). */
export const ACCEPT: Readonly<Record<VehicleFileKind, string>> = {
  PHOTO: 'image/jpeg,image/png,image/webp',
  APPRAISAL: 'application/pdf,image/jpeg,image/png',
  DATASHEET: 'application/pdf,image/jpeg,image/png',
  OTHER: 'application/pdf,image/jpeg,image/png',
  RECOGNITION_DOC: 'application/pdf,image/jpeg,image/png',
};

interface Props {
  readonly api: VehicleUploadApi;
  readonly vehicle: VehicleUploadResponse['vehicles'][number];
  readonly uploads: readonly FileUpload[];
  readonly onFiles: (kind: VehicleFileKind, files: File[]) => void;
}

/** One vehicle of the batch: pick the kind, drop or choose its files, follow each upload; thumbnails of its photos. */
export function VehicleFilesPanel({ api, vehicle, uploads, onFiles }: Props) {
  const { t } = useTranslation('vehicleUpload');
  const ids = useId();
  const [kind, setKind] = useState<VehicleFileKind>('PHOTO');
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel is below the table (far below on a phone): a vehicle picked moves the focus, and the view, to its files.
  useEffect(() => { heading.current?.focus(); }, [vehicle.row]);
  const mine = uploadsOfRow(uploads, vehicle.row);
  const photos = mine.filter((u) => u.kind === 'PHOTO' && u.phase === 'done' && u.result);
  const plate = vehicle.licensePlate;
  return (
    <section className="vehicle-files" aria-labelledby={`${ids}-title`} data-testid="vehicle-files" data-row={vehicle.row}>
      <h3 id={`${ids}-title`} tabIndex={-1} ref={heading}>{t('files.title', { plate, row: vehicle.row })}</h3>
      <FileKindSelect
        label={t('files.kind')} kinds={VEHICLE_FILE_KINDS} value={kind} optionLabel={(k) => t(`kinds.${k}`)} onChange={setKind} testId="files-kind"
      />
      <DropZone
        label={t('files.dropLabel', { kind: t(`kinds.${kind}`), plate })} hint={t('files.dropHint')} choose={t('files.choose')}
        accept={ACCEPT[kind]} multiple onFiles={(files) => onFiles(kind, files)} testId="files-drop"
      />
      <UploadProgressList uploads={mine} testId="files-progress" />
      {photos.length > 0 && (
        <ul className="thumbnails" aria-label={t('files.thumbnails', { plate })} data-testid="thumbnails">
          {photos.map((p, i) => (
            <li key={p.key}>
              <img
                src={api.thumbnailUrl(p.result!.idFile)} alt={t('files.photoAlt', { n: i + 1, plate })} width={160} height={120}
                data-testid="thumbnail"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
