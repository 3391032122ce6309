import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useStore } from './services-context.js';

/**
 * The live connection's state; a spinner while connecting (spec: "spinner while connecting"). While it waits to
 * reconnect it counts down the real seconds to the next attempt.
 */
export function ConnectionBadge() {
  const { live } = useServices();
  const status = useStore(live.status);
  const retryAt = useStore(live.retryAt);
  const { t } = useTranslation();
  const [, tick] = useState(0);
  useEffect(() => {
    if (retryAt === null) return;
    const timer = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [retryAt]);
  if (status === 'stopped') return null;
  const seconds = retryAt === null ? 0 : Math.ceil((retryAt - Date.now()) / 1000);
  const text = status === 'connected' ? t('connection.connected') : status === 'connecting' ? t('connection.connecting')
    : status === 'offline' ? t('live.offline')
    : status === 'unreachable' ? t('live.serverLost')
    : status === 'retrying' ? (seconds > 0 ? t('live.retryingIn', { seconds }) : t('live.retryingNow')) : t('connection.disconnected');
  return (
    <span className={`connection connection-${status}`} role="status" aria-live="polite" data-testid="connection" data-status={status}>
      {status === 'connecting' && <span className="spinner spinner-small" aria-hidden="true" />}
      <span className="connection-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
