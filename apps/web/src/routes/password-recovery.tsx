import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRecoverySchema } from '@auction/domain';
import { ApiError } from '../api/http.js';
import { accountApi } from '../features/identity/access/account-api.js';
import { RecoverySearch } from '../features/identity/access/link-params.js';
import { NewPasswordForm } from '../features/identity/access/NewPasswordForm.js';
import { RecoveryRequestForm } from '../features/identity/access/RecoveryRequestForm.js';
import { useServices } from '../ui/services-context.js';


/**
 * `/password-recovery` (spec 01 §2, §4): without parameters the request form; with the e-mail link's `tag` and
 * `username` the new-password form. A link missing either goes home.
 */
export const Route = createFileRoute('/password-recovery')({
  validateSearch: RecoverySearch,
  beforeLoad: ({ search }) => {
    const linked = search.tag !== undefined || search.username !== undefined || search.email !== undefined;
    if (linked && (!search.tag || !search.username)) throw redirect({ to: '/' });
  },
  component: PasswordRecoveryPage,
});

function PasswordRecoveryPage() {
  const { tag, username } = Route.useSearch();
  return tag && username ? <RecoveryLink tag={tag} username={username} /> : <RecoveryRequest />;
}

/** The request: the same result dialog whatever the account, then back. */
function RecoveryRequest() {
  const { t } = useTranslation('account');
  const services = useServices();
  const navigate = useNavigate();
  const send = async (body: { username?: string; email?: string }) => {
    const sent = await accountApi(services.http).requestRecovery(body).then(() => true, () => false);
    if (!sent) return;
    await services.dialogs.success('account:recovery.sent');
    if (window.history.length > 1) window.history.back();
    else void navigate({ to: '/' });
  };
  return (
    <section className="access-page" aria-labelledby="recovery-title" data-testid="recovery-page">
      <div className="card">
        <h1 id="recovery-title">{t('recovery.title')}</h1>
        <RecoveryRequestForm onSend={send} />
      </div>
    </section>
  );
}

/** The e-mail link: a new password; 422104 and 410010 are said on the form; success: a dialog, then home. */
function RecoveryLink({ tag, username }: { readonly tag: string; readonly username: string }) {
  const { t } = useTranslation('account');
  const services = useServices();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [linkGone, setLinkGone] = useState(false);
  const submit = async (body: { password: string; confPassword: string }) => {
    setServerError(null);
    try {
      await accountApi(services.http).verifyRecovery({ ...body, hash: tag, username });
    } catch (error) {
      const code = error instanceof ApiError ? error.errorCode : 0;
      if (code === 410010) setLinkGone(true);
      else if (code === 422104) setServerError(t('passwordForm.error.weak', { minClasses: 3 }));
      else void services.dialogs.error(code);
      return;
    }
    // The dialog first: home is the sign-in for a visitor, a page of its own the dialog would not survive.
    await services.dialogs.success('account:recovery.done');
    // Replacing the link's history entry: Back must not bring the (spent) tag and the form back.
    await navigate({ to: '/', replace: true });
  };
  return (
    <section className="access-page" aria-labelledby="recovery-link-title" data-testid="recovery-link-page">
      <div className="card">
        <h1 id="recovery-link-title">{t('recovery.linkTitle')}</h1>
        {linkGone ? (
          <div role="alert" data-testid="recovery-link-gone">
            <p>{t('recovery.linkInvalid')}</p>
            <p><a className="inline-link" href="/password-recovery">{t('recovery.askAgain')}</a></p>
          </div>
        ) : (
          <>
            <p>{t('recovery.linkIntro', { username })}</p>
            <NewPasswordForm
              idPrefix="recovery" schema={passwordRecoverySchema} extra={{ hash: tag, username }}
              labels={{ password: t('recovery.password'), confPassword: t('recovery.confPassword'), submit: t('recovery.save') }}
              serverError={serverError} onSubmit={submit}
            />
          </>
        )}
      </div>
    </section>
  );
}
