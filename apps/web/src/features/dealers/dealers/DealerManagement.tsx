import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDealersApi, useLoaded } from './use-dealers.js';
import './dealers.css';

/**
 * The dealers back-office landing (`dealer-management`): search, the registrations to configure with their count,
 * its CSV export, the auctioneers and the exhibitors.
 */
export function DealerManagement() {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const count = useLoaded(() => api.toConfigureCount(), 'count');
  const pending = count.status === 'ready' ? count.data.count : null;
  return (
    <section aria-labelledby="dealer-management-title">
      <h1 id="dealer-management-title">{t('management.title')}</h1>
      <nav aria-label={t('management.title')}>
        <ul className="dealer-tabs">
          <li><Link to="/dealer-search" data-testid="tab-search">{t('management.search')}</Link></li>
          <li><Link to="/dealer-list" data-testid="tab-list">{t('management.list')}</Link></li>
          <li>
            <Link to="/dealer-configure" data-testid="tab-configure">
              {t('management.configure')}
              {pending !== null && (
                <span className="count-badge" data-testid="configure-count" aria-label={t('management.pendingCount', { count: pending })}>{pending}</span>
              )}
            </Link>
          </li>
          <li><Link to="/auctioneer-management" data-testid="tab-auctioneers">{t('management.auctioneers')}</Link></li>
          <li><Link to="/exhibitors" data-testid="tab-exhibitors">{t('management.exhibitors')}</Link></li>
        </ul>
      </nav>
      <p className="muted">{t('management.intro')}</p>
      <a className="btn" href={api.toConfigureExportUrl()} download data-testid="management-export">{t('configure.export')}</a>
    </section>
  );
}
