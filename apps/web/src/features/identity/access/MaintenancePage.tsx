import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { portalPath } from './return-path.js';

/** How often the page asks whether the server answers again. */
export const MAINTENANCE_PROBE_MS = 3_000;

/**
 * The customer centre's address on the maintenance and forbidden pages. Configuration: `VITE_CUSTOMER_CENTRE_EMAIL`
 * at build time; the default is a placeholder of the demo product.
 */
export const CUSTOMER_CENTRE_EMAIL: string =
  (import.meta.env?.VITE_CUSTOMER_CENTRE_EMAIL as string | undefined) || 'customer.centre@dealer-auctions.example';

/** A wrench on a gear: the maintenance picture, drawn inline (no request to a server that may be down). */
function MaintenanceArt() {
  return (
    <svg className="maintenance-art" viewBox="0 0 200 140" role="presentation" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="200" height="140" rx="12" fill="#eef3f8" />
      <circle cx="88" cy="74" r="34" fill="none" stroke="#1f4e79" strokeWidth="10" strokeDasharray="14 8" />
      <circle cx="88" cy="74" r="14" fill="#1f4e79" />
      <path d="M128 36 l22 -14 a16 16 0 0 1 -6 26 l-40 40 -10 -10 40 -40 a16 16 0 0 1 -6 -2z" fill="#c8102e" />
    </svg>
  );
}

/** Any answer of the API itself (JSON), even a degraded health; not a proxy's page for a server that is down. */
function serverAnswers(answer: Response): boolean {
  return answer.status < 500 || (answer.headers.get('content-type') ?? '').includes('json');
}

/**
 * The maintenance page (spec 01 §2): title, text, picture and the customer centre's mail; `from` is where to retry.
 * It asks the server every few seconds and goes back by itself once it answers (a visitor who waits is not left on
 * this page after the server is back).
 */
export function MaintenancePage({ from }: { readonly from: string | undefined }) {
  const { t } = useTranslation('account');
  // A full load of the page the visitor was on: the app starts again once the server answers (with its newest build).
  // Checked again here (not only by the route): `/<TAB>/host` passes a startsWith('/') test and leaves the site.
  const retry = () => window.location.assign(portalPath(from) ?? '/');
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void fetch('/api/health', { cache: 'no-store', credentials: 'omit' }).then((answer) => {
        if (!stopped && serverAnswers(answer)) retry();
      }, () => undefined);
    }, MAINTENANCE_PROBE_MS);
    return () => { stopped = true; clearInterval(timer); };
  }, [from]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="access-page" aria-labelledby="maintenance-title" data-testid="maintenance-page">
      <div className="card">
        <h1 id="maintenance-title">{t('maintenance.title')}</h1>
        <MaintenanceArt />
        <p>{t('maintenance.text')}</p>
        <p>
          {t('maintenance.contact')}{' '}
          <a className="inline-link" href={`mailto:${CUSTOMER_CENTRE_EMAIL}`} data-testid="maintenance-mail">{CUSTOMER_CENTRE_EMAIL}</a>
        </p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={retry} data-testid="maintenance-retry">{t('maintenance.retry')}</button>
        </div>
      </div>
    </section>
  );
}
