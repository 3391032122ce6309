// First: on a live auction's address, the session and the auction are asked for before the rest is evaluated.
import './api/early-gets.js';
import './zod-config.js';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18nLoading, initialLanguage, languageAfterLogin, switchLanguage } from './i18n/i18n.js';
import { installNavigation } from './session/navigation.js';
import { ssoLoginUrl } from './session/sso.js';
import { createAppRouter } from './router.js';
import { createServices } from './services.js';
import { ServicesContext } from './ui/services-context.js';
import { installNewBuildCheck } from './ui/new-build.js';
import './styles.css';
import './ui/phone.css';
// In the entry's stylesheet: the server's first screen of the live page (thumbnails) is laid out by it before any script.
import './features/auctions/photos/photos.css';

async function main() {
  installNewBuildCheck();
  // The login is the issuer's page: go there at once, before the texts, the session and the route's code load.
  const here = new URL(window.location.href);
  if (here.pathname === '/login' && !here.searchParams.has('ssoError')) {
    window.location.replace(ssoLoginUrl(here.searchParams.get('redirect') ?? undefined, initialLanguage()));
    return;
  }
  // The texts and the session are fetched at the same time (each a round trip on a slow network).
  const { instance: i18n, ready } = createI18nLoading();
  const services = createServices(i18n);
  const [, profile] = await Promise.all([ready, services.loadSession()]);
  // Back from the single sign-on: the user's preferred language (once per account and preference).
  const language = profile ? languageAfterLogin(profile) : null;
  if (language) await switchLanguage(i18n, language);
  const router = createAppRouter(services);
  services.onSessionLost = () => void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
  installNavigation(services, router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void main();
