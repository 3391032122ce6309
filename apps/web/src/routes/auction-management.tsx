import { Link, createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuctionManagementQuery, type ManagedAuction } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES, AUCTION_STATUSES, type AuctionStatus } from '@auction/domain';
import { requireUser } from '../session/guards.js';
import { listTimes } from '../ui/market-zone.js';
import { useServices } from '../ui/services-context.js';
import { TimeZoneNote } from '../ui/TimeZoneNote.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

/** The auctioneer's auctions (an administrator's: all), filtered by status and text, newest start first. */
export const Route = createFileRoute('/auction-management')({
  validateSearch: AuctionManagementQuery.catch({}),
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loaderDeps: ({ search }) => ({ status: search.status, toSearch: search.toSearch }),
  loader: ({ context, deps }) => context.services.api.auctionManagement(deps),
  component: AuctionManagement,
});

function AuctionManagement() {
  const { t } = useTranslation('auctioneer');
  const search = Route.useSearch();
  const { api } = useServices();
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) => api.auctionManagement(search, { limit, offset }));
  const auctions = pages.page.items;
  const navigate = useNavigate({ from: '/auction-management' });
  const [status, setStatus] = useState<AuctionStatus | ''>(search.status ?? '');
  const [text, setText] = useState(search.toSearch ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { status: status || undefined, toSearch: text.trim() || undefined } });
  };
  const reset = () => {
    setStatus('');
    setText('');
    void navigate({ search: {} });
  };
  return (
    <section aria-labelledby="management-title">
      <div className="page-head">
        <h1 id="management-title">{t('management.title')}</h1>
        <Link to="/create-auction" className="btn btn-primary" data-testid="create-auction">{t('management.create')}</Link>
      </div>
      <form className="toolbar" role="search" onSubmit={apply}>
        <label className="field">
          <span>{t('management.status')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as AuctionStatus | '')} data-testid="management-status">
            <option value="">{t('management.allStatuses')}</option>
            {AUCTION_STATUSES.map((s) => <option key={s} value={s}>{t(`common:status.${s}`)}</option>)}
          </select>
        </label>
        <label className="field">
          <span>{t('management.search')}</span>
          <input type="search" value={text} placeholder={t('management.searchPlaceholder')} onChange={(e) => setText(e.target.value)} data-testid="management-search" />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="management-submit">{t('management.submit')}</button>
        {(search.status || search.toSearch) && <button type="button" className="btn" onClick={reset}>{t('management.reset')}</button>}
      </form>
      {auctions.length === 0 ? <p className="muted" data-testid="no-auctions">{t('management.empty')}</p> : <ManagedTable auctions={auctions} />}
      <ServerPaginator pages={pages} testId="management-pages" />
    </section>
  );
}

function ManagedTable({ auctions }: { auctions: readonly ManagedAuction[] }) {
  const { t } = useTranslation('auctioneer');
  const { api, dialogs } = useServices();
  const router = useRouter();
  const remove = async (a: ManagedAuction) => {
    if (!(await dialogs.confirm('auctioneer:management.confirmDelete', { name: a.auctionName }, 'auctioneer:management.delete'))) return;
    const deleted = await api.deleteAuction(a.idAuction).then(() => true, () => false);
    if (!deleted) return;
    void dialogs.success('auctioneer:outcome.deleted', { name: a.auctionName });
    await router.invalidate();
  };
  // One zone named for the table when every auction shares it; else each time names its own.
  const times = listTimes(auctions.map((a) => a.idMarket));
  return (
    <div className="table-wrap">
      {times.zone && <p><TimeZoneNote zone={times.zone} /></p>}
      <table className="grid responsive" data-testid="management-table">
        <caption className="visually-hidden">{t('management.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('management.name')}</th>
            <th scope="col">{t('management.market')}</th>
            <th scope="col">{t('management.type')}</th>
            <th scope="col">{t('management.status')}</th>
            <th scope="col">{t('management.start')}</th>
            <th scope="col">{t('management.end')}</th>
            <th scope="col" className="num">{t('management.lots')}</th>
            <th scope="col">{t('management.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {auctions.map((a) => (
            <tr key={a.idAuction} data-testid={`auction-${a.idAuction}`} data-status={a.status}>
              <td className="wide" data-label={t('management.name')}>
                <Link to="/auction-details/$idAuction" params={{ idAuction: a.idAuction }} data-testid={`open-${a.idAuction}`}>{a.auctionName}</Link>
              </td>
              <td data-label={t('management.market')}>{a.idMarket}</td>
              <td data-label={t('management.type')}>{t(`types.${a.auctionType}`)}</td>
              <td data-label={t('management.status')}><span className={`badge badge-${a.status}`}>{t(`common:status.${a.status}`)}</span></td>
              <td data-label={t('management.start')}>{times.format(a.startDate, a.idMarket)}</td>
              <td data-label={t('management.end')}>{times.format(a.endDate, a.idMarket)}</td>
              <td className="num" data-label={t('management.lots')}>{a.lotsCount}</td>
              <td data-label={t('management.actions')}>
                {a.status === 'SCH' && (
                  <button
                    type="button" className="btn btn-small btn-danger" onClick={() => void remove(a)}
                    aria-label={t('management.deleteLabel', { name: a.auctionName })} data-testid={`delete-${a.idAuction}`}
                  >
                    {t('management.delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
