import type { AdminUserState } from '@auction/contracts';

/** The `people` key naming a user's back-office state (badges of the list and the card). */
export function stateKey(state: AdminUserState): `people:edit.state${'Enabled' | 'DisabledPlain' | 'Deleted' | 'Anonymised'}` {
  switch (state) {
    case 'ENABLED': return 'people:edit.stateEnabled';
    case 'DISABLED': return 'people:edit.stateDisabledPlain';
    case 'DELETED': return 'people:edit.stateDeleted';
    case 'ANONYMISED': return 'people:edit.stateAnonymised';
    default: { const never: never = state; return never; }
  }
}
