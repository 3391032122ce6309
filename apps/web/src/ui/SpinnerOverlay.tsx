import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useServices, useStore } from './services-context.js';

/** The page-wide spinner: while a route loads (hidden at its end, cancel or error) and while counted calls run (forced hidden after 60 s). */
export function SpinnerOverlay() {
  const { spinner } = useServices();
  const count = useStore(spinner.count);
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  const { t } = useTranslation();
  if (count === 0 && !navigating) return null;
  return (
    <div className="spinner-overlay" role="status" aria-live="polite" data-testid="spinner">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('spinner.loading')}</span>
    </div>
  );
}
