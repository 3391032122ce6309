import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRecoveryRequestSchema } from '@auction/domain';
import { fieldIssues, typeRecoveryField } from './form-issues.js';

/**
 * The recovery request (spec 01 §2, §4, §5): username (at least 6) or e-mail (valid), one is enough, typing in one
 * clears the other. `onSend` resolves once the server has answered; the page then shows its result dialog.
 */
export function RecoveryRequestForm(props: { readonly onSend: (body: { username?: string; email?: string }) => Promise<void> }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState({ username: '', email: '' });
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const issues = fieldIssues<'username' | 'email'>(passwordRecoveryRequestSchema, values);
  const valid = Object.keys(issues).length === 0;
  const show = (field: 'username' | 'email') => {
    const issue = touched ? issues[field] : undefined;
    return issue ? t(issue.key, issue.values) : null;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid || sending) return;
    setSending(true);
    try {
      await props.onSend(values.username.trim() ? { username: values.username.trim() } : { email: values.email.trim() });
    } finally {
      setSending(false);
    }
  };
  const userError = show('username');
  const mailError = show('email');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="recovery-request-form">
      <p id="recovery-intro">{t('recovery.intro')}</p>
      <div className="field">
        <label htmlFor="recovery-username">{t('recovery.username')}</label>
        <input
          id="recovery-username" type="text" autoComplete="username" maxLength={50} value={values.username}
          aria-invalid={userError ? true : undefined} aria-describedby={userError ? 'recovery-username-error' : 'recovery-intro'}
          onChange={(e) => { setValues(typeRecoveryField('username', e.target.value)); setTouched(true); }} data-testid="recovery-username"
        />
        {userError && <p className="form-error" id="recovery-username-error" data-testid="recovery-username-error">{userError}</p>}
      </div>
      <p className="muted">{t('recovery.or')}</p>
      <div className="field">
        <label htmlFor="recovery-email">{t('recovery.email')}</label>
        <input
          id="recovery-email" type="email" autoComplete="email" maxLength={150} value={values.email}
          aria-invalid={mailError ? true : undefined} aria-describedby={mailError ? 'recovery-email-error' : 'recovery-intro'}
          onChange={(e) => { setValues(typeRecoveryField('email', e.target.value)); setTouched(true); }} data-testid="recovery-email"
        />
        {mailError && <p className="form-error" id="recovery-email-error" data-testid="recovery-email-error">{mailError}</p>}
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={sending || (touched && !valid)} data-testid="recovery-submit">{t('recovery.submit')}</button>
      </div>
    </form>
  );
}
