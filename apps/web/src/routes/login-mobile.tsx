import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageAfterLogin, switchLanguage } from '../i18n/i18n.js';
import { accountApi } from '../features/identity/access/account-api.js';
import { MobileLoginForm } from '../features/identity/access/MobileLoginForm.js';
import { mobileLogin } from '../features/identity/access/mobile-login.js';
import { publicOnly } from '../session/guards.js';
import { pushNotificationToken } from '../session/session-keys.js';
import { useServices } from '../ui/services-context.js';

/** `/login-mobile`: the mobile variant's own login (guarded: a logged user goes to /private). */
export const Route = createFileRoute('/login-mobile')({
  beforeLoad: publicOnly(),
  component: LoginMobilePage,
});

function LoginMobilePage() {
  const { t } = useTranslation('account');
  const services = useServices();
  const navigate = useNavigate();
  const api = accountApi(services.http);
  const login = async (username: string, password: string) => {
    const outcome = await mobileLogin({
      requestToken: api.mobileToken,
      keepToken: (token) => services.http.setToken(token),
      pushToken: pushNotificationToken,
      sendPushToken: api.pushToken,
      loadProfile: async () => {
        const profile = await services.loadSession();
        const language = profile ? languageAfterLogin(profile) : null;
        if (language) await switchLanguage(services.i18n, language);
        return profile;
      },
      log: (message, cause) => console.warn(message, cause),
    }, username, password);
    if (outcome === 'ok') await navigate({ to: '/private' });
    return outcome;
  };
  return (
    <section className="access-page" aria-labelledby="mobile-title" data-testid="login-mobile-page">
      <div className="card">
        <h1 id="mobile-title">{t('mobile.title')}</h1>
        <MobileLoginForm onLogin={login} />
      </div>
    </section>
  );
}
