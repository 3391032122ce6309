import { useTranslation } from 'react-i18next';
import type { Role } from '@auction/domain';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';

interface Props {
  /** The permissions offered (see pickableRoles). */
  readonly roles: readonly Role[];
  /** A chip was chosen: the dialog closes with it. */
  readonly onPick: (role: Role) => void;
  readonly onClose: () => void;
}

/**
 * The role picker of spec 01/02 §2: the permissions as chips; choosing one closes the dialog returning it; a close
 * button (and Escape) closes it with nothing.
 */
export function RolePickerDialog({ roles, onPick, onClose }: Props) {
  const { t } = useTranslation('people');
  return (
    <ModalDialog title={t('picker.title')} testId="role-picker" onCancel={onClose}>
      {roles.length === 0 ? <p data-testid="role-picker-empty">{t('picker.none')}</p> : (
        <>
          <p id="role-picker-intro">{t('picker.intro')}</p>
          <ul className="chips" aria-describedby="role-picker-intro">
            {roles.map((r) => (
              <li key={r}>
                <button type="button" className="chip" onClick={() => onPick(r)} data-testid={`pick-${r}`}>{t(`roles.${r}`)}</button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="role-picker-close">{t('picker.close')}</button>
      </div>
    </ModalDialog>
  );
}
