import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { CreateAuctionForm } from '../features/auctions/auctioneer/CreateAuctionForm.js';
import { requireUser } from '../session/guards.js';

/** A new auction, for auctioneers and administrators. */
export const Route = createFileRoute('/create-auction')({
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  component: CreateAuction,
});

function CreateAuction() {
  const { t } = useTranslation('auctioneer');
  return (
    <section aria-labelledby="create-title">
      <h1 id="create-title">{t('create.title')}</h1>
      <CreateAuctionForm />
    </section>
  );
}
