import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopCmsView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { marketLabel } from '../../dealers/dealers/market-label.js';
import { useLoaded, useOneAtATime } from '../../dealers/dealers/use-dealers.js';
import { TopCmsForm } from './TopCmsForm.js';
import { previewUrl, useTopCmsApi } from './top-cms-api.js';
import './top-cms.css';

const PAGE_SIZES = [10, 20, 50];

/**
 * `top-cms`: the home's top banners of a market (spec 02 §1, back-office "top-banner content"): the list (paged and
 * sorted by the server, with a thumbnail), a new banner or an edit with image upload and preview, delete with a
 * confirmation. ADMIN and CUSTOMER_CENTER of the market; a read-only user sees, changes nothing.
 */
export function TopCmsManagement() {
  const { t, i18n } = useTranslation('topCms');
  const { t: tc } = useTranslation('common');
  const profile = useProfile();
  const { dialogs } = useServices();
  const api = useTopCmsApi();
  const managed = profile?.adminEnabledMarket?.length ? profile.adminEnabledMarket : ['IT' as Market];
  const own = profile?.idMarket && managed.includes(profile.idMarket) ? profile.idMarket : managed[0]!;
  const [market, setMarket] = useState<Market>(own);
  const [lang, setLang] = useState('');
  const [request, setRequest] = useState<PageRequest>({ limit: 20, offset: 0, sortField: 'order', sortOrder: 'asc' });
  const [editing, setEditing] = useState<TopCmsView | 'new' | null>(null);
  const readOnly = profile?.readOnly === true;
  const { busy, run } = useOneAtATime();
  const query = { mkt: market, ...(lang ? { lang } : {}), ...request };
  const page = useLoaded(() => api.page(query), JSON.stringify(query));
  const remove = (banner: TopCmsView) => run(async () => {
    if (!(await dialogs.confirm('topCms:list.confirmDelete', { title: banner.title }, 'topCms:list.delete'))) return;
    await api.remove(banner.id).then(() => { void dialogs.success('topCms:list.deleted', { title: banner.title }); page.reload(); }, () => undefined);
  });
  const columns: TableColumn<TopCmsView>[] = [
    { key: 'preview', header: t('fields.image'), cell: (r) => <img src={previewUrl(r.image) ?? ''} alt="" className="top-cms-thumb" loading="lazy" /> },
    { key: 'title', header: t('fields.title'), sortable: true, className: 'wide', cell: (r) => r.title },
    { key: 'lang', header: t('fields.lang'), sortable: true, cell: (r) => tc(`language.${r.lang}`) },
    { key: 'order', header: t('fields.order'), sortable: true, className: 'num', cell: (r) => r.order },
    { key: 'enabled', header: t('fields.enabled'), sortable: true, cell: (r) => (r.enabled ? t('list.yes') : t('list.no')) },
    {
      key: 'actions', header: t('list.actions'), cell: (r) => (
        <span className="top-cms-actions">
          <button type="button" className="btn" onClick={() => setEditing(r)} aria-label={t('list.editOf', { title: r.title })} data-testid={`top-cms-edit-${r.id}`}>{t('list.edit')}</button>
          {!readOnly && <button type="button" className="btn btn-danger" aria-disabled={busy || undefined} onClick={() => void remove(r)} aria-label={t('list.deleteOf', { title: r.title })} data-testid={`top-cms-delete-${r.id}`}>{t('list.delete')}</button>}
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="top-cms-title" className="top-cms">
      <h1 id="top-cms-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="top-cms-filters">
        <label className="field">
          <span>{t('fields.market')}</span>
          <select value={market} onChange={(e) => { setMarket(e.target.value as Market); setLang(''); setEditing(null); setRequest((r) => ({ ...r, offset: 0 })); }} data-testid="top-cms-market">
            {managed.map((m) => <option key={m} value={m}>{marketLabel(m, tc, appLanguageOf(i18n))}</option>)}
          </select>
        </label>
        <label className="field">
          <span>{t('fields.lang')}</span>
          <select value={lang} onChange={(e) => { setLang(e.target.value); setRequest((r) => ({ ...r, offset: 0 })); }} data-testid="top-cms-lang-filter">
            <option value="">{t('list.allLanguages')}</option>
            {marketLanguages(market).map((l) => <option key={l} value={l}>{tc(`language.${l}`)}</option>)}
          </select>
        </label>
        {!readOnly && <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="top-cms-new">{t('list.new')}</button>}
      </div>
      {editing !== null && (
        <TopCmsForm
          key={editing === 'new' ? `new-${market}` : editing.id} market={market} banner={editing === 'new' ? null : editing}
          lang={lang || marketLanguages(market)[0]!} readOnly={readOnly}
          onSaved={() => { setEditing(null); page.reload(); }} onCancel={() => setEditing(null)}
        />
      )}
      {page.status === 'failed' ? <p className="form-error">{t('list.failed')}</p> : page.status !== 'ready' ? <p className="muted" aria-busy="true">{t('list.loading')}</p> : (
        <DataTable
          mode="server" rows={page.data.items} total={page.data.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(r) => r.id} rowTestId={(r) => `top-cms-row-${r.id}`} pageSizes={PAGE_SIZES} caption={t('list.caption')} empty={t('list.empty')} testId="top-cms-list"
        />
      )}
    </section>
  );
}
