import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DealerSearchPanel } from '../features/dealers/dealers/DealerSearchPanel.js';
import '../features/dealers/dealers/dealers.css';
import { requireUser } from '../session/guards.js';

/** The dealer-search panel, open; a search shows its results on `dealer-list`. */
export const Route = createFileRoute('/dealer-search')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: DealerSearch,
});

function DealerSearch() {
  const { t } = useTranslation('dealers');
  const navigate = useNavigate();
  return (
    <section aria-labelledby="dealer-search-title">
      <h1 id="dealer-search-title">{t('management.title')}</h1>
      <DealerSearchPanel initiallyOpen onSearch={(filters) => void navigate({ to: '/dealer-list', search: filters })} />
    </section>
  );
}
