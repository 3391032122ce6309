import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProvenanceView } from '@auction/contracts';
import { VEHICLE_STATUSES } from '@auction/domain';
import { useSessionSearch } from '../../ui/session-search.js';
import {
  VEHICLE_SESSION_SEARCH, searchFilters, searchIssues, statesOf, toggleState, type VehicleFilterField, type VehicleFilters, type VehicleSearchForm,
} from './vehicle-search.js';

interface Props {
  /** The provenances the user may pick (`GET /provenance`). */
  readonly provenances: readonly ProvenanceView[];
  /** The filters of the URL: the panel shows them when the session keeps nothing else. */
  readonly initial: VehicleSearchForm;
  readonly onSearch: (filters: VehicleFilters) => void;
}

const TEXTS: readonly VehicleFilterField[] = ['licensePlate', 'vehicleFrame', 'vehicleCode', 'brand', 'model', 'channel', 'area', 'region'];
const PAIRS: readonly (readonly [VehicleFilterField, VehicleFilterField, 'numeric' | 'decimal'])[] = [
  ['insertDate', 'insertDateTo', 'numeric'], ['minPrice', 'maxPrice', 'decimal'], ['minDamage', 'maxDamage', 'decimal'], ['minAuctions', 'maxAuctions', 'numeric'],
];

/**
 * The collapsible vehicle-search panel: every filter `GET /vehicle` takes (spec 02 §3 "Vehicle"), checked with the
 * contract's query schema (the search button is disabled while a field is invalid), kept in session storage
 * (`vehicleSearch`) so that coming back finds it as it was.
 */
export function VehicleSearchPanel({ provenances, initial, onSearch }: Props) {
  const { t } = useTranslation('vehicles');
  const [open, setOpen] = useState(true);
  const { form, change, keep, clear } = useSessionSearch(VEHICLE_SESSION_SEARCH, () => (Object.values(initial).some(Boolean) ? initial : null));
  const bodyId = useId();
  const issues = searchIssues(form);
  const set = (key: VehicleFilterField, value: string) => {
    change({ ...form, [key]: value });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issues.length > 0) return;
    keep();
    onSearch(searchFilters(form));
  };
  const reset = () => {
    clear();
    onSearch({});
  };
  const states = statesOf(form.state);
  const field = (key: VehicleFilterField, extra: { inputMode?: 'numeric' | 'decimal'; placeholder?: string; maxLength?: number } = {}) => {
    const invalid = issues.includes(key);
    const errorId = `${bodyId}-${key}-error`;
    return (
      <label className="field" key={key}>
        <span>{t(`filters.${key}`)}</span>
        <input
          autoComplete="off" spellCheck={false} value={form[key]} maxLength={extra.maxLength ?? 200} inputMode={extra.inputMode} placeholder={extra.placeholder}
          onChange={(e) => set(key, e.target.value)} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}
          data-testid={`vehicle-filter-${key}`}
        />
        {invalid && <span id={errorId} className="field-error">{t('filters.invalid')}</span>}
      </label>
    );
  };
  return (
    <section className="dealer-search-panel" data-testid="vehicle-search-panel">
      <h2 className="panel-title">
        <button type="button" className="panel-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)} data-testid="vehicle-search-toggle">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('filters.title')}
        </button>
      </h2>
      <form id={bodyId} hidden={!open} role="search" aria-label={t('filters.title')} onSubmit={submit} noValidate>
        <div className="form-grid">
          {TEXTS.map((key) => field(key, { maxLength: key === 'licensePlate' || key === 'vehicleFrame' ? 40 : key === 'area' || key === 'region' ? 60 : 200 }))}
          <label className="field">
            <span>{t('filters.provenance')}</span>
            <select value={form.provenance} onChange={(e) => set('provenance', e.target.value)} data-testid="vehicle-filter-provenance">
              <option value="">-</option>
              {provenances.map((p) => <option key={p.code} value={p.code}>{`${p.name} (${p.code})`}</option>)}
            </select>
          </label>
        </div>
        <fieldset className="vehicle-states" data-testid="vehicle-filter-state">
          <legend>{t('filters.state')}</legend>
          {VEHICLE_STATUSES.map((status) => (
            <label key={status} className="checkbox-field">
              <input
                type="checkbox" checked={states.includes(status)} onChange={(e) => set('state', toggleState(form.state, status, e.target.checked))}
                data-testid={`vehicle-filter-state-${status}`}
              />
              {t(`status.${status}`)}
            </label>
          ))}
        </fieldset>
        <div className="form-grid">
          {PAIRS.map(([min, max, mode]) => (
            <fieldset key={min} className="vehicle-range">
              <legend>{t(`filters.range.${min}`)}</legend>
              {field(min, { inputMode: mode, placeholder: mode === 'numeric' && min === 'insertDate' ? t('filters.datePlaceholder') : undefined, maxLength: 13 })}
              {field(max, { inputMode: mode, placeholder: mode === 'numeric' && min === 'insertDate' ? t('filters.datePlaceholder') : undefined, maxLength: 13 })}
            </fieldset>
          ))}
        </div>
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={issues.length > 0} data-testid="vehicle-search-submit">{t('filters.submit')}</button>
          <button type="button" className="btn" onClick={reset} data-testid="vehicle-search-reset">{t('filters.reset')}</button>
        </div>
      </form>
    </section>
  );
}
