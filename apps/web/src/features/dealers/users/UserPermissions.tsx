import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetails } from '@auction/contracts';
import type { Role } from '@auction/domain';
import { useProfile } from '../../../ui/services-context.js';
import { RolePickerDialog } from './RolePickerDialog.js';
import { canRemoveRole, pickableRoles, type UserCapabilities } from './role-picker.js';

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
  const pick = (role: Role) => {
    setPicking(false);
    void onAdd(role);
  };
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
                aria-label={t('permissions.remove', { role: t(`roles.${r}`) })} aria-disabled={busy || undefined} onClick={() => void remove(r)} data-testid={`remove-permission-${r}`}
              >×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="bo-row">
        <button type="button" className="btn" disabled={!can.permissions} aria-disabled={busy || undefined} onClick={() => { if (!busy) setPicking(true); }} data-testid="add-permission">{t('permissions.add')}</button>
      </div>
      {picking && <RolePickerDialog roles={offered} onPick={pick} onClose={() => setPicking(false)} />}
    </section>
  );
}
