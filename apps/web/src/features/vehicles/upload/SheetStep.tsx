import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProvenanceView, VehicleUploadResponse } from '@auction/contracts';
import { ApiError } from '../../../api/http.js';
import { useProfile } from '../../../ui/services-context.js';
import { DropZone } from './DropZone.js';
import { RefusedRowsTable } from './RefusedRowsTable.js';
import { UploadProgressList } from './UploadProgressList.js';
import { refusedRowsOf, type RefusedRowLine } from './refused-rows.js';
import { SheetFormSchema, loadableProvenances, type SheetFormErrors, type SheetFormInput, type SheetFormOutput } from './sheet-form.js';
import type { VehicleUploadApi } from './upload-api.js';
import { uploadsAfter, type FileUpload } from './upload-progress.js';
import { useErrorText, useTranslate } from './use-translate.js';

const SHEET_TYPES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Step 1: a vehicle file (XLSX or CSV) into a provenance. The file is required before any call; its upload shows its
 * progress; a refusal lists the refused rows as the API gave them (row, field, reason), any other its reason.
 */
export function SheetStep({ api, onLoaded }: { readonly api: VehicleUploadApi; readonly onLoaded: (batch: VehicleUploadResponse) => void }) {
  const { t } = useTranslation('vehicleUpload');
  const translate = useTranslate();
  const errorText = useErrorText();
  const profile = useProfile();
  const ids = useId();
  const [provenances, setProvenances] = useState<ProvenanceView[] | null>(null);
  const form = useForm<SheetFormInput, unknown, SheetFormOutput>({
    resolver: zodResolver(SheetFormSchema), defaultValues: { provenance: '', file: null }, mode: 'onSubmit', reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, setValue, clearErrors, watch, formState: { errors } } = form;
  const file = watch('file');
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [refused, setRefused] = useState<RefusedRowLine[] | null>(null);
  const [failure, setFailure] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.provenances().then((all) => {
      if (!live) return;
      const mine = profile ? loadableProvenances({ ...profile, adminEnabledMarket: profile.adminEnabledMarket }, all) : [];
      setProvenances(mine);
    }, () => live && setProvenances([]));
    return () => { live = false; };
  }, [api, profile]);
  // The only provenance is picked once its option is on the page (the select shows what the form holds).
  useEffect(() => {
    if (provenances?.length === 1) setValue('provenance', provenances[0]!.code);
  }, [provenances, setValue]);

  const submit = async ({ file, provenance }: SheetFormOutput) => {
    const key = `sheet-${Date.now()}`;
    setRefused(null);
    setFailure(null);
    setBusy(true);
    setUploads((u) => uploadsAfter(uploadsAfter(u, { type: 'cleared' }), { type: 'queued', key, name: file.name, size: file.size, kind: 'SHEET', row: null }));
    try {
      const batch = await api.uploadVehicleFile(file, provenance, {
        onProgress: (p) => setUploads((u) => uploadsAfter(u, { type: 'progress', key, ...p })),
      });
      setUploads((u) => uploadsAfter(u, { type: 'done', key }));
      onLoaded(batch);
    } catch (error) {
      const code = error instanceof ApiError ? error.errorCode : 0;
      setUploads((u) => uploadsAfter(u, { type: 'refused', key, errorCode: code }));
      const rows = refusedRowsOf(error, translate);
      if (rows) setRefused(rows);
      else setFailure(code);
    } finally {
      setBusy(false);
    }
  };

  /** The error key of a field (the schema's issue message), as the sheet texts name it. */
  const errorOf = (field: keyof SheetFormErrors) => errors[field]?.message as SheetFormErrors[typeof field] | undefined;
  const invalid = (field: keyof SheetFormErrors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${field}-error` } : {});
  return (
    <section className="card upload-step" aria-labelledby={`${ids}-title`} data-testid="sheet-step">
      <h2 id={`${ids}-title`}>{t('steps.file')}</h2>
      <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <div className="field-group">
          <label className="field">
            <span>{t('sheet.provenance')}</span>
            <select {...register('provenance')} disabled={busy || provenances === null} data-testid="sheet-provenance" {...invalid('provenance')}>
              <option value="">{t('sheet.chooseProvenance')}</option>
              {(provenances ?? []).map((p) => <option key={p.code} value={p.code}>{`${p.name} (${p.code})`}</option>)}
            </select>
          </label>
          {errors.provenance && <p className="field-error" id={`${ids}-provenance-error`} data-testid="sheet-provenance-error">{t(`sheet.${errorOf('provenance')}`)}</p>}
          {provenances?.length === 0 && <p className="muted">{t('sheet.noProvenance')}</p>}
        </div>
        <div className="field-group" {...invalid('file')}>
          <DropZone
            label={t('sheet.dropLabel')} hint={t('sheet.dropHint')} choose={t('sheet.choose')} accept={SHEET_TYPES} disabled={busy}
            onFiles={(files) => { setValue('file', files[0] ?? null); clearErrors('file'); }} testId="sheet-drop"
          />
          <p className="muted" data-testid="sheet-chosen">{file ? t('sheet.chosen', { name: file.name }) : t('sheet.none')}</p>
          {errors.file && <p className="field-error" role="alert" id={`${ids}-file-error`} data-testid="sheet-file-error">{t(`sheet.${errorOf('file')}`)}</p>}
        </div>
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="sheet-upload">{t('sheet.upload')}</button>
        </div>
      </form>
      <UploadProgressList uploads={uploads} testId="sheet-progress" />
      {failure !== null && <p className="form-error" role="alert" data-testid="sheet-failure" data-error-code={failure}>{errorText(failure)}</p>}
      {refused && (
        <div className="refused" data-testid="sheet-refused" data-count={refused.length}>
          <h3>{t('sheet.refusedTitle')}</h3>
          <p role="alert">{t('sheet.refused', { count: refused.length })}</p>
          <RefusedRowsTable lines={refused} />
        </div>
      )}
    </section>
  );
}
