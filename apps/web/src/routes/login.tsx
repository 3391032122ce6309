import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../api/http.js';
import { languageAfterLogin, switchLanguage } from '../i18n/i18n.js';
import { homeOf } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';

const LoginSearch = z.object({ redirect: z.string().startsWith('/').optional().catch(undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('login');
  const services = useServices();
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    setBusy(true);
    setError(null);
    try {
      await services.api.login(username.trim(), password);
      const profile = await services.loadSession();
      if (!profile) throw new ApiError(401, 401001, 'no session');
      const language = languageAfterLogin(profile.preferredLanguage);
      if (language) await switchLanguage(services.i18n, language);
      await navigate({ to: redirect ?? homeOf(profile.roles) });
    } catch (err) {
      setError(err instanceof ApiError ? err.errorCode : 0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="login-page" aria-labelledby="login-title">
      <form className="card login-card" onSubmit={(e) => void submit(e)} noValidate>
        <h1 id="login-title">{t('title')}</h1>
        <p className="muted">{t('subtitle')}</p>
        <label className="field">
          <span>{t('username')}</span>
          <input name="username" autoComplete="username" autoFocus required value={username} onChange={(e) => setUsername(e.target.value)} data-testid="login-username" />
        </label>
        <label className="field">
          <span>{t('password')}</span>
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} data-testid="login-password" />
        </label>
        {error !== null && (
          <p className="form-error" role="alert" data-testid="login-error">
            {error === 0 ? t('errors:network') : t(`errors:${error}`, { defaultValue: t('errors:unknown', { code: error }) })}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || !username.trim() || !password} data-testid="login-submit">{t('submit')}</button>
      </form>
    </section>
  );
}
