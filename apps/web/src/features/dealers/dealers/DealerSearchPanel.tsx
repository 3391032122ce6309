import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useSessionSearch } from '../../../ui/session-search.js';
import { DEALER_SESSION_SEARCH, dealerCode, searchFilters, searchIssues, type DealerFilters, type DealerSearchForm } from './dealer-search.js';
import { marketLabel } from './market-label.js';

interface Props {
  /** Open at first (the search page) or collapsed (above the results). */
  readonly initiallyOpen: boolean;
  readonly onSearch: (filters: DealerFilters) => void;
}

/**
 * The collapsible dealer-search panel (spec 02 §2): idDealer (a dealer code), businessName, country (markets, first
 * option an empty dash), vatCode; the search button is disabled while the form is invalid; the panel is kept in
 * session storage (`dealerSearch`) so that coming back finds it as it was.
 */
export function DealerSearchPanel({ initiallyOpen, onSearch }: Props) {
  const { t, i18n } = useTranslation('dealers');
  const [open, setOpen] = useState(initiallyOpen);
  const { form, change, keep, clear } = useSessionSearch(DEALER_SESSION_SEARCH);
  const bodyId = useId();
  const issues = searchIssues(form);
  const set = (key: keyof DealerSearchForm, value: string) => {
    change({ ...form, [key]: key === 'idDealer' ? dealerCode(value) : value });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issues.length > 0) return;
    keep();
    onSearch(searchFilters(form));
  };
  const reset = clear;
  const invalid = (key: keyof DealerSearchForm) => issues.includes(key);
  const errorId = (key: string) => `${bodyId}-${key}-error`;
  return (
    <section className="dealer-search-panel" data-testid="dealer-search-panel">
      <h2 className="panel-title">
        <button type="button" className="panel-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)} data-testid="dealer-search-toggle">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('search.title')}
        </button>
      </h2>
      <form id={bodyId} hidden={!open} role="search" aria-label={t('search.title')} onSubmit={submit} className="dealer-search-form" noValidate>
        <div className="form-grid">
          <label className="field">
            <span>{t('search.idDealer')}</span>
            <input
              id={`${bodyId}-idDealer`} autoComplete="off" spellCheck={false} value={form.idDealer} onChange={(e) => set('idDealer', e.target.value)}
              aria-invalid={invalid('idDealer')} aria-describedby={`${bodyId}-idDealer-hint`} data-testid="dealer-search-idDealer"
            />
            <small id={`${bodyId}-idDealer-hint`} className="muted">{t('search.dealerCodeHint')}</small>
          </label>
          <label className="field">
            <span>{t('search.businessName')}</span>
            <input
              id={`${bodyId}-businessName`} autoComplete="off" maxLength={100} value={form.businessName} onChange={(e) => set('businessName', e.target.value)}
              aria-invalid={invalid('businessName')} aria-describedby={invalid('businessName') ? errorId('businessName') : undefined} data-testid="dealer-search-businessName"
            />
            {invalid('businessName') && <span id={errorId('businessName')} className="field-error">{t('search.tooShort')}</span>}
          </label>
          <label className="field">
            <span>{t('search.country')}</span>
            <select id={`${bodyId}-country`} value={form.country} onChange={(e) => set('country', e.target.value)} data-testid="dealer-search-country">
              <option value="">-</option>
              {MARKETS.map((m) => <option key={m} value={m}>{marketLabel(m, t, appLanguageOf(i18n))}</option>)}
            </select>
          </label>
          <label className="field">
            <span>{t('search.vatCode')}</span>
            <input
              id={`${bodyId}-vatCode`} autoComplete="off" maxLength={50} value={form.vatCode} onChange={(e) => set('vatCode', e.target.value)}
              aria-invalid={invalid('vatCode')} aria-describedby={invalid('vatCode') ? errorId('vatCode') : undefined} data-testid="dealer-search-vatCode"
            />
            {invalid('vatCode') && <span id={errorId('vatCode')} className="field-error">{t('search.vatInvalid')}</span>}
          </label>
        </div>
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={issues.length > 0} data-testid="dealer-search-submit">{t('search.submit')}</button>
          <button type="button" className="btn" onClick={reset} data-testid="dealer-search-reset">{t('search.reset')}</button>
        </div>
      </form>
    </section>
  );
}
