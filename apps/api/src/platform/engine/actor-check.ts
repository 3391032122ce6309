import { API_ERROR_CODES } from '@auction/contracts';
import { effectiveRoles, streamId, type UserState } from '@auction/domain';
import { AccessError } from './access-error.js';
import type { LiveReadModel } from './live-read-model.js';
import type { ActorCheck } from './stream-writer.js';

/**
 * The writer's actor check (issue 21): a command runs only while its user may still act, judged in its own turn. The
 * user's state is the engine's index, or the writer's own view of the user's stream when that is newer (a disable
 * decided here and not yet in the index): a disable answered before the command's turn always wins. A user disabled
 * by the back-office is refused 403011, as a new login would be; one deleted, anonymised or unknown 401 (its session
 * is over). Beyond its own account (the guard's rule, applied again in the turn): a user made read-only is 403020
 * and one whose dealer is no longer enabled 403004; one that lost a role its session had when the guard let the request in
 * (the guard checked the route's roles on those) 403001, so a bid waiting while BUYER is taken, or a back-office change
 * while ADMIN is taken, never commits. Cost on the hot path: three map reads and a scan of a few roles.
 */
export function actorCheckOf(model: LiveReadModel): ActorCheck {
  return (_idUser, userStreamId, local, ownAccount, roles) => {
    const user = (local?.ahead ? local.state : model.users.get(userStreamId)) as UserState | undefined;
    if (!user || user.status !== 'ACTIVE' || user.deleted || user.anonymised) {
      throw new AccessError(401, API_ERROR_CODES.SESSION_EXPIRED, 'your session ended: log in again');
    }
    if (user.disabledAt !== undefined && !user.data.flgEnabled) {
      throw new AccessError(403, API_ERROR_CODES.ACCOUNT_DISABLED, 'this account was disabled: ask the customer centre');
    }
    if (ownAccount) return;
    if (roles && roles.length > 0) {
      const held = effectiveRoles(user.data.roles) as readonly string[];
      if (roles.some((r) => !held.includes(r))) throw AccessError.role();
    }
    if (user.data.readOnly === true) throw new AccessError(403, API_ERROR_CODES.READ_ONLY_USER, 'this account is read-only: it may look, not change');
    const dealer = user.data.idDealer ? model.dealers.get(streamId.dealer(user.data.idDealer)) : undefined;
    if (dealer && dealer.status !== 'NONE' && dealer.status !== 'ENABLED') throw AccessError.disabled();
  };
}
