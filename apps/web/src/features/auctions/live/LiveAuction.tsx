import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { MarketZoneProvider } from '../../../ui/market-zone.js';
import { PhaseCountdown } from '../../../ui/PhaseCountdown.js';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { LotRow } from './LotRow.js';
import { LotTableHead } from './LotTableHead.js';
import { useAuctionLive } from './use-auction-live.js';
import { useRegulation } from './use-regulation.js';
import { useLastLotEnd } from './use-last-lot-end.js';

/**
 * The dealer's live auction page: the auction's state and end, and every lot with its live offer. Times are on the
 * auction market's clock, named once in the header.
 */
export function LiveAuction({ auction }: { auction: AuctionView }) {
  const { t } = useTranslation('auction');
  const { snapshot, lotActors } = useAuctionLive(auction, 'dealer');
  const ensureRegulation = useRegulation(auction, true);
  const summary = snapshot.context.auction;
  const status = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  // The header counts to the last lot's end (extensions included), never to an end a running lot has passed.
  const endDate = useLastLotEnd(lotActors, summary.endDate);
  const zone = timeZoneOfMarket(auction.idMarket);
  return (
    <MarketZoneProvider value={zone}>
    <section aria-labelledby="auction-title">
      <div className="page-head">
        <h1 id="auction-title" data-testid="auction-name">{summary.auctionName}</h1>
        <span className={`badge badge-${status}`} data-testid="auction-status">{t(`common:status.${status}`)}</span>
        {status === 'SCH' && <span className="muted" data-testid="auction-start">{t('page.starts', { date: formatDateTimeIn(summary.startDate, zone) })}</span>}
        <span className="muted" data-testid="auction-end">{t('page.ends', { date: formatDateTimeIn(endDate, zone) })}</span>
        <TimeZoneNote zone={zone} />
        <PhaseCountdown status={status} start={summary.startDate} end={endDate} testId="auction-countdown" />
        {auction.regulationRequired && <span className="badge badge-SCH">{t('page.regulationRequired')}</span>}
        <Link to="/live">{t('page.back')}</Link>
      </div>
      <div className="table-wrap">
        <table className="grid responsive lots-live" data-testid="lots-table">
          <LotTableHead />
          <tbody>
            {lotActors.map((lotActor) => <LotRow key={lotActor.id} lotActor={lotActor} ensureRegulation={ensureRegulation} startDate={summary.startDate} />)}
          </tbody>
        </table>
      </div>
    </section>
    </MarketZoneProvider>
  );
}
