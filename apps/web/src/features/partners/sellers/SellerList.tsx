import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@auction/domain';
import type { PageRequest } from '../../../ui/table/index.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { MarketPicker } from './MarketPicker.js';
import { SellerTable } from './SellerTable.js';
import { useSellersApi, type SellerListQuery } from './sellers-api.js';
import './sellers.css';

/** What the seller list shows: the market, the search and the page request, kept in the URL by the route. */
export interface SellerListState extends PageRequest {
  readonly market: Market;
  readonly search?: string;
}

/** `seller-list`: a market's sellers, searched, paged and sorted by the server. */
export function SellerList({ state, onChange }: { readonly state: SellerListState; readonly onChange: (next: SellerListState) => void }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const [text, setText] = useState(state.search ?? '');
  const query: SellerListQuery = {
    market: state.market, limit: state.limit, offset: state.offset, sortField: state.sortField, sortOrder: state.sortOrder, ...(state.search ? { search: state.search } : {}),
  };
  const page = useLoaded(() => api.page(query), JSON.stringify(query));
  return (
    <section aria-labelledby="seller-list-title" className="sellers">
      <h1 id="seller-list-title">{t('list.title')}</h1>
      <div className="seller-filters">
        <MarketPicker value={state.market} onChange={(market) => onChange({ ...state, market, offset: 0 })} />
        <form role="search" onSubmit={(e) => { e.preventDefault(); onChange({ ...state, search: text.trim() || undefined, offset: 0 }); }}>
          <label className="field">
            <span>{t('list.search')}</span>
            <input type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} data-testid="seller-search" />
          </label>
          <button type="submit" className="btn" data-testid="seller-search-go">{t('list.searchButton')}</button>
        </form>
        <Link to="/create-seller" search={{ market: state.market }} className="btn btn-primary" data-testid="to-create-seller">{t('create.title')}</Link>
      </div>
      {page.status === 'failed' ? <p className="form-error">{t('list.failed')}</p> : (
        <SellerTable page={page.status === 'ready' ? page.data : null} request={state} onRequest={(r) => onChange({ ...state, ...r })} caption={t('list.title')} />
      )}
    </section>
  );
}
