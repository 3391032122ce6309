import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_SORT_FIELDS, type TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { useSessionSearch } from '../../../ui/session-search.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { marketLabel } from '../../dealers/dealers/market-label.js';
import { useLoaded, useOneAtATime } from '../../dealers/dealers/use-dealers.js';
import { templatePowers } from './template-powers.js';
import { TEMPLATE_SESSION_SEARCH, templateQuery, type TemplateSearch } from './template-search.js';
import { useTemplatesApi } from './templates-api.js';
import './templates.css';

const PAGE_SIZES = [10, 20, 50];

/**
 * `template`: the templates (partners, selling channels) the caller sees, filtered, paged and sorted by the server;
 * edit, enable or disable (ADMIN) and delete after a confirmation (the managers: ADMIN, AUCTIONEER, MULTI_AUCTIONEER).
 */
export function TemplateList() {
  const { t, i18n } = useTranslation('templates');
  const { t: tc } = useTranslation('common');
  const profile = useProfile();
  const { dialogs } = useServices();
  const api = useTemplatesApi();
  const powers = templatePowers(profile);
  // The search (name, market, order) is kept in the session: back from a template, the list is as it was.
  const search = useSessionSearch(TEMPLATE_SESSION_SEARCH);
  const [typed, setTyped] = useState(search.form.templateName);
  const [page0, setPage0] = useState({ limit: 20, offset: 0 });
  const request: PageRequest = { ...page0, sortField: search.form.sortField, sortOrder: search.form.sortOrder };
  const setRequest = (r: PageRequest) => {
    setPage0({ limit: r.limit, offset: r.offset });
    const sortField = TEMPLATE_SORT_FIELDS.find((f) => f === r.sortField) ?? 'templateName';
    if (sortField !== search.form.sortField || r.sortOrder !== search.form.sortOrder) search.change({ ...search.form, sortField, sortOrder: r.sortOrder });
  };
  const filter = (patch: Partial<TemplateSearch>) => { search.change({ ...search.form, ...patch }); setPage0((p) => ({ ...p, offset: 0 })); };
  const { busy, run } = useOneAtATime();
  const query = templateQuery(search.form, page0);
  const page = useLoaded(() => api.page(query), JSON.stringify(query));
  const label = (m: Market) => marketLabel(m, tc, appLanguageOf(i18n));
  const toggle = (r: TemplateView) => run(async () => {
    const saved = await api.setEnabled(r.idTemplate, !r.flgEnabled).catch(() => null);
    if (!saved) return;
    void dialogs.success(saved.flgEnabled ? 'templates:list.enabledDone' : 'templates:list.disabledDone', { name: r.templateName });
    page.reload();
  });
  const remove = (r: TemplateView) => run(async () => {
    if (!(await dialogs.confirm('templates:list.confirmDelete', { name: r.templateName }, 'templates:list.delete'))) return;
    await api.remove(r.idTemplate).then(() => { void dialogs.success('templates:list.deleted', { name: r.templateName }); page.reload(); }, () => undefined);
  });
  const columns: TableColumn<TemplateView>[] = [
    { key: 'templateName', header: t('fields.templateName'), sortable: true, className: 'wide', cell: (r) => r.templateName },
    { key: 'idMarket', header: t('fields.idMarket'), sortable: true, cell: (r) => label(r.idMarket) },
    { key: 'provenance', header: t('fields.provenance'), sortable: true, cell: (r) => r.provenance ?? '—' },
    { key: 'vatCode', header: t('fields.vatCode'), cell: (r) => r.vatCode ?? '—' },
    { key: 'idDealer', header: t('fields.idDealer'), cell: (r) => r.idDealer },
    { key: 'status', header: t('fields.status'), sortable: true, cell: (r) => <span data-testid={`template-status-${r.idTemplate}`}>{t(`status.${r.status}`)}</span> },
    {
      key: 'actions', header: t('list.actions'), cell: (r) => (
        <span className="template-actions">
          <Link to="/create-template" search={{ idTemplate: r.idTemplate }} className="btn" aria-label={t(powers.manage ? 'list.editOf' : 'list.openOf', { name: r.templateName })} data-testid={`template-edit-${r.idTemplate}`}>
            {powers.manage ? t('list.edit') : t('list.open')}
          </Link>
          {powers.enable && (
            <button type="button" className="btn" aria-pressed={r.flgEnabled} aria-disabled={busy || undefined} onClick={() => void toggle(r)} data-testid={`template-toggle-${r.idTemplate}`}
              aria-label={t(r.flgEnabled ? 'list.disableOf' : 'list.enableOf', { name: r.templateName })}>
              {t(r.flgEnabled ? 'list.disable' : 'list.enable')}
            </button>
          )}
          {powers.manage && (
            <button type="button" className="btn btn-danger" aria-disabled={busy || undefined} onClick={() => void remove(r)} aria-label={t('list.deleteOf', { name: r.templateName })} data-testid={`template-delete-${r.idTemplate}`}>
              {t('list.delete')}
            </button>
          )}
        </span>
      ),
    },
  ];
  const markets = profile?.adminEnabledMarket?.length ? profile.adminEnabledMarket : powers.markets;
  return (
    <section aria-labelledby="template-title" className="templates">
      <div className="page-head">
        <h1 id="template-title">{t('list.title')}</h1>
        {powers.manage && <Link to="/create-template" className="btn btn-primary" data-testid="template-new">{t('list.new')}</Link>}
      </div>
      <p className="muted">{t('list.intro')}</p>
      <form className="template-filters" role="search" aria-label={t('list.search')} onSubmit={(e) => { e.preventDefault(); filter({ templateName: typed.trim() }); }}>
        <label className="field">
          <span>{t('fields.templateName')}</span>
          <input value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} data-testid="template-filter-name" />
        </label>
        <label className="field">
          <span>{t('fields.idMarket')}</span>
          <select value={search.form.idMarket} onChange={(e) => filter({ idMarket: e.target.value as Market | '' })} data-testid="template-filter-market">
            <option value="">{t('list.allMarkets')}</option>
            {markets.map((m) => <option key={m} value={m}>{label(m)}</option>)}
          </select>
        </label>
        <button type="submit" className="btn" data-testid="template-search">{t('list.search')}</button>
      </form>
      {page.status === 'failed' ? <p className="form-error">{t('list.failed')}</p> : page.status !== 'ready' ? <p className="muted" aria-busy="true">{t('list.loading')}</p> : (
        <DataTable
          mode="server" rows={page.data.items} total={page.data.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(r) => r.idTemplate} rowTestId={(r) => `template-row-${r.idTemplate}`} pageSizes={PAGE_SIZES} caption={t('list.caption')} empty={t('list.empty')} testId="template-list"
        />
      )}
    </section>
  );
}
