import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { formatDateTime } from '@auction/i18n';
import { Countdown } from '../../ui/Countdown.js';
import { LotRow } from './LotRow.js';
import { useAuctionLive } from './use-auction-live.js';
import { useRegulation } from './use-regulation.js';

/** The dealer's live auction page: the auction's state and end, and every lot with its live offer. */
export function LiveAuction({ auction }: { auction: AuctionView }) {
  const { t } = useTranslation('auction');
  const { snapshot, lotActors } = useAuctionLive(auction, 'dealer');
  const ensureRegulation = useRegulation(auction, true);
  const summary = snapshot.context.auction;
  const status = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  return (
    <section aria-labelledby="auction-title">
      <div className="page-head">
        <h1 id="auction-title" data-testid="auction-name">{summary.auctionName}</h1>
        <span className={`badge badge-${status}`} data-testid="auction-status">{t(`common:status.${status}`)}</span>
        <span className="muted">{t('page.ends', { date: formatDateTime(summary.endDate) })}</span>
        {status === 'RUN' && <Countdown end={summary.endDate} testId="auction-countdown" />}
        {auction.regulationRequired && <span className="badge badge-SCH">{t('page.regulationRequired')}</span>}
        <Link to="/live">{t('page.back')}</Link>
      </div>
      <div className="table-wrap">
        <table className="grid responsive" data-testid="lots-table">
          <thead>
            <tr>
              <th scope="col">{t('lot.number')}</th>
              <th scope="col">{t('lot.plate')}</th>
              <th scope="col">{t('lot.vehicle')}</th>
              <th scope="col" className="num">{t('lot.base')}</th>
              <th scope="col" className="num">{t('lot.best')}</th>
              <th scope="col" className="num">{t('lot.offers')}</th>
              <th scope="col" className="num">{t('lot.mine')}</th>
              <th scope="col">{t('lot.state')}</th>
              <th scope="col">{t('lot.status')}</th>
              <th scope="col" className="num">{t('lot.endsIn')}</th>
              <th scope="col">{t('lot.actions')}</th>
              <th scope="col"><span className="visually-hidden">{t('lot.observe')}</span></th>
            </tr>
          </thead>
          <tbody>
            {lotActors.map((lotActor) => <LotRow key={lotActor.id} lotActor={lotActor} ensureRegulation={ensureRegulation} />)}
          </tbody>
        </table>
      </div>
    </section>
  );
}
