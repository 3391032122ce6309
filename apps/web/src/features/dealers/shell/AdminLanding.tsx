import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../ui/services-context.js';
import { backOfficeAreas } from './back-office-menu.js';
import { ReadOnlyNote } from './ReadOnlyNote.js';
import './shell.css';

/** `/admin`: the back-office landing, one card per area the user's roles open. */
export function AdminLanding() {
  const { t } = useTranslation('people');
  const profile = useProfile();
  const areas = backOfficeAreas(profile?.roles ?? []);
  return (
    <section aria-labelledby="admin-title" data-testid="admin-landing">
      <div className="page-head"><h1 id="admin-title">{t('landing.title')}</h1></div>
      <p className="muted">{t('landing.intro')}</p>
      <ReadOnlyNote />
      <ul className="bo-cards">
        {areas.map((a) => (
          <li key={a.key} className="card bo-card">
            <h2 id={`bo-card-${a.key}`}>{t(`menu.${a.key}`)}</h2>
            <p>{t(`landing.${a.key}`)}</p>
            <Link to={a.to} className="btn btn-primary" aria-describedby={`bo-card-${a.key}`} data-testid={`card-${a.testId}`}>{t('landing.open')}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
