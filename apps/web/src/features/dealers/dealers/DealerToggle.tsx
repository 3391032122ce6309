import { useTranslation } from 'react-i18next';
import type { AdminDealerUser, UserProfile } from '@auction/contracts';
import { accountsBeyondReach } from '@auction/domain';

/**
 * Why the signed-in staff member may not enable or disable this dealer, or null: the server's staff protection
 * (`mayChangeAccount` of the domain, answered 403041), so the control is shown disabled with the reason instead of
 * failing when pressed.
 */
export function dealerToggleBlock(me: Pick<UserProfile, 'idUser' | 'roles'> | null, users: readonly AdminDealerUser[]): 'protectedUsers' | null {
  if (!me) return null;
  return accountsBeyondReach(me, users).length > 0 ? 'protectedUsers' : null;
}

/** The dealer's enable/disable button, disabled with its reason when the caller may not use it. */
export function DealerToggle({ enabled, disabled, blocked, busy, onToggle }: {
  readonly enabled: boolean; readonly disabled: boolean; readonly blocked: 'protectedUsers' | null; readonly busy: boolean; readonly onToggle: () => void;
}) {
  const { t } = useTranslation('dealers');
  return (
    <>
      <button
        type="button" className="btn btn-primary" disabled={disabled || blocked !== null} aria-disabled={busy || undefined}
        aria-describedby={blocked ? 'dealer-toggle-why' : undefined} onClick={onToggle} data-testid="dealer-toggle"
      >
        {t(enabled ? 'detail.disable' : 'detail.enable')}
      </button>
      {blocked && <span id="dealer-toggle-why" className="muted" data-testid="dealer-toggle-why">{t(`detail.toggleBlocked.${blocked}`)}</span>}
    </>
  );
}
