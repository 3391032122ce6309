import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS, ROLES } from '@auction/domain';
import type { UserFilters } from './users-search.js';

interface Props {
  readonly initial: UserFilters;
  readonly onSearch: (filters: UserFilters) => void;
}

/** The filter form of the `users` screen: username (part), e-mail, dealer id, market, role, state. */
export function UsersFilters({ initial, onSearch }: Props) {
  const { t } = useTranslation('people');
  const [f, setF] = useState<UserFilters>(initial);
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => setF((prev) => ({ ...prev, [key]: value || undefined }));
  const dealerValid = !f.idDealer || /^[A-Za-z0-9_-]*$/.test(f.idDealer.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dealerValid) onSearch(f);
  };
  const reset = () => {
    setF({});
    onSearch({});
  };
  return (
    <form className="toolbar" role="search" aria-label={t('users.filters')} onSubmit={submit} data-testid="users-filters">
      <label className="field"><span>{t('users.username')}</span>
        <input type="search" value={f.username ?? ''} maxLength={100} onChange={(e) => set('username', e.target.value)} data-testid="filter-username" />
      </label>
      <label className="field"><span>{t('users.email')}</span>
        <input type="search" value={f.email ?? ''} maxLength={150} onChange={(e) => set('email', e.target.value)} data-testid="filter-email" />
      </label>
      <label className="field"><span>{t('users.idDealer')}</span>
        <input type="search" value={f.idDealer ?? ''} maxLength={64} aria-invalid={dealerValid ? undefined : true}
          onChange={(e) => set('idDealer', e.target.value)} data-testid="filter-idDealer" />
      </label>
      <label className="field"><span>{t('users.market')}</span>
        <select value={f.idMarket ?? ''} onChange={(e) => set('idMarket', e.target.value as UserFilters['idMarket'])} data-testid="filter-idMarket">
          <option value="">{t('users.anyMarket')}</option>
          {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
        </select>
      </label>
      <label className="field"><span>{t('users.role')}</span>
        <select value={f.role ?? ''} onChange={(e) => set('role', e.target.value as UserFilters['role'])} data-testid="filter-role">
          <option value="">{t('users.anyRole')}</option>
          {ROLES.map((r) => <option key={r} value={r}>{t(`roles.${r}`)}</option>)}
        </select>
      </label>
      <label className="field"><span>{t('users.state')}</span>
        <select value={f.flgEnabled ?? ''} onChange={(e) => set('flgEnabled', e.target.value as UserFilters['flgEnabled'])} data-testid="filter-flgEnabled">
          <option value="">{t('users.anyState')}</option>
          <option value="true">{t('users.enabled')}</option>
          <option value="false">{t('users.disabled')}</option>
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={!dealerValid} data-testid="users-search">{t('users.search')}</button>
      <button type="button" className="btn" onClick={reset} data-testid="users-reset">{t('users.reset')}</button>
    </form>
  );
}
