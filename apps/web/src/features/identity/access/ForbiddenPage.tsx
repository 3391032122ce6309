import { useTranslation } from 'react-i18next';
import { CUSTOMER_CENTRE_EMAIL } from './MaintenancePage.js';

/** Where the access guard sends a user whose account is not enabled (`flgEnabled` false). */
export function ForbiddenPage() {
  const { t } = useTranslation('account');
  return (
    <section className="access-page" aria-labelledby="forbidden-title" data-testid="forbidden-page">
      <div className="card">
        <h1 id="forbidden-title">{t('forbidden.title')}</h1>
        <p>{t('forbidden.text')}</p>
        <p>
          {t('forbidden.contact')}{' '}
          <a className="inline-link" href={`mailto:${CUSTOMER_CENTRE_EMAIL}`}>{CUSTOMER_CENTRE_EMAIL}</a>
        </p>
      </div>
    </section>
  );
}
