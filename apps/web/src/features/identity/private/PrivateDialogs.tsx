import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { CUSTOMER_CENTRE_EMAIL } from '../access/MaintenancePage.js';
import { useProfile } from '../../../ui/services-context.js';
import { informativeTexts, partitionMailto, type InformativeCode } from './private-links.js';

/**
 * The informative dialog (spec 01 §2): the full privacy policy for code "1", the full terms and conditions for
 * "2", and a close button. Width 600px (spec 01 §9: "info 600px"), the phone's width on a phone.
 */
export function InformativeDialog({ code, onClose }: { readonly code: InformativeCode; readonly onClose: () => void }) {
  const { t } = useTranslation('privatePages');
  const texts = informativeTexts(code)!;
  return (
    <ModalDialog title={t(texts.titleKey)} testId={`informative-dialog-${code}`} className="dialog-info" onCancel={onClose}>
      <div className="informative-text" data-testid="informative-text">{t(texts.textKey)}</div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" autoFocus onClick={onClose} data-testid="informative-close">{t('informative.close')}</button>
      </div>
    </ModalDialog>
  );
}

/** An envelope, drawn inline (decorative: the button's text names it). */
function EnvelopeIcon() {
  return (
    <svg className="envelope-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 6l9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The change-partition dialog (spec 01 §2): title, message, a confirm button with an envelope icon, a close
 * button. The spec names no call for it: confirming writes to the customer centre (the user's mail program, with
 * the subject and the dealer and user named), and closes the dialog.
 */
export function ChangePartitionDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('privatePages');
  const profile = useProfile();
  const href = partitionMailto(
    CUSTOMER_CENTRE_EMAIL, t('partition.subject'),
    { username: profile?.username ?? '', idDealer: profile?.idDealer ?? null, idMarket: profile?.idMarket ?? null }, t('partition.body'),
  );
  return (
    <ModalDialog title={t('partition.title')} testId="partition-dialog" onCancel={onClose}>
      <p>{t('partition.message')}</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="partition-close">{t('partition.close')}</button>
        <a className="btn btn-primary btn-icon" href={href} autoFocus onClick={onClose} data-testid="partition-confirm">
          <EnvelopeIcon />
          {t('partition.confirm')}
        </a>
      </div>
    </ModalDialog>
  );
}
