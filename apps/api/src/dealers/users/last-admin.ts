import { API_ERROR_CODES } from '@auction/contracts';
import { evolveUser, isActingAdmin, streamId, type DealerState, type UserEvent, type UserState } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';
import type { Decision, StreamView } from '../../platform/engine/stream-writer.js';

/**
 * The last acting administrator is never removed, by whatever path reaches users (a user's own edit, its dealer's
 * disable or delete). A write that may remove one takes every acting administrator's stream (from this instance's
 * index) into its turn, so two such writes run one after the other, each decided on the other's result.
 */

/** Whether a user of this dealer may act (the actor check's rule); absent: the dealer is not looked at. */
export type DealerEnabled = (idDealer: string) => boolean;

/**
 * The actor check's rule on an index of dealers: a user of a dealer that is not enabled changes nothing, so an ADMIN
 * there administers nothing (an unknown dealer stops no one).
 */
export function dealerEnabledIn(dealers: ReadonlyMap<string, DealerState>): DealerEnabled {
  return (idDealer) => {
    const dealer = dealers.get(streamId.dealer(idDealer));
    return !dealer || dealer.status === 'NONE' || dealer.status === 'ENABLED';
  };
}

/** The streams to add to a write on `sids` when one of them is an acting administrator's (empty: none can be removed). */
export function actingAdminStreams(users: ReadonlyMap<string, UserState>, sids: readonly string[], dealerEnabled?: DealerEnabled): string[] {
  if (!sids.some((sid) => { const user = users.get(sid); return user !== undefined && isActingAdmin(user, dealerEnabled); })) return [];
  const streams: string[] = [];
  for (const [sid, user] of users) if (isActingAdmin(user, dealerEnabled) && !sids.includes(sid)) streams.push(sid);
  return streams;
}

/**
 * Throws 409160 when `decisions` take away an acting administrator and leave none among `adminSids` (the write's
 * administrators' streams, `decisions`' own included), as the append sees them.
 */
export function assertAnAdminLeft(view: StreamView, adminSids: readonly string[], decisions: readonly Decision[], dealerEnabled?: DealerEnabled): void {
  const after = (sid: string): { before: boolean; after: boolean } => {
    const state = view.state<UserState>(sid);
    const events = decisions.filter((d) => d.streamId === sid).flatMap((d) => d.events as UserEvent[]);
    return { before: isActingAdmin(state, dealerEnabled), after: isActingAdmin(events.reduce(evolveUser, state), dealerEnabled) };
  };
  const admins = [...new Set(adminSids)].map(after);
  if (admins.some((a) => a.before && !a.after) && !admins.some((a) => a.after)) {
    throw new AccessError(409, API_ERROR_CODES.LAST_ADMIN, 'this is the last administrator');
  }
}
