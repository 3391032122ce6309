import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEditUserRequest, AdminUserDetails } from '@auction/contracts';
import { MARKETS, type Market } from '@auction/domain';
import { LANGUAGES } from '@auction/i18n';
import { checkEdit, draftOf, editBody, type UserDraft } from './user-edit-form.js';
import type { UserCapabilities } from './role-picker.js';

interface Props {
  readonly user: AdminUserDetails;
  readonly can: UserCapabilities;
  /** Sends the body; resolves true when saved (the card then shows the answer). */
  readonly onSave: (body: AdminEditUserRequest) => Promise<boolean>;
}

type TextKey = 'name' | 'surname' | 'email' | 'phone' | 'mobile' | 'fiscalCode' | 'birthDate' | 'idDealer';

/**
 * The user's data (account, personal, back-office settings) with one save: only changed fields are sent, checked
 * first with the contract's rules (field messages beside the inputs). Without `can.edit` everything is disabled.
 */
export function UserEditForm({ user, can, onSave }: Props) {
  const { t } = useTranslation('people');
  const [draft, setDraft] = useState<UserDraft>(() => draftOf(user));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const body = editBody(user, draft, can.adminFields);
  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body || busy) return;
    const checked = checkEdit(body);
    setIssues(checked.issues ?? {});
    if (!checked.body) return;
    setBusy(true);
    const saved = await onSave(checked.body);
    setBusy(false);
    if (saved) setIssues({});
  };
  const languages = [...new Set([draft.preferredLanguage, ...LANGUAGES])];
  const input = (key: TextKey, type = 'text', max = 100, extra: { placeholder?: string; inputMode?: 'numeric' } = {}) => (
    <label className="field"><span>{t(`edit.${key}`)}</span>
      <input type={type} value={draft[key]} maxLength={max} {...extra} aria-invalid={issues[key] ? true : undefined}
        aria-describedby={issues[key] ? `user-${key}-error` : undefined} onChange={(e) => set(key, e.target.value)} data-testid={`user-${key}`} />
      {issues[key] && <span className="field-error" id={`user-${key}-error`}>{issues[key]}</span>}
    </label>
  );
  const toggleMarket = (m: Market) => set('adminEnabledMarket', draft.adminEnabledMarket.includes(m) ? draft.adminEnabledMarket.filter((x) => x !== m) : [...draft.adminEnabledMarket, m]);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="user-form">
      <fieldset disabled={!can.edit} className="bo-plain">
        <div className="bo-sections">
          <fieldset>
            <legend>{t('edit.identity')}</legend>
            <dl className="bo-dl">
              <dt>{t('edit.idUser')}</dt><dd data-testid="user-idUser">{user.idUser}</dd>
              <dt>{t('edit.username')}</dt><dd data-testid="user-username">{user.username}</dd>
            </dl>
            {input('idDealer', 'text', 64)}
            <label className="field"><span>{t('edit.market')}</span>
              <select value={draft.idMarket} onChange={(e) => set('idMarket', e.target.value as Market)} data-testid="user-idMarket">
                {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </label>
            <label className="field"><span>{t('edit.language')}</span>
              <select value={draft.preferredLanguage} onChange={(e) => set('preferredLanguage', e.target.value)} data-testid="user-language">
                {languages.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            </label>
          </fieldset>
          <fieldset>
            <legend>{t('edit.personal')}</legend>
            {input('name', 'text', 80)}
            {input('surname', 'text', 80)}
            {input('email', 'email', 100)}
            {input('phone', 'tel', 50)}
            {input('mobile', 'tel', 50)}
            {input('fiscalCode', 'text', 50)}
            {input('birthDate', 'text', 10, { placeholder: t('edit.birthDatePlaceholder'), inputMode: 'numeric' })}
          </fieldset>
          <fieldset disabled={!can.adminFields}>
            <legend>{t('edit.settings')}</legend>
            {!can.adminFields && <p className="muted">{t('edit.adminOnly')}</p>}
            <label className="bo-check">
              <input type="checkbox" checked={draft.readOnly} onChange={(e) => set('readOnly', e.target.checked)} data-testid="user-readOnly" />
              {t('edit.readOnly')}
            </label>
            <fieldset className="bo-markets">
              <legend>{t('edit.adminEnabledMarket')}</legend>
              {MARKETS.map((m) => (
                <label key={m} className="bo-check">
                  <input type="checkbox" checked={draft.adminEnabledMarket.includes(m)} onChange={() => toggleMarket(m)} data-testid={`user-market-${m}`} />{m}
                </label>
              ))}
            </fieldset>
          </fieldset>
        </div>
        {Object.keys(issues).length > 0 && <p className="form-error" role="alert">{t('edit.invalid')}</p>}
        <div className="bo-row">
          <button type="submit" className="btn btn-primary" disabled={!body || busy} data-testid="user-save">{t('edit.save')}</button>
        </div>
      </fieldset>
    </form>
  );
}
