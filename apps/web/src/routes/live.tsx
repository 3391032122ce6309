import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RunningSearchQuery } from '@auction/contracts';
import { formatDateTime } from '@auction/i18n';
import { requireUser } from '../session/guards.js';
import { Countdown } from '../ui/Countdown.js';

/** Running auctions, with the spec's search (plate, brand, model, auction name). */
export const Route = createFileRoute('/live')({
  validateSearch: RunningSearchQuery,
  beforeLoad: requireUser(['BUYER', 'ADMIN']),
  loaderDeps: ({ search }) => ({ toSearch: search.toSearch }),
  loader: ({ context, deps }) => context.services.api.runningAuctions(deps.toSearch),
  component: RunningAuctions,
});

function RunningAuctions() {
  const { t } = useTranslation('auction');
  const auctions = Route.useLoaderData();
  const { toSearch } = Route.useSearch();
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
                  <td className="num" data-label={t('list.lots')}>{a.lots.length}</td>
                  <td data-label={t('list.ends')}>{formatDateTime(a.endDate)}</td>
                  <td className="num" data-label={t('list.endsIn')}><Countdown end={a.endDate} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
