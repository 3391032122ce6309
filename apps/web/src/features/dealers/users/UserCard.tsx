import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetails } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { ReadOnlyNote } from '../shell/ReadOnlyNote.js';
import '../shell/shell.css';
import { AuditTrail } from './AuditTrail.js';
import { userCapabilities } from './role-picker.js';
import { UserEditForm } from './UserEditForm.js';
import { UserPermissions } from './UserPermissions.js';
import { stateKey } from './user-state.js';
import { usersApi } from './users-api.js';

/**
 * `user-edit`: one user's data and its save, state (enable/disable with a confirm), password reset (a link is mailed,
 * never a password), delete (ADMIN), permissions (role picker) and the audit trail. Every change answers the new card,
 * which replaces the shown one; the audit trail reloads after it. Errors are shown by the HTTP client (errors:{code}).
 */
export function UserCard({ initial }: { initial: AdminUserDetails }) {
  const { t } = useTranslation('people');
  const { t: ts } = useTranslation('showcase');
  const services = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const api = useMemo(() => usersApi(services.http, services.dialogs), [services]);
  const [user, setUser] = useState(initial);
  const [version, setVersion] = useState(0);
  // The user's times on its market's clock (its card and its audit trail), the zone named.
  const zone = timeZoneOfMarket(user.idMarket ?? 'OTHER');
  const can = userCapabilities(profile ?? { idUser: '', roles: [], readOnly: true }, user);
  const name = { username: user.username };
  const applied = (next: AdminUserDetails) => { setUser(next); setVersion((v) => v + 1); };
  const attempt = async <T,>(call: () => Promise<T>): Promise<T | null> => call().catch(() => null);
  // One action at a time, from its click to its answer (its confirm included): a second click while a disable,
  // delete or permission change is in flight would open a stale confirm ("Disable?" of a user being disabled) and
  // send the call again. A ref, not only state: two clicks in the same frame both see the state before either render.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const exclusive = (action: () => Promise<void>) => async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try { await action(); } finally { running.current = false; setBusy(false); }
  };

  const toggle = exclusive(async () => {
    const enable = user.state !== 'ENABLED';
    if (!(await services.dialogs.confirm(enable ? 'people:edit.confirmEnable' : 'people:edit.confirmDisable', name, enable ? 'people:edit.enable' : 'people:edit.disable'))) return;
    const next = await attempt(() => api.setEnabled(user.idUser, enable));
    if (!next) return;
    applied(next);
    void services.dialogs.success(enable ? 'people:edit.enabledDone' : 'people:edit.disabledDone', name);
  });
  const resetPwd = exclusive(async () => {
    if (!(await services.dialogs.confirm('people:edit.confirmResetPwd', name, 'people:edit.resetPwd'))) return;
    if (!(await attempt(() => api.resetPassword(user.idUser)))) return;
    setVersion((v) => v + 1);
    void services.dialogs.success('people:edit.resetPwdDone');
  });
  const remove = exclusive(async () => {
    if (!(await services.dialogs.confirm('people:edit.confirmDelete', name, 'people:edit.delete'))) return;
    if (!(await attempt(() => api.remove(user.idUser)))) return;
    await services.dialogs.success('people:edit.deleted', name);
    void navigate({ to: '/users' });
  });
  const save = async (body: Parameters<typeof api.save>[0]) => {
    const next = await attempt(() => api.save(body));
    if (!next) return false;
    applied(next);
    void services.dialogs.success('people:edit.saved');
    return true;
  };
  const addRole = (role: Role) => exclusive(async () => {
    const next = await attempt(() => api.addPermission(user.idUser, role));
    if (next) applied(next);
  })();
  const removeRole = (role: Role) => exclusive(async () => {
    if (!(await services.dialogs.confirm('people:permissions.confirmRemove', { role: t(`roles.${role}`), username: user.username }))) return;
    const next = await attempt(() => api.removePermission(user.idUser, role));
    if (next) applied(next);
  })();
  const stateText = user.state === 'DISABLED' && user.disabledAt ? t('edit.stateDisabled', { since: `${formatDateTimeIn(user.disabledAt, zone)} (${zone})` }) : t(stateKey(user.state));

  return (
    <section aria-labelledby="user-title" data-testid="user-card" data-state={user.state}>
      <div className="page-head">
        <h1 id="user-title" className="bo-wrap">{t('edit.title', name)}</h1>
        <Link to="/users" data-testid="back-to-users">{t('edit.back')}</Link>
        {user.roles.includes('BUYER') && (
          <Link to="/showcase-management/user-showcase" search={{ idUser: user.idUser }} data-testid="user-showcase-of-user">{ts('userShowcase.title')}</Link>
        )}
        {user.idDealer && <Link to="/user-template" search={{ idUser: user.idUser }} data-testid="user-template-of-user">{t('menu.templatesOfUser')}</Link>}
      </div>
      <ReadOnlyNote />
      {can.gone && <p className="readonly-note" role="note">{t('edit.gone')}</p>}
      <div className="card bo-row" role="group" aria-label={t('edit.actions')} aria-busy={busy || undefined} data-busy={busy || undefined}>
        <span>{t('edit.state')}: <span className={`badge badge-${user.state}`} data-testid="user-state">{stateText}</span></span>
        <button type="button" className="btn" disabled={!can.toggleEnabled} onClick={() => void toggle()} aria-disabled={busy || undefined} data-testid="user-toggle-enabled">
          {user.state === 'ENABLED' ? t('edit.disable') : t('edit.enable')}
        </button>
        <button type="button" className="btn" disabled={!can.resetPassword} onClick={() => void resetPwd()} aria-disabled={busy || undefined} data-testid="user-reset-pwd">{t('edit.resetPwd')}</button>
        {profile?.roles.includes('ADMIN') && (
          <button type="button" className="btn btn-danger" disabled={!can.remove} onClick={() => void remove()} aria-disabled={busy || undefined} data-testid="user-delete">{t('edit.delete')}</button>
        )}
        {can.self && <span className="muted">{t('edit.self')}</span>}
      </div>
      <UserEditForm key={version} user={user} can={can} onSave={save} />
      <div className="bo-sections">
        <UserPermissions user={user} can={can} busy={busy} onAdd={addRole} onRemove={removeRole} />
        <AuditTrail idUser={user.idUser} zone={zone} version={version} />
      </div>
    </section>
  );
}
