import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleFilesView, VehicleSheet } from '@auction/contracts';
import { ApiError } from '../../api/http.js';
import { useServices } from '../../ui/services-context.js';
import { LotThumb } from '../auctions/photos/LotThumb.js';
import { documentUrl } from '../auctions/photos/photo-url.js';
import { DropZone } from './upload/DropZone.js';
import { FileKindSelect } from './upload/FileKindSelect.js';
import { UploadProgressList } from './upload/UploadProgressList.js';
import { ACCEPT } from './upload/VehicleFilesPanel.js';
import { anyPending, uploadsAfter, type FileUpload, type UploadEvent } from './upload/upload-progress.js';
import { useErrorText } from './upload/use-translate.js';
import { changeKey, movedPhotos } from './vehicle-files.js';
import { VEHICLE_DOCUMENT_KINDS, type VehicleDocumentKind } from './vehicles-api.js';
import { useVehiclesApi } from './use-vehicles.js';
import './upload/upload.css';

interface Props {
  readonly vehicle: VehicleSheet;
  /** The user may change the vehicle's files now (the API's rule, checked again by the server). */
  readonly editable: boolean;
}

/**
 * The photos and documents of a saved vehicle on `vehicle-edit`: add photos or documents (each file its own upload, one
 * at a time, with its progress and its refusal), remove one (after a confirmation), move a photo up or down with its
 * buttons (the first is the cover). Each answer carries the vehicle's files, which the screen then shows.
 */
export function VehicleFilesEditor({ vehicle, editable }: Props) {
  const { t } = useTranslation('vehicles');
  const { dialogs } = useServices();
  const api = useVehiclesApi();
  const errorText = useErrorText();
  const ids = useId();
  const idVehicle = vehicle.idVehicle;
  const [files, setFiles] = useState<VehicleFilesView>({ idVehicle, photos: vehicle.photos, documents: vehicle.documents });
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [kind, setKind] = useState<VehicleDocumentKind>('APPRAISAL');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<number | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const next = useRef(0);
  /** The button to focus once the list shows a move (the moved photo's, so the keyboard user keeps its place). */
  const focusAfter = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const apply = useCallback((event: UploadEvent) => setUploads((u) => uploadsAfter(u, event)), []);

  useEffect(() => {
    if (!focusAfter.current) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${focusAfter.current}"]:not(:disabled)`)?.focus();
    focusAfter.current = null;
  }, [files]);

  const refused = (error: unknown) => setFailure(error instanceof ApiError ? error.errorCode : 0);

  const add = (fileKind: 'PHOTO' | VehicleDocumentKind, picked: readonly File[]) => {
    for (const file of picked) {
      const key = `vf-${next.current++}`;
      apply({ type: 'queued', key, name: file.name, size: file.size, kind: fileKind, row: null });
      // One upload at a time: the per-user limit and a phone's line are shared by all of them.
      queue.current = queue.current.then(async () => {
        const hooks = { onProgress: (p: { loaded: number; total: number }) => apply({ type: 'progress', key, ...p }), idempotencyKey: changeKey() };
        try {
          const answer = fileKind === 'PHOTO' ? await api.attachPhoto(idVehicle, file, hooks) : await api.attachDocument(idVehicle, fileKind, file, hooks);
          setFiles({ idVehicle, photos: answer.photos, documents: answer.documents });
          apply({ type: 'done', key });
        } catch (error) {
          apply({ type: 'refused', key, errorCode: error instanceof ApiError ? error.errorCode : 0 });
        }
      });
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const order = movedPhotos(files.photos, index, by);
    if (!order || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.reorderPhotos(idVehicle, order, changeKey());
      const at = answer.photos.indexOf(files.photos[index]!);
      focusAfter.current = `${files.photos[index]}-${by < 0 ? 'up' : 'down'}`;
      setFiles(answer);
      setNotice(t('files.moved', { n: at + 1, count: answer.photos.length }));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (idBlob: string, what: string) => {
    if (busy || !(await dialogs.confirm('vehicles:files.confirmRemove', { what }, 'vehicles:files.remove'))) return;
    setBusy(true);
    setFailure(null);
    try {
      setFiles(await api.removeFile(idVehicle, idBlob, changeKey()));
      setNotice(t('files.removed', { what }));
      list.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const count = files.photos.length;
  return (
    <section aria-labelledby={`${ids}-title`} className="card vehicle-files-editor" data-testid="vehicle-files-editor">
      <h2 id={`${ids}-title`} tabIndex={-1}>{t('edit.files')}</h2>
      <p role="status" className="visually-hidden" data-testid="vehicle-files-notice">{notice}</p>
      {failure !== null && <p role="alert" className="form-error" data-testid="vehicle-files-error" data-error-code={failure}>{errorText(failure)}</p>}
      <h3>{t('files.photos', { count })}</h3>
      {count === 0 ? <p className="muted" data-testid="vehicle-files-no-photos">{t('files.noPhotos')}</p> : (
        <ol className="vehicle-photo-list" ref={list} data-testid="vehicle-photo-list">
          {files.photos.map((id, i) => {
            const label = t('files.photoN', { n: i + 1, count });
            return (
              <li key={id} className="vehicle-photo-item" data-testid="vehicle-photo" data-photo={id}>
                <LotThumb idPhoto={id} />
                <span className="vehicle-photo-name">{label}{i === 0 && <> · <strong>{t('files.cover')}</strong></>}</span>
                {editable && (
                  <span className="vehicle-photo-actions">
                    <button
                      type="button" className="btn btn-small" disabled={busy || i === 0} onClick={() => void move(i, -1)}
                      aria-label={t('files.moveUpLabel', { n: i + 1 })} data-focus-key={`${id}-up`} data-testid="vehicle-photo-up"
                    >{t('files.moveUp')}</button>
                    <button
                      type="button" className="btn btn-small" disabled={busy || i === count - 1} onClick={() => void move(i, 1)}
                      aria-label={t('files.moveDownLabel', { n: i + 1 })} data-focus-key={`${id}-down`} data-testid="vehicle-photo-down"
                    >{t('files.moveDown')}</button>
                    <button
                      type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => void remove(id, label)}
                      aria-label={t('files.removeLabel', { what: label })} data-testid="vehicle-photo-remove"
                    >{t('files.remove')}</button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <h3>{t('files.documents', { count: files.documents.length })}</h3>
      {files.documents.length === 0 ? <p className="muted" data-testid="vehicle-files-no-documents">{t('details.noDocuments')}</p> : (
        <ul className="vehicle-docs" data-testid="vehicle-document-list">
          {files.documents.map((d, i) => {
            const what = `${t(`documentKind.${d.kind}`)} ${i + 1}`;
            return (
              <li key={d.idBlob} className="vehicle-photo-item" data-testid="vehicle-document" data-kind={d.kind}>
                <a href={documentUrl(d.idBlob)} target="_blank" rel="noopener noreferrer">{what}</a>
                {editable && (
                  <button
                    type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => void remove(d.idBlob, what)}
                    aria-label={t('files.removeLabel', { what })} data-testid="vehicle-document-remove"
                  >{t('files.remove')}</button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable ? (
        <div className="vehicle-files-add">
          <DropZone
            label={t('files.addPhotos')} hint={t('files.dropHint')} choose={t('files.choosePhotos')} accept={ACCEPT.PHOTO} multiple
            onFiles={(picked) => add('PHOTO', picked)} testId="vehicle-add-photos"
          />
          <div>
            <FileKindSelect
              label={t('files.documentKind')} kinds={VEHICLE_DOCUMENT_KINDS} value={kind} optionLabel={(k) => t(`documentKind.${k}`)}
              onChange={setKind} testId="vehicle-document-kind"
            />
            <DropZone
              label={t('files.addDocuments', { kind: t(`documentKind.${kind}`) })} hint={t('files.dropHint')} choose={t('files.chooseDocuments')}
              accept={ACCEPT[kind]} multiple onFiles={(picked) => add(kind, picked)} testId="vehicle-add-documents"
            />
          </div>
        </div>
      ) : <p className="muted" data-testid="vehicle-files-locked">{t('files.locked')}</p>}
      <UploadProgressList uploads={uploads} testId="vehicle-files-progress" />
      {anyPending(uploads) && <p className="muted" aria-live="polite">{t('files.uploading')}</p>}
    </section>
  );
}
