import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Market, type Role } from '@auction/domain';
import { ApiError } from '../../../api/http.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { showApiError } from '../../identity/registration/show-api-error.js';
import { NEW_USER_MAX_EMAIL, newUserBody, toggleRole, type NewUserDraft } from './new-user-form.js';
import { pickableRoles } from './role-picker.js';
import { usersApi } from './users-api.js';

/**
 * The new-user dialog (spec 01 §2): e-mail (the username), names, market, language, dealer and permissions; send
 * disabled while invalid (the invite dialog's e-mail rules). The user is mailed a link to set a first password.
 */
export function NewUserDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (idUser: string) => void }) {
  const { t, i18n } = useTranslation('people');
  const services = useServices();
  const profile = useProfile();
  const api = useMemo(() => usersApi(services.http, services.dialogs), [services]);
  const market: Market = profile?.adminEnabledMarket.find((m) => m !== 'OTHER') ?? profile?.idMarket ?? 'IT';
  const [draft, setDraft] = useState<NewUserDraft>({ email: '', name: '', surname: '', idMarket: market, preferredLanguage: market, idDealer: '', roles: ['USER'] });
  const [busy, setBusy] = useState(false);
  const offered = profile ? pickableRoles(profile, []) : [];
  const body = newUserBody(draft);
  const set = <K extends keyof NewUserDraft>(key: K, value: NewUserDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!body || busy) return;
    setBusy(true);
    try {
      const created = await api.create(body);
      onClose();
      void services.dialogs.success('people:create.done', { email: body.email });
      onCreated(created.idUser);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status !== 0) void showApiError(services.dialogs, i18n, error.errorCode);
    }
  };
  const emailInvalid = draft.email !== '' && !newUserBody({ ...draft, name: '', surname: '', roles: ['USER'] });
  return (
    <ModalDialog title={t('create.title')} testId="new-user-dialog" onCancel={onClose}>
      <form onSubmit={(e) => void send(e)} noValidate>
        <label className="field"><span>{t('create.email')} <span aria-hidden="true">*</span></span>
          <input type="email" value={draft.email} maxLength={NEW_USER_MAX_EMAIL} required autoComplete="off" aria-invalid={emailInvalid || undefined}
            onChange={(e) => set('email', e.target.value)} data-testid="new-user-email" />
        </label>
        <label className="field"><span>{t('create.name')}</span>
          <input value={draft.name} maxLength={80} onChange={(e) => set('name', e.target.value)} data-testid="new-user-name" />
        </label>
        <label className="field"><span>{t('create.surname')}</span>
          <input value={draft.surname} maxLength={80} onChange={(e) => set('surname', e.target.value)} data-testid="new-user-surname" />
        </label>
        <label className="field"><span>{t('create.market')}</span>
          <select value={draft.idMarket} onChange={(e) => set('idMarket', e.target.value as Market)} data-testid="new-user-market">
            {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <label className="field"><span>{t('create.language')}</span>
          <select value={draft.preferredLanguage} onChange={(e) => set('preferredLanguage', e.target.value as Market)} data-testid="new-user-language">
            {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <label className="field"><span>{t('create.idDealer')}</span>
          <input value={draft.idDealer} maxLength={50} onChange={(e) => set('idDealer', e.target.value)} data-testid="new-user-dealer" />
        </label>
        <fieldset className="bo-markets">
          <legend>{t('create.roles')} <span className="muted">{t('create.rolesHint')}</span></legend>
          {offered.map((r: Role) => (
            <label key={r} className="bo-check">
              <input type="checkbox" checked={draft.roles.includes(r)} onChange={() => set('roles', toggleRole(draft.roles, r))} data-testid={`new-user-role-${r}`} />
              {t(`roles.${r}`)}
            </label>
          ))}
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="new-user-cancel">{t('create.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={!body || busy} data-testid="new-user-send">{t('create.send')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
