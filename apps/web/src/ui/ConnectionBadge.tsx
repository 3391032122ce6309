import { useTranslation } from 'react-i18next';
import { useServices, useStore } from './services-context.js';

/** The live connection's state; a spinner while connecting (spec: "spinner while connecting"). */
export function ConnectionBadge() {
  const { live } = useServices();
  const status = useStore(live.status);
  const { t } = useTranslation();
  if (status === 'stopped') return null;
  const text = status === 'connected' ? t('connection.connected') : status === 'connecting' ? t('connection.connecting')
    : status === 'retrying' ? t('connection.retrying', { seconds: '…' }) : t('connection.disconnected');
  return (
    <span className={`connection connection-${status}`} role="status" aria-live="polite" data-testid="connection" data-status={status}>
      {status === 'connecting' && <span className="spinner spinner-small" aria-hidden="true" />}
      <span className="connection-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
