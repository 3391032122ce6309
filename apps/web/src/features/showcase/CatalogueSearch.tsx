import { useState, type FormEvent } from 'react';
import { appLanguageOf } from '../../i18n/i18n.js';
import { useTranslation } from 'react-i18next';
import { formatNumber, parseMoney } from '@auction/i18n';

/** The catalogue filters as kept in the URL. */
export interface CatalogueFilters {
  readonly brand?: string;
  readonly model?: string;
  readonly licensePlate?: string;
  readonly maxPrice?: number;
}

const TEXTS = ['brand', 'model', 'licensePlate'] as const;

/** The catalogue search: brand, model, plate (contained, any case) and a maximum price typed in the spec's number format. */
export function CatalogueSearch({ filters, onSearch }: { filters: CatalogueFilters; onSearch: (filters: CatalogueFilters) => void }) {
  const { t, i18n } = useTranslation('showcase');
  const language = appLanguageOf(i18n);
  const [text, setText] = useState({ brand: filters.brand ?? '', model: filters.model ?? '', licensePlate: filters.licensePlate ?? '' });
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice === undefined ? '' : formatNumber(filters.maxPrice, language));
  const [priceError, setPriceError] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = maxPrice.trim() ? parseMoney(maxPrice) : undefined;
    if (price === null || (price !== undefined && price <= 0)) {
      setPriceError(true);
      return;
    }
    const next: { -readonly [K in keyof CatalogueFilters]: CatalogueFilters[K] } = {};
    for (const key of TEXTS) if (text[key].trim()) next[key] = text[key].trim();
    if (price !== undefined) next.maxPrice = price;
    onSearch(next);
  };
  const reset = () => {
    setText({ brand: '', model: '', licensePlate: '' });
    setMaxPrice('');
    setPriceError(false);
    onSearch({});
  };
  return (
    <form className="toolbar" role="search" aria-label={t('search.label')} onSubmit={submit} noValidate>
      {TEXTS.map((key) => (
        <label key={key} className="field">
          <span>{t(`search.${key}`)}</span>
          <input value={text[key]} onChange={(e) => setText((s) => ({ ...s, [key]: e.target.value }))} data-testid={`showcase-search-${key}`} />
        </label>
      ))}
      <label className="field">
        <span>{t('search.maxPrice')}</span>
        <input
          value={maxPrice} inputMode="decimal" data-testid="showcase-search-maxPrice"
          onChange={(e) => { setMaxPrice(e.target.value); setPriceError(false); }}
          aria-invalid={priceError || undefined} aria-describedby={priceError ? 'max-price-error' : undefined}
        />
        {priceError && <span id="max-price-error" className="field-error" role="alert">{t('search.maxPriceInvalid')}</span>}
      </label>
      <button type="submit" className="btn btn-primary" data-testid="showcase-search">{t('common:actions.search')}</button>
      <button type="button" className="btn" onClick={reset}>{t('common:actions.reset')}</button>
    </form>
  );
}
