import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_DEFAULT, RunningSearchQuery, type ManagedAuction } from '@auction/contracts';
import { requireUser } from '../session/guards.js';
import { Countdown } from '../ui/Countdown.js';
import { listTimes } from '../ui/market-zone.js';
import { TimeZoneNote } from '../ui/TimeZoneNote.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

/** Running auctions, with the spec's search (plate, brand, model, auction name). */
export const Route = createFileRoute('/live')({
  validateSearch: RunningSearchQuery,
  beforeLoad: requireUser(['BUYER', 'ADMIN']),
  loaderDeps: ({ search }) => ({ toSearch: search.toSearch }),
  loader: async ({ context, deps }) => {
    const { api } = context.services;
    const none = { items: [], total: 0, limit: PAGE_DEFAULT, offset: 0 };
    const [running, scheduled] = await Promise.all([api.runningAuctions(deps.toSearch), deps.toSearch ? Promise.resolve(none) : api.scheduledAuctions()]);
    return { running, scheduled };
  },
  component: RunningAuctions,
});

function RunningAuctions() {
  const { t } = useTranslation('auction');
  const loaded = Route.useLoaderData();
  const { toSearch } = Route.useSearch();
  const { api } = useServices();
  const running = useServerPages(loaded.running, (limit, offset) => api.runningAuctions(toSearch, { limit, offset }));
  const scheduled = useServerPages(loaded.scheduled, (limit, offset) => api.scheduledAuctions({ limit, offset }));
  const auctions = running.page.items;
  // One zone named for the screen when every auction listed shares it; else each time names its own.
  const times = listTimes([...auctions, ...scheduled.page.items].map((a) => a.idMarket));
  const navigate = useNavigate({ from: '/live' });
  const [text, setText] = useState(toSearch ?? '');
  const search = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { toSearch: text.trim() || undefined } });
  };
  return (
    <section aria-labelledby="running-title">
      <h1 id="running-title">{t('title')}</h1>
      <form className="toolbar" role="search" onSubmit={search}>
        <label className="field">
          <span>{t('search.label')}</span>
          <input type="search" value={text} placeholder={t('search.placeholder')} onChange={(e) => setText(e.target.value)} data-testid="auction-search" />
        </label>
        <button type="submit" className="btn btn-primary">{t('search.submit')}</button>
        {toSearch && <button type="button" className="btn" onClick={() => { setText(''); void navigate({ search: {} }); }}>{t('search.clear')}</button>}
      </form>
      {times.zone && <p><TimeZoneNote zone={times.zone} /></p>}
      {auctions.length === 0 ? <p className="muted" data-testid="no-auctions">{t('list.empty')}</p> : (
        <div className="table-wrap">
          <table className="grid responsive" data-testid="auctions-table">
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.market')}</th>
                <th scope="col" className="num">{t('list.lots')}</th>
                <th scope="col">{t('list.ends')}</th>
                <th scope="col" className="num">{t('list.endsIn')}</th>
              </tr>
            </thead>
            <tbody>
              {auctions.map((a) => (
                <tr key={a.idAuction} data-testid={`auction-${a.idAuction}`}>
                  <td className="wide" data-label={t('list.name')}>
                    <Link to="/live-auction/$idAuction" params={{ idAuction: a.idAuction }}>{a.auctionName}</Link>
                  </td>
                  <td data-label={t('list.market')}>{a.idMarket}</td>
                  <td className="num" data-label={t('list.lots')}>{a.lotsCount}</td>
                  <td data-label={t('list.ends')}>{times.format(a.endDate, a.idMarket)}</td>
                  <td className="num" data-label={t('list.endsIn')}><Countdown end={a.endDate} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ServerPaginator pages={running} testId="running-pages" />
      {scheduled.page.total > 0 && <ScheduledAuctions pages={scheduled} times={times} />}
    </section>
  );
}

/** Auctions not started yet, soonest first, with their start and the time until it. */
function ScheduledAuctions({ pages, times }: { pages: ReturnType<typeof useServerPages<ManagedAuction>>; times: ReturnType<typeof listTimes> }) {
  const { t } = useTranslation('auction');
  const auctions = pages.page.items;
  return (
    <section aria-labelledby="scheduled-title">
      <h2 id="scheduled-title">{t('dealer.scheduledTitle')}</h2>
      <div className="table-wrap">
        <table className="grid responsive" data-testid="scheduled-table">
          <thead>
            <tr>
              <th scope="col">{t('list.name')}</th>
              <th scope="col">{t('list.market')}</th>
              <th scope="col" className="num">{t('list.lots')}</th>
              <th scope="col">{t('dealer.starts')}</th>
              <th scope="col" className="num">{t('dealer.startsIn')}</th>
            </tr>
          </thead>
          <tbody>
            {auctions.map((a) => (
              <tr key={a.idAuction} data-testid={`scheduled-${a.idAuction}`}>
                <td className="wide" data-label={t('list.name')}>
                  <Link to="/live-auction/$idAuction" params={{ idAuction: a.idAuction }}>{a.auctionName}</Link>
                </td>
                <td data-label={t('list.market')}>{a.idMarket}</td>
                <td className="num" data-label={t('list.lots')}>{a.lotsCount}</td>
                <td data-label={t('dealer.starts')} data-testid={`scheduled-start-${a.idAuction}`}>{times.format(a.startDate, a.idMarket)}</td>
                <td className="num" data-label={t('dealer.startsIn')}><Countdown end={a.startDate} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ServerPaginator pages={pages} testId="scheduled-pages" />
    </section>
  );
}
