import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetails } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { useProfile } from '../../../ui/services-context.js';
import { RolePickerDialog } from './RolePickerDialog.js';
import { canRemoveRole, permissionsLockedReason, pickableRoles, type UserCapabilities } from './role-picker.js';

interface Props {
  readonly user: AdminUserDetails;
  readonly can: UserCapabilities;
  /** Another action of the card is in flight: the controls say so and the card ignores them (one at a time). */
  readonly busy?: boolean;
  readonly onAdd: (role: Role) => Promise<void>;
  readonly onRemove: (role: Role) => Promise<void>;
}

/** The user's permissions as chips; ADMINs add one through the role picker and remove one with its chip's button. */
export function UserPermissions({ user, can, busy = false, onAdd, onRemove }: Props) {
  const { t } = useTranslation('people');
  const profile = useProfile();
  const [picking, setPicking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed chip takes its focused remove button with it (the confirm dialog gives the focus back to it first):
  // keyboard users would land on <body>, at the top of the page. The section's heading takes the focus instead.
  const refocus = useRef(false);
  const remove = (role: Role) => {
    refocus.current = true;
    return onRemove(role);
  };
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) heading.current?.focus();
  }, [user.roles]);
  const offered = profile ? pickableRoles(profile, user.roles) : [];
  const addButton = useRef<HTMLButtonElement>(null);
  const pick = async (role: Role) => {
    setPicking(false);
    await onAdd(role);
    // The picker closed and the card re-rendered: the focus goes back to "Add permission", not to the page body.
    const focused = document.activeElement;
    if (!focused || focused === document.body) (addButton.current?.isConnected ? addButton.current : heading.current)?.focus();
  };
  const locked = profile ? permissionsLockedReason(profile, user, can) : null;
  const ownLocked = profile ? user.roles.filter((r) => can.permissions && !canRemoveRole(profile, user, r)) : [];
  return (
    <section aria-labelledby="permissions-title" className="card" data-testid="user-permissions">
      <h2 id="permissions-title" ref={heading} tabIndex={-1}>{t('permissions.title')}</h2>
      {user.roles.length === 0 ? <p className="muted">{t('permissions.none')}</p> : (
        <ul className="chips" data-testid="permission-chips">
          {user.roles.map((r) => (
            <li key={r} className="chip" data-testid={`permission-${r}`}>
              {t(`roles.${r}`)}
              <button
                type="button" className="chip-remove" disabled={!can.permissions || !profile || !canRemoveRole(profile, user, r)}
                aria-label={t('permissions.remove', { role: t(`roles.${r}`) })}
                aria-describedby={locked ? 'permissions-why' : ownLocked.includes(r) ? 'permissions-own-why' : undefined}
                title={locked ? t(locked) : ownLocked.includes(r) ? t('permissions.whyOwnRole') : undefined} aria-disabled={busy || undefined} onClick={() => void remove(r)} data-testid={`remove-permission-${r}`}
              >×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="bo-row">
        <button type="button" ref={addButton} className="btn" disabled={!can.permissions} aria-describedby={locked ? 'permissions-why' : undefined} aria-disabled={busy || undefined} onClick={() => { if (!busy) setPicking(true); }} data-testid="add-permission">{t('permissions.add')}</button>
      </div>
      {locked && <p id="permissions-why" className="muted" data-testid="permissions-why">{t(locked)}</p>}
      {!locked && ownLocked.length > 0 && <p id="permissions-own-why" className="muted" data-testid="permissions-own-why">{t('permissions.whyOwnRole')}</p>}
      {picking && <RolePickerDialog roles={offered} onPick={(role) => void pick(role)} onClose={() => setPicking(false)} />}
    </section>
  );
}
