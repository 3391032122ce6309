import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerDetail } from '@auction/contracts';
import { EDIT_FIELDS, editBody, editValuesOf, type EditField, type EditValues } from './dealer-edit.js';
import { useDealersApi } from './use-dealers.js';

interface Props {
  readonly dealer: AdminDealerDetail;
  readonly disabled: boolean;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

/** The dealer's business data, edited in place (`PUT /admin/dealer` with the changed fields only). */
export function DealerEditForm({ dealer, disabled, onSaved, onCancel }: Props) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const before = editValuesOf(dealer);
  const [values, setValues] = useState<EditValues>(before);
  const [busy, setBusy] = useState(false);
  const { body, issues, changed } = editBody(dealer.idDealer, before, values);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body || changed === 0 || disabled) return;
    setBusy(true);
    const ok = await api.edit(body).then(() => true, () => false);
    setBusy(false);
    if (ok) onSaved();
  };
  const input = (f: EditField) => (
    <label key={f} className="field">
      <span>{t(`fields.${f}`)}</span>
      <input
        value={values[f]} disabled={disabled} type={f === 'email' ? 'email' : 'text'}
        onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
        aria-invalid={issues.includes(f)} aria-describedby={issues.includes(f) ? `dealer-edit-${f}-error` : undefined} data-testid={`dealer-edit-${f}`}
      />
      {issues.includes(f) && <span id={`dealer-edit-${f}-error`} className="field-error">{t('edit.invalid')}</span>}
    </label>
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="dealer-edit-form" aria-label={t('edit.title')} data-testid="dealer-edit-form" noValidate>
      <div className="form-grid">{EDIT_FIELDS.map(input)}</div>
      <div className="toolbar">
        <button type="submit" className="btn btn-primary" disabled={disabled || busy || !body || changed === 0} data-testid="dealer-edit-save">{t('edit.save')}</button>
        <button type="button" className="btn" onClick={onCancel} data-testid="dealer-edit-cancel">{t('common.cancel')}</button>
      </div>
    </form>
  );
}
