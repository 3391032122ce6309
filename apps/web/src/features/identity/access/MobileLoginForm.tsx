import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canSendMobileLogin, type MobileLoginOutcome } from './mobile-login.js';

/**
 * The mobile login (spec 01 §2, §4): user and password, both required; the button is disabled while either is
 * empty; an error line after a refused login, cleared on input; a sign-up link to /registration.
 */
export function MobileLoginForm(props: { readonly onLogin: (username: string, password: string) => Promise<MobileLoginOutcome> }) {
  const { t } = useTranslation('account');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const valid = canSendMobileLogin(username, password);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    try {
      const outcome = await props.onLogin(username, password);
      setFailed(outcome === 'refused');
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="mobile-login-form" aria-describedby="mobile-intro">
      <p id="mobile-intro">{t('mobile.intro')}</p>
      <div className="field">
        <label htmlFor="mobile-username">{t('mobile.username')}</label>
        <input
          id="mobile-username" type="text" autoComplete="username" required maxLength={50} value={username}
          aria-invalid={failed ? true : undefined} aria-describedby={failed ? 'mobile-error' : undefined}
          onChange={(e) => { setUsername(e.target.value); setFailed(false); }} data-testid="mobile-username"
        />
      </div>
      <div className="field">
        <label htmlFor="mobile-password">{t('mobile.password')}</label>
        <input
          id="mobile-password" type="password" autoComplete="current-password" required maxLength={128} value={password}
          aria-invalid={failed ? true : undefined} aria-describedby={failed ? 'mobile-error' : undefined}
          onChange={(e) => { setPassword(e.target.value); setFailed(false); }} data-testid="mobile-password"
        />
      </div>
      {failed && <p className="form-error" id="mobile-error" role="alert" data-testid="mobile-error">{t('mobile.failed')}</p>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!valid || sending} data-testid="mobile-submit">{t('mobile.submit')}</button>
      </div>
      <p><a href="/registration" className="inline-link" data-testid="mobile-sign-up">{t('mobile.signUp')}</a></p>
      <p><Link to="/password-recovery" className="inline-link">{t('mobile.forgotPassword')}</Link></p>
    </form>
  );
}
