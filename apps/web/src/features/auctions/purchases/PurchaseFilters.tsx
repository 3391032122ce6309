import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseQuery } from '@auction/contracts';
import {
  EMPTY_PURCHASE_FILTERS, PURCHASE_FILTER_FIELDS, formOfQuery, queryOfForm, type FilterError, type PurchaseFilterField, type PurchaseFilterForm,
} from './purchase-filters.js';

/**
 * The purchase search form of the spec. It starts from the query in the URL and hands back the query to search
 * (`onSearch`); dates are typed as DD/MM/YYYY and a wrong one is shown on its field, nothing being sent.
 */
export function PurchaseFilters({ query, onSearch }: { query: PurchaseQuery; onSearch: (query: PurchaseQuery) => void }) {
  const { t } = useTranslation('purchases');
  const [form, setForm] = useState<PurchaseFilterForm>(() => formOfQuery(query));
  const [errors, setErrors] = useState<Partial<Record<PurchaseFilterField, FilterError>>>({});
  const set = (field: PurchaseFilterField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const mapped = queryOfForm(form);
    if (mapped.ok) onSearch(mapped.query);
    else setErrors(mapped.errors);
  };
  const reset = () => {
    setForm(EMPTY_PURCHASE_FILTERS);
    setErrors({});
    onSearch({});
  };
  return (
    <form className="card purchase-filters" role="search" aria-labelledby="purchase-filters-title" onSubmit={submit} noValidate>
      <h2 id="purchase-filters-title" className="visually-hidden">{t('filters.legend')}</h2>
      <div className="toolbar">
        {PURCHASE_FILTER_FIELDS.map((field) => {
          const error = errors[field];
          const errorId = `purchase-filter-${field}-error`;
          if (field === 'channel') {
            return (
              <label key={field} className="field">
                <span>{t('filters.channel')}</span>
                <select value={form.channel} onChange={(e) => set('channel', e.target.value)} data-testid="purchase-filter-channel">
                  <option value="">{t('filters.anyChannel')}</option>
                  <option value="AUCTION">{t('channel.AUCTION')}</option>
                  <option value="SHOWCASE">{t('channel.SHOWCASE')}</option>
                </select>
              </label>
            );
          }
          const date = field === 'fromDate' || field === 'toDate';
          return (
            <label key={field} className="field">
              <span>{t(`filters.${field}`)}</span>
              <input
                value={form[field]} onChange={(e) => set(field, e.target.value)} data-testid={`purchase-filter-${field}`}
                inputMode={date ? 'numeric' : undefined} placeholder={date ? 'DD/MM/YYYY' : undefined} autoComplete="off"
                aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
              />
              {error && <span id={errorId} className="field-error" role="alert">{t(`filters.${error}`)}</span>}
            </label>
          );
        })}
      </div>
      <div className="toolbar">
        <button type="submit" className="btn btn-primary" data-testid="purchase-search">{t('common:actions.search')}</button>
        <button type="button" className="btn" onClick={reset} data-testid="purchase-reset">{t('common:actions.reset')}</button>
      </div>
    </form>
  );
}
