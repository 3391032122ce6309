import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { appLanguageOf } from '../i18n/i18n.js';
import { ssoLoginUrl } from '../session/sso.js';

const LoginSearch = z.object({
  redirect: z.string().startsWith('/').optional().catch(undefined),
  ssoError: z.coerce.number().int().optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  component: LoginPage,
});

/**
 * The login: the spec's external single sign-on page, reached through the API's SSO call (a full navigation, never a
 * script's request). After a failed sign-in (`?ssoError=`, set by the API's callback) it stays, says why and offers
 * to try again.
 */
function LoginPage() {
  const { t, i18n } = useTranslation('login');
  const { redirect, ssoError } = Route.useSearch();
  const target = ssoLoginUrl(redirect, appLanguageOf(i18n));
  useEffect(() => {
    if (ssoError === undefined) window.location.replace(target);
  }, [ssoError, target]);
  return (
    <section className="login-page" aria-labelledby="login-title">
      <div className="card login-card">
        <h1 id="login-title">{t('title')}</h1>
        <p className="muted">{t('subtitle')}</p>
        {ssoError !== undefined && (
          <p className="form-error" role="alert" data-testid="login-error">
            {t(`errors:${ssoError}`, { defaultValue: t('errors:unknown', { code: ssoError }) })}
          </p>
        )}
        <a className="btn btn-primary" href={target} data-testid="login-sso">{t('submit')}</a>
      </div>
    </section>
  );
}
