import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../ui/services-context.js';
import { mayUpload } from './vehicle-powers.js';
import './vehicles.css';

/**
 * `vehicle-management`: the landing of the vehicle area (spec 02 §2, a lazy feature area): the vehicle list and, for
 * whoever loads vehicles (LOADER, ADMIN: the upload calls' role table), the upload screen.
 */
export function VehicleManagement() {
  const { t } = useTranslation('vehicles');
  const profile = useProfile();
  const upload = mayUpload(profile?.roles ?? []);
  return (
    <section aria-labelledby="vehicle-management-title" data-testid="vehicle-management">
      <h1 id="vehicle-management-title">{t('management.title')}</h1>
      <p className="muted">{t('management.intro')}</p>
      <ul className="bo-cards">
        <li className="card bo-card">
          <h2 id="vm-card-list">{t('management.listTitle')}</h2>
          <p>{t('management.listText')}</p>
          <Link to="/vehicle-list" className="btn btn-primary" aria-describedby="vm-card-list" data-testid="vm-open-list">{t('management.open')}</Link>
        </li>
        {upload && (
          <li className="card bo-card">
            <h2 id="vm-card-upload">{t('management.uploadTitle')}</h2>
            <p>{t('management.uploadText')}</p>
            <Link to="/upload-vehicle" className="btn btn-primary" aria-describedby="vm-card-upload" data-testid="vm-open-upload">{t('management.open')}</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
