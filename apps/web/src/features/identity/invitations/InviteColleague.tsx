import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@auction/domain';
import { ApiError } from '../../../api/http.js';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { showApiError } from '../registration/show-api-error.js';
import { asciiEmail } from './ascii-email.js';
import { invitationsApi } from './invitations-api.js';
import './invitations.css';

/** Longest invite e-mail (the sign-up's own limit). */
const MAX_EMAIL = 100;

/** The "Invite by e-mail" dialog (spec 01 §2 Dialogs): one e-mail field, send disabled while invalid, closes on success. */
export function InviteDialog({ dealerId, onClose }: { dealerId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('registration');
  const services = useServices();
  const api = useMemo(() => invitationsApi(services.http), [services]);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  // An internationalised domain (IDN) is sent in its ASCII form, which mail servers and the API's rule accept.
  const address = asciiEmail(email);
  const valid = address.length <= MAX_EMAIL && isValidEmail(address);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await api.invite(address, dealerId);
      onClose();
      void services.dialogs.success('registration:invite.sent');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status !== 0) void showApiError(services.dialogs, i18n, error.errorCode);
    }
  };
  return (
    <ModalDialog title={t('invite.title')} testId="invite-dialog" onCancel={onClose}>
      <form onSubmit={(e) => void send(e)} noValidate>
        <label className="field" htmlFor="invite-email">
          <span>{t('invite.email')} <span aria-hidden="true">*</span></span>
        </label>
        <input id="invite-email" type="email" value={email} maxLength={MAX_EMAIL} required aria-invalid={email !== '' && !valid ? true : undefined}
          autoComplete="off" onChange={(e) => setEmail(e.target.value)} data-testid="invite-email" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="invite-cancel">{t('invite.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={!valid || busy} data-testid="invite-send">{t('invite.send')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The main menu's "Invite a colleague" entry: only for a user of a dealer (the invite names the user's dealer). */
export function InviteColleague() {
  const { t } = useTranslation('registration');
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  if (!profile?.idDealer) return null;
  return (
    <>
      <button type="button" className="invite-open" onClick={() => setOpen(true)} data-testid="invite-open">{t('invite.open')}</button>
      {open && <InviteDialog dealerId={profile.idDealer} onClose={() => setOpen(false)} />}
    </>
  );
}
