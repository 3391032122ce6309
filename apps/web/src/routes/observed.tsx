import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { LotRow } from '../features/auctions/live/LotRow.js';
import { LotTableHead } from '../features/auctions/live/LotTableHead.js';
import { useAuctionLive } from '../features/auctions/live/use-auction-live.js';
import { useRegulation } from '../features/auctions/live/use-regulation.js';
import { requireUser } from '../session/guards.js';

/**
 * The lots the dealer observes, live: each observed lot's auction is followed on the live channel like the auction
 * page (state, my state, best offer, countdown, the offer form and its alerts), showing only the observed lots.
 */
export const Route = createFileRoute('/observed')({
  beforeLoad: requireUser(['BUYER']),
  loader: async ({ context }) => {
    const { api } = context.services;
    const lots = await api.observed();
    const ids = [...new Set(lots.map((l) => l.idAuction))];
    const auctions = await Promise.all(ids.map((id) => api.auctionFull(id)));
    return auctions.map((auction) => ({ auction, idLots: lots.filter((l) => l.idAuction === auction.idAuction).map((l) => l.idLot) }));
  },
  component: ObservedLots,
});

function ObservedLots() {
  const { t } = useTranslation('auction');
  const groups = Route.useLoaderData();
  return (
    <section aria-labelledby="observed-title">
      <h1 id="observed-title">{t('observedPage.title')}</h1>
      {groups.length === 0 ? <p className="muted">{t('observedPage.empty')}</p> : (
        <div className="table-wrap">
          <table className="grid responsive lots-live" data-testid="observed-table">
            <LotTableHead />
            {groups.map(({ auction, idLots }) => <ObservedAuction key={auction.idAuction} auction={auction} idLots={idLots} />)}
          </table>
        </div>
      )}
    </section>
  );
}

/** The observed lots of one auction, live. */
function ObservedAuction({ auction, idLots }: { auction: AuctionView; idLots: readonly string[] }) {
  const { t } = useTranslation('auction');
  const { lotActors } = useAuctionLive(auction, 'dealer');
  const ensureRegulation = useRegulation(auction, true);
  const shown = lotActors.filter((a) => idLots.includes(a.getSnapshot().context.lot.idLot));
  return (
    <tbody data-testid={`observed-auction-${auction.idAuction}`}>
      <tr className="group-row"><th scope="rowgroup" colSpan={12}>{t('observedPage.auction')}: {auction.auctionName}</th></tr>
      {shown.map((lotActor) => <LotRow key={lotActor.id} lotActor={lotActor} ensureRegulation={ensureRegulation} startDate={auction.startDate} />)}
    </tbody>
  );
}
