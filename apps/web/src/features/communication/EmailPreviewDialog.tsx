import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../auctions/auctioneer/ModalDialog.js';
import { previewDocument, type EmailFormOutput } from './email-form.js';

interface Props {
  readonly mail: EmailFormOutput;
  readonly sending: boolean;
  readonly failure: number | null;
  readonly onSend: () => void;
  readonly onClose: () => void;
}

/**
 * The e-mail preview dialog (spec 02: recipients, cc, subject and the HTML body, with a close button): the body is
 * drawn in a sandboxed iframe (no scripts, forms or navigation; no fetch but images), so a message cannot act on the page.
 */
export function EmailPreviewDialog({ mail, sending, failure, onSend, onClose }: Props) {
  const { t } = useTranslation('communication');
  const sendRef = useRef<HTMLButtonElement>(null);
  // After the dialog has opened (its effect runs first and focuses the first control, the frame): the send button.
  useEffect(() => sendRef.current?.focus(), []);
  return (
    <ModalDialog title={t('email.previewTitle')} testId="email-preview" onCancel={onClose}>
      <dl className="email-preview-head">
        <dt>{t('email.recipients')}</dt><dd data-testid="email-preview-to">{mail.recipients.join(', ')}</dd>
        <dt>{t('email.cc')}</dt><dd data-testid="email-preview-cc">{mail.ccRecipients.length ? mail.ccRecipients.join(', ') : t('email.none')}</dd>
        <dt>{t('email.subject')}</dt><dd data-testid="email-preview-subject">{mail.subject}</dd>
      </dl>
      <iframe
        className="email-preview-frame" title={t('email.previewFrame')} sandbox="" srcDoc={previewDocument(mail.email)}
        referrerPolicy="no-referrer" data-testid="email-preview-frame"
      />
      {failure !== null && <p className="form-error" role="alert" data-testid="email-error">{t(failure ? `errors:${failure}` : 'email.failed')}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="email-preview-close">{t('email.close')}</button>
        <button type="button" className="btn btn-primary" ref={sendRef} onClick={onSend} aria-disabled={sending || undefined} data-testid="email-send">{t('email.send')}</button>
      </div>
    </ModalDialog>
  );
}
