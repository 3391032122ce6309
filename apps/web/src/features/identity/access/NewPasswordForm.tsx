import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@auction/domain';
import { fieldIssues } from './form-issues.js';
import { PasswordField } from './PasswordField.js';

type Field = 'currentPassword' | 'password' | 'confPassword';

/**
 * A new password and its confirmation, checked with the domain's schema (the API's): the recovery link form and
 * the logged-in change form, which also asks for the current password (`labels.currentPassword`: issue 21 item 8).
 * Submit stays disabled while the form is invalid (spec 01 §2); messages show once a field was typed in.
 * `serverError` is a message of the server's answer, shown above the button.
 */
export function NewPasswordForm(props: {
  readonly idPrefix: string;
  readonly schema: z.ZodType;
  /** Extra values the schema needs (the recovery's hash and username). */
  readonly extra?: Record<string, string>;
  /** Shown as the input's limit (the logged-in form: 30); the recovery form has only the schema's bound. */
  readonly inputMaxLength?: number;
  /** `currentPassword`: the form also asks for the current password (sent as `currentPassword`). */
  readonly labels: { readonly currentPassword?: string; readonly password: string; readonly confPassword: string; readonly submit: string };
  readonly serverError: string | null;
  readonly onSubmit: (body: { currentPassword?: string; password: string; confPassword: string }) => Promise<void>;
}) {
  const { t } = useTranslation('account');
  const asksCurrent = props.labels.currentPassword !== undefined;
  const [values, setValues] = useState({ currentPassword: '', password: '', confPassword: '' });
  const [dirty, setDirty] = useState({ currentPassword: false, password: false, confPassword: false });
  const [sending, setSending] = useState(false);
  const { currentPassword, ...newOnes } = values;
  const sent = asksCurrent ? values : newOnes;
  const issues = fieldIssues<Field>(props.schema, { ...props.extra, ...sent } as Record<Field, string>);
  const valid = !issues.password && !issues.confPassword && !(asksCurrent && issues.currentPassword);
  const message = (field: Field) => {
    const issue = dirty[field] ? issues[field] : undefined;
    return issue ? t(issue.key, issue.values) : null;
  };
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => ({ ...d, [field]: true }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    try {
      await props.onSubmit(asksCurrent ? { currentPassword, ...newOnes } : newOnes);
    } finally {
      setSending(false);
    }
  };
  const hintId = `${props.idPrefix}-hint`;
  const hint = props.inputMaxLength
    ? t('passwordHintMax', { minLength: PASSWORD_MIN_LENGTH, maxLength: props.inputMaxLength })
    : t('passwordHint', { minLength: PASSWORD_MIN_LENGTH });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={`${props.idPrefix}-form`}>
      {asksCurrent && (
        <PasswordField
          id={`${props.idPrefix}-currentPassword`} label={props.labels.currentPassword!} value={values.currentPassword} onChange={set('currentPassword')}
          error={message('currentPassword')} autoComplete="current-password"
        />
      )}
      <p className="hint muted" id={hintId} data-testid={hintId}>{hint}</p>
      <PasswordField
        id={`${props.idPrefix}-password`} label={props.labels.password} value={values.password} onChange={set('password')}
        error={message('password')} maxLength={props.inputMaxLength} describedBy={hintId}
      />
      <PasswordField
        id={`${props.idPrefix}-confPassword`} label={props.labels.confPassword} value={values.confPassword} onChange={set('confPassword')}
        error={message('confPassword')} maxLength={props.inputMaxLength} describedBy={hintId}
      />
      {props.serverError && <p className="form-error" role="alert" data-testid={`${props.idPrefix}-server-error`}>{props.serverError}</p>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!valid || sending} data-testid={`${props.idPrefix}-submit`}>{props.labels.submit}</button>
      </div>
    </form>
  );
}
