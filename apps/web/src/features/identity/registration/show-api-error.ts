import type { i18n as I18n } from 'i18next';
import type { Dialogs } from '../../../ui/dialogs.js';

/**
 * The error dialog of a refused call (spec 01 §2 "Error"): the shared `errors:{code}` text when there is one, else
 * this feature's `registration:error.{code}` (the codes of registration, sign-up and invitations), else the
 * generic text with the code.
 */
export function showApiError(dialogs: Dialogs, i18n: I18n, code: number): Promise<boolean> {
  if (i18n.exists(`errors:${code}`)) return dialogs.error(code);
  const own = `registration:error.${code}`;
  if (i18n.exists(own)) return dialogs.open({ kind: 'error', messageKey: own, titleKey: 'dialog.errorTitle' });
  return dialogs.error(code);
}
