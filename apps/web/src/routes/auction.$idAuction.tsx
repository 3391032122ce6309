import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Id } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { auctionWithAllLots } from '../features/auctions/auction-api.js';
import { CreateAuctionForm } from '../features/auctions/auctioneer/CreateAuctionForm.js';
import { requireUser } from '../session/guards.js';

/**
 * The spec's `auction` screen: a scheduled auction's definition and lots, edited in the create form and sent back
 * whole (`PUT /auction`). A running or closed auction is not editable: the page says so and links to its details.
 */
export const Route = createFileRoute('/auction/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: ({ context, params }) => auctionWithAllLots(context.services.api.auctionFull, params.idAuction),
  component: EditAuction,
});

function EditAuction() {
  const auction = Route.useLoaderData();
  const { t } = useTranslation('auctioneer');
  return (
    <section aria-labelledby="edit-title">
      <h1 id="edit-title">{t('edit.title')}</h1>
      {auction.status === 'SCH'
        ? <CreateAuctionForm editing={auction} />
        : (
          <p data-testid="edit-not-scheduled">
            {t('edit.notScheduled', { status: t(`common:status.${auction.status}`) })}{' '}
            <Link to="/auction-details/$idAuction" params={{ idAuction: auction.idAuction }}>{auction.auctionName}</Link>
          </p>
        )}
    </section>
  );
}
