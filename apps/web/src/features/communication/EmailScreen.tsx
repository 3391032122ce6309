import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EmailQueued } from '@auction/contracts';
import { ApiError } from '../../api/http.js';
import { useProfile, useServices } from '../../ui/services-context.js';
import { ReadOnlyNote } from '../dealers/shell/ReadOnlyNote.js';
import { EmailPreviewDialog } from './EmailPreviewDialog.js';
import { EMPTY_EMAIL_FORM, EmailFormSchema, type EmailFormInput, type EmailFormOutput } from './email-form.js';
import './communication.css';

type Field = keyof EmailFormInput;
const ERROR_KEYS: Record<Field, string> = { recipients: 'email.errRecipients', ccRecipients: 'email.errCc', subject: 'email.errSubject', email: 'email.errBody' };

/**
 * The `email` screen (ADMIN, CUSTOMER_CENTER): to, cc, subject and an HTML body on react-hook-form with the contract's
 * schema; "Preview" checks the form and opens the preview dialog, whose "Send" queues the mail (`POST /admin/email`,
 * one Idempotency-Key per preview, so a retried click never queues it twice).
 */
export function EmailScreen() {
  const { t } = useTranslation('communication');
  const { http } = useServices();
  const readOnly = useProfile()?.readOnly === true;
  const ids = useId();
  const [preview, setPreview] = useState<{ mail: EmailFormOutput; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const [queued, setQueued] = useState(false);
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({ resolver: zodResolver(EmailFormSchema), defaultValues: EMPTY_EMAIL_FORM, mode: 'onSubmit' });
  const { register, handleSubmit, reset, formState: { errors } } = form;
  const invalid = useMemo(() => (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${field}-error` } : { 'aria-describedby': `${ids}-${field}-hint` }), [errors, ids]);

  const send = async () => {
    if (!preview || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await http.post<EmailQueued>('/api/v1/admin/email', preview.mail, { noPopup: true, idempotencyKey: preview.key });
      setPreview(null);
      setQueued(true);
      reset(EMPTY_EMAIL_FORM);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.errorCode : 0);
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field, label: string, hint: string | null, control: ReactNode) => (
    <label className="field">
      <span>{label}</span>
      {control}
      {hint && <span id={`${ids}-${name}-hint`} className="muted">{hint}</span>}
      {errors[name] && <span id={`${ids}-${name}-error`} className="field-error" data-testid={`email-${name}-error`}>{t(ERROR_KEYS[name])}</span>}
    </label>
  );

  return (
    <section aria-labelledby="email-title" className="email-screen" data-testid="email-screen">
      <div className="page-head"><h1 id="email-title">{t('email.title')}</h1></div>
      <ReadOnlyNote />
      <p className="muted">{t('email.intro')}</p>
      {queued && <p role="status" className="form-ok" data-testid="email-queued">{t('email.queued')}</p>}
      <form noValidate onSubmit={(e) => void handleSubmit((mail) => { setQueued(false); setFailure(null); setPreview({ mail, key: crypto.randomUUID() }); })(e)}>
        {field('recipients', t('email.recipients'), t('email.recipientsHint'),
          <input type="text" inputMode="email" autoComplete="off" spellCheck={false} {...register('recipients')} {...invalid('recipients')} data-testid="email-recipients" />)}
        {field('ccRecipients', t('email.cc'), t('email.ccHint'),
          <input type="text" inputMode="email" autoComplete="off" spellCheck={false} {...register('ccRecipients')} {...invalid('ccRecipients')} data-testid="email-cc" />)}
        {field('subject', t('email.subject'), null,
          <input type="text" maxLength={200} {...register('subject')} {...(errors.subject ? invalid('subject') : {})} data-testid="email-subject" />)}
        {field('email', t('email.body'), t('email.bodyHint'),
          <textarea rows={10} {...register('email')} {...invalid('email')} data-testid="email-body" />)}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={readOnly} data-testid="email-preview-open">{t('email.preview')}</button>
        </div>
      </form>
      {preview && (
        <EmailPreviewDialog mail={preview.mail} sending={sending} failure={failure} onSend={() => void send()} onClose={() => setPreview(null)} />
      )}
    </section>
  );
}
