import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SsoLoginQuery } from '@auction/contracts';
import { accountApi } from '../features/identity/access/account-api.js';
import { PrivacyConsents } from '../features/identity/access/PrivacyConsents.js';
import { useProfile, useServices } from '../ui/services-context.js';

/** `redirect`: the private page the guard stopped, to continue to once the consents are given. */
const PrivacySearch = z.object({ redirect: SsoLoginQuery.shape.redirect.catch(undefined) });

/** `/private/privacy`: always allowed to a logged user (spec 01 §4); the three consents are given here. */
export const Route = createFileRoute('/private/privacy')({
  validateSearch: PrivacySearch,
  beforeLoad: ({ context, location }) => {
    if (!context.services.session.get()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: PrivacyPage,
});

function PrivacyPage() {
  const { t } = useTranslation('account');
  const services = useServices();
  const profile = useProfile();
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  const save = async (answers: { consent1: boolean; consent2: boolean; consent3: boolean }) => {
    const saved = await accountApi(services.http).saveConsents(answers);
    // The answer is the user's details: the session keeps its profile with the consents the server now holds.
    const current = services.session.get();
    const next = current ? {
      ...current,
      consent1: saved?.consent1 ?? answers.consent1, consent2: saved?.consent2 ?? answers.consent2, consent3: saved?.consent3 ?? answers.consent3,
    } : null;
    services.session.set(next);
    return next;
  };
  const proceed = () => {
    if (target && target !== '/private/privacy' && !target.startsWith('/private/privacy?')) void navigate({ href: target });
    else void navigate({ to: '/private' });
  };
  return (
    <section className="access-page" aria-labelledby="privacy-title" data-testid="privacy-page">
      <div className="card">
        <h1 id="privacy-title">{t('privacy.title')}</h1>
        <PrivacyConsents profile={profile} onSave={save} onContinue={proceed} />
      </div>
    </section>
  );
}
