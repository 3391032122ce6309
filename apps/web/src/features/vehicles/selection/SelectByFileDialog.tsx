import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SelectByFileResponse } from '@auction/contracts';
import { ApiError } from '../../../api/http.js';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { useVehiclesApi } from '../use-vehicles.js';
import { SelectByFileFormSchema, type SelectByFileFormInput, type SelectByFileFormOutput } from './vehicle-selection.js';

const SHEET_TYPES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * "Select by file" (`POST /select-by-file`): a CSV or XLSX naming vehicles by plate or frame, and the template (required;
 * templates are not used yet). A react-hook-form form on the contract's fields; a refusal is shown in the dialog with
 * its code's text. Closes with the answer, or null when cancelled.
 */
export function SelectByFileDialog({ onClose }: { readonly onClose: (answer: SelectByFileResponse | null) => void }) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const ids = useId();
  const [failure, setFailure] = useState<number | null>(null);
  const form = useForm<SelectByFileFormInput, unknown, SelectByFileFormOutput>({
    resolver: zodResolver(SelectByFileFormSchema), defaultValues: { idTemplate: '', file: null }, mode: 'onSubmit',
  });
  const { register, handleSubmit, setValue, formState: { errors, isSubmitting, isSubmitted } } = form;
  const submit = async ({ file, idTemplate }: SelectByFileFormOutput) => {
    if (isSubmitting) return;
    setFailure(null);
    try {
      onClose(await api.selectByFile(file, idTemplate));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.errorCode : 0);
    }
  };
  const invalid = (field: 'file' | 'idTemplate') => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${field}-error` } : {});
  return (
    <ModalDialog title={t('selection.title')} testId="select-by-file-dialog" onCancel={() => onClose(null)}>
      <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <label className="field">
          <span>{t('selection.file')}</span>
          <input
            type="file" accept={SHEET_TYPES} autoFocus data-testid="select-by-file-input" {...invalid('file')}
            onChange={(e) => setValue('file', e.target.files?.[0] ?? null, { shouldValidate: isSubmitted })}
          />
          <span className="muted">{t('selection.fileHint')}</span>
          {errors.file && <span id={`${ids}-file-error`} className="field-error">{t('selection.fileRequired')}</span>}
        </label>
        <label className="field">
          <span>{t('selection.template')}</span>
          <input {...register('idTemplate')} maxLength={64} autoComplete="off" spellCheck={false} data-testid="select-by-file-template" {...invalid('idTemplate')} />
          <span className="muted">{t('selection.templateHint')}</span>
          {errors.idTemplate && <span id={`${ids}-idTemplate-error`} className="field-error">{t('selection.templateInvalid')}</span>}
        </label>
        {failure !== null && <p className="form-error" role="alert" data-testid="select-by-file-error">{t(failure ? `errors:${failure}` : 'common.failed')}</p>}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onClose(null)} data-testid="select-by-file-cancel">{t('common.cancel')}</button>
          <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || undefined} data-testid="select-by-file-send">{t('selection.submit')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
