import { Injectable } from '@nestjs/common';
import type { AnonymiseCandidate, AnonymiseCandidatesQuery, AnonymiseReason } from '@auction/contracts';
import { DEALER, USER, streamId, type Market, type UserState } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { Actor } from '../../identity/actor.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { scopedMarkets } from '../../identity/admin-scope.js';

type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

/** Staff are never candidates: their accounts are the portal's own, erased by hand if ever. */
const STAFF_ROLES = ['ADMIN', 'CUSTOMER_CENTER'] as const;

/**
 * Who may be anonymised (right to erasure, issue 14), computed over the engine's in-memory index (users and dealers
 * are a few thousand at most): an ACTIVE user stream, not yet anonymised, without a staff role (ADMIN,
 * CUSTOMER_CENTER), that is deleted or disabled by the back-office (`disabledAt` set and not enabled again), or
 * whose dealer is DELETED or DISABLED. The reason is the first of USER_DELETED, DEALER_DELETED, USER_DISABLED,
 * DEALER_DISABLED that applies; `since` is when that happened (the audit stamp of the event that did it).
 * A registration waiting for its first enabling (disabled, never disabled by staff) is not a candidate, and neither is
 * a user who can still act (enabled and not deleted, e.g. re-enabled by staff after its dealer was disabled): such a
 * user could place an offer between the commitments check and the erasure, leaving an anonymous party leading a
 * running lot; disabling ends every session first, so nothing of theirs is in flight when the erasure is decided.
 */
@Injectable()
export class AnonymisationCandidates {
  /** When each user was deleted and each dealer reached its current status (epoch ms), from the log. */
  private readonly userDeletedAt = new Map<string, number>();
  private readonly dealerStatusAt = new Map<string, { status: string; at: number }>();

  constructor(private readonly readModel: LiveReadModel) {
    // Registered before the engine subscribes to the log (main.ts: after app.init), so every event is seen.
    readModel.onChange((event, state) => this.track(event, state));
  }

  /** The candidate a user is, or null when it is none. */
  candidateOf(user: UserState | undefined): AnonymiseCandidate | null {
    if (!user || user.status !== 'ACTIVE' || user.anonymised) return null;
    if (user.data.roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r))) return null;
    const dealer = this.dealerStatus(user.data.idDealer);
    const reason = reasonOf(user, dealer?.status ?? null);
    if (!reason) return null;
    const since =
      reason === 'USER_DELETED' ? this.userDeletedAt.get(user.data.idUser)
        : reason === 'USER_DISABLED' ? user.disabledAt
          : dealer?.at;
    return {
      idUser: user.data.idUser, username: user.data.username, idDealer: user.data.idDealer, idMarket: user.data.idMarket,
      status: reason, since: since !== undefined && Number.isFinite(since) ? new Date(since).toISOString() : null,
    };
  }

  /** Every candidate of the markets asked for (within the caller's), sorted by the server with `idUser` as tiebreak. */
  list(actor: Actor, query: Pick<AnonymiseCandidatesQuery, 'idMarket' | 'sortField' | 'sortOrder'>): AnonymiseCandidate[] {
    const markets = new Set<Market>(scopedMarkets(actor, query.idMarket ?? null));
    const rows: AnonymiseCandidate[] = [];
    for (const user of this.readModel.users.values()) {
      const row = this.candidateOf(user);
      if (row && markets.has(row.idMarket as Market)) rows.push(row);
    }
    const field = query.sortField;
    const sign = query.sortOrder === 'desc' ? -1 : 1;
    return rows.sort((a, b) => sign * compare(a[field], b[field]) || compare(a.idUser, b.idUser));
  }

  /** A dealer's status (DealerState.status; extended by the dealer aggregate) and when it was reached, or null. */
  dealerStatus(idDealer: string | null): { status: string; at: number | undefined } | null {
    if (!idDealer) return null;
    const state = this.readModel.dealers.get(streamId.dealer(idDealer));
    if (!state || state.status === 'NONE') return null;
    const status = String(state.status);
    const known = this.dealerStatusAt.get(idDealer);
    return { status, at: known?.status === status ? known.at : undefined };
  }

  private track(event: StoredEvent, state: unknown): void {
    const at = stampOf(event);
    if (event.streamId.startsWith(USER.prefix) && event.type === 'UserDeleted') {
      this.userDeletedAt.set(event.streamId.slice(USER.prefix.length), at);
    } else if (event.streamId.startsWith(DEALER.prefix) && state && typeof state === 'object' && 'status' in state) {
      const idDealer = event.streamId.slice(DEALER.prefix.length);
      const status = String((state as { status: unknown }).status);
      if (this.dealerStatusAt.get(idDealer)?.status !== status) this.dealerStatusAt.set(idDealer, { status, at });
    }
  }
}

function reasonOf(user: ActiveUser, dealerStatus: string | null): AnonymiseReason | null {
  if (user.deleted) return 'USER_DELETED';
  // Still able to sign in and bid (see the class comment): disable it first.
  if (user.data.flgEnabled) return null;
  if (dealerStatus === 'DELETED') return 'DEALER_DELETED';
  if (!user.data.flgEnabled && user.disabledAt !== undefined) return 'USER_DISABLED';
  if (dealerStatus === 'DISABLED') return 'DEALER_DISABLED';
  return null;
}

/** The event's audit stamp `at` (epoch ms), else the writer's metadata time, else when the store recorded it. */
function stampOf(event: StoredEvent): number {
  const at = event.data?.at;
  if (typeof at === 'number' && Number.isFinite(at)) return at;
  const time = typeof event.metadata?.time === 'string' ? Date.parse(event.metadata.time) : NaN;
  return Number.isFinite(time) ? time : new Date(event.recordedAt).getTime();
}

function compare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
