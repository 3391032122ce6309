import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHANGE_PASSWORD_MAX_LENGTH, changePasswordSchema } from '@auction/domain';
import { accountApi } from '../features/identity/access/account-api.js';
import { NewPasswordForm } from '../features/identity/access/NewPasswordForm.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';

/**
 * `/change-password` for the logged user (spec 01 §2): the current password (issue 21 item 8), then the new one (max 30,
 * a format hint), submit disabled while invalid.
 */
export const Route = createFileRoute('/change-password')({
  beforeLoad: requireUser(),
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const services = useServices();
  const submit = async (body: { currentPassword?: string; password: string; confPassword: string }) => {
    const changed = await accountApi(services.http).changePassword(body).then(() => true, () => false);
    if (!changed) return;
    await services.dialogs.success('account:change.done');
    window.history.back();
  };
  return (
    <section className="access-page" aria-labelledby="change-title" data-testid="change-password-page">
      <div className="card">
        <h1 id="change-title">{t('change.title')}</h1>
        <NewPasswordForm
          idPrefix="change" schema={changePasswordSchema} inputMaxLength={CHANGE_PASSWORD_MAX_LENGTH}
          labels={{ currentPassword: t('change.currentPassword'), password: t('change.password'), confPassword: t('change.confPassword'), submit: t('change.submit') }}
          serverError={null} onSubmit={submit}
        />
      </div>
    </section>
  );
}
