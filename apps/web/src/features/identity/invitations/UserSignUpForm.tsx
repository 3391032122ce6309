import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_ERROR_CODES } from '@auction/domain';
import { ApiError } from '../../../api/http.js';
import { useServices } from '../../../ui/services-context.js';
import { FormField, YesNo } from '../registration/FormField.js';
import type { FieldIssue } from '../registration/registration-form.js';
import { showApiError } from '../registration/show-api-error.js';
import { invitationsApi } from './invitations-api.js';
import { EMPTY_SIGN_UP, signUpDisplay, signUpIssues, signUpLink, toSignUpPayload, type Invitation, type SignUpValues, type UserSignUpSearch } from './user-signup-form.js';
import '../registration/registration.css';

type TextKey = 'surname' | 'name' | 'fiscalCode' | 'birthDate';

/**
 * The invitee's sign-up (spec 01 §2, §4, §5): the link's guard (email, tag and dealerId, else home with a message),
 * the invitation verified, e-mail and dealer read-only, the per-market fields, the button disabled while invalid;
 * an Italian fiscal code refused by the server shows an error and scrolls to the form's top; success goes home.
 */
export function UserSignUpForm({ search }: { search: UserSignUpSearch }) {
  const { t, i18n } = useTranslation('registration');
  const services = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => invitationsApi(services.http), [services]);
  const link = signUpLink(search);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<Record<string, FieldIssue>>({});
  const [fiscalError, setFiscalError] = useState(false);
  const [busy, setBusy] = useState(false);
  const top = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    // Home once the dialog is closed: also when this effect's page was re-mounted meanwhile (a guard re-running on a
    // busy machine), as long as the browser is still on the sign-up page; else the closed dialog left it stranded.
    const leave = async (shown: Promise<boolean>) => {
      await shown;
      if (live || window.location.pathname.replace(/\/+$/, '').endsWith('/user-signup')) await navigate({ to: '/' });
    };
    if (!link) { void leave(services.dialogs.warning('registration:signUp.denied')); return () => { live = false; }; }
    api.verifyTag(link.email, link.tag).then(
      (found) => { if (live) setInvitation({ ...found, idDealer: String(found.idDealer) }); },
      (error: unknown) => { if (live) void leave(showApiError(services.dialogs, i18n, error instanceof ApiError ? error.errorCode : 410010)); },
    );
    return () => { live = false; };
    // The link is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!link || !invitation) return <p className="muted" role="status" data-testid="signup-checking">{link ? t('signUp.checking') : t('signUp.denied')}</p>;
  const display = signUpDisplay(invitation.idMarket);
  const issues = signUpIssues(values, invitation, link.tag);
  const valid = Object.keys(issues).length === 0;
  const issue = (field: string) => refused[field] ?? (touched.has(field) ? issues[field] : undefined);
  const set = <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setRefused(({ [field]: _, ...rest }) => rest);
    setFiscalError(false);
  };
  const touch = (field: string) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await api.userSignUp(toSignUpPayload(values, invitation, link.tag));
      await services.dialogs.success('registration:signUp.success');
      // Replacing the link's history entry: Back must not reopen the spent invitation (its tag in the URL).
      await navigate({ to: '/', replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefused(Object.fromEntries(error.details.map((d) => [d.field, { message: d.rule }])));
      if (error.errorCode === REGISTRATION_ERROR_CODES.FISCAL_CODE_INVALID || error.details.some((d) => d.field === 'fiscalCode')) {
        setFiscalError(true);
        requestAnimationFrame(() => { top.current?.scrollIntoView({ block: 'start' }); top.current?.focus(); });
      }
      if (error.status !== 0) void showApiError(services.dialogs, i18n, error.errorCode);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: TextKey, starred: boolean, autoComplete: string) => (
    <FormField id={`signup-${field}`} label={t(`signUp.${field}`)} starred={starred} issue={issue(field)}>
      {(aria) => (
        <input {...aria} value={values[field]} maxLength={field === 'birthDate' ? 10 : field === 'fiscalCode' ? 50 : 80} autoComplete={autoComplete}
          aria-required={starred || undefined} data-testid={`signup-${field}`} onChange={(e) => set(field, e.target.value)} onBlur={() => touch(field)} />
      )}
    </FormField>
  );
  const readOnly = (field: 'email' | 'idDealer' | 'dealerName', value: string) => (
    <FormField id={`signup-${field}`} label={t(`signUp.${field}`)}>
      {(aria) => <input {...aria} value={value} readOnly className="readonly-value" data-testid={`signup-${field}`} />}
    </FormField>
  );
  return (
    <section className="user-signup" aria-labelledby="signup-title">
      <h1 id="signup-title" ref={top} tabIndex={-1}>{t('signUp.title')}</h1>
      <p className="muted">{t('signUp.intro')}</p>
      {fiscalError && <p className="form-error" role="alert" data-testid="signup-fiscal-error">{t('signUp.fiscalCodeRefused')}</p>}
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="signup-form" className="card">
        <div className="form-grid">
          {readOnly('email', invitation.email)}
          {readOnly('idDealer', invitation.idDealer)}
          {readOnly('dealerName', invitation.dealerName)}
          {text('surname', true, 'family-name')}
          {text('name', true, 'given-name')}
          {display.fiscalCode.shown && text('fiscalCode', display.fiscalCode.starred, 'off')}
          {text('birthDate', display.birthDateStarred, 'bday')}
        </div>
        {(['consent1', 'consent2', 'consent3'] as const).map((c) => (
          <YesNo key={c} id={`signup-${c}`} legend={t(`signUp.${c}`)} value={values[c]} issue={issue(c)}
            yes={t('consent.agree')} no={t('consent.disagree')} onChange={(v) => { set(c, v); touch(c); }} />
        ))}
        <div className="toolbar form-actions">
          <button type="submit" className="btn btn-primary" disabled={!valid || busy} data-testid="signup-submit">{t('signUp.submit')}</button>
        </div>
      </form>
    </section>
  );
}
