import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type AdminAuditQuery, type AuditEntry, type AuditPage } from '@auction/contracts';
import { streamId } from '@auction/domain';
import type { EventStore, StoredEvent } from '@auction/event-store';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import type { Actor } from '../../identity/actor.js';
import { DealerDirectory } from '../../identity/registration/dealer-directory.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { EVENT_STORE } from '../../platform/engine/tokens.js';
import { upcastStored } from '../../platform/engine/upcasters.js';
import { adminMarkets, assertInScope } from '../../identity/admin-scope.js';

/**
 * The audit trail of the back-office: the administrative events (those whose body carries `by`, the acting user's id)
 * of one user's stream, or of a dealer's stream and its users' streams, newest first. Read from the event store as
 * the engineers' events view reads it (upcast, so old bodies are lifted and old secrets never leave); the actor's
 * username is today's (an anonymised actor reads `anonymous-<id>`). Bodies hold no personal data by rule.
 */
@Injectable()
export class AuditService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readModel: LiveReadModel,
    private readonly accounts: AccountsService,
    private readonly dealers: DealerDirectory,
  ) {}

  /** One page of the trail; the user's or dealer's market must be the caller's (403021); unknown: 404060 / 404040. */
  async page(actor: Actor, query: AdminAuditQuery): Promise<AuditPage> {
    const streams = query.idUser !== undefined ? this.userStreams(actor, query.idUser) : await this.dealerStreams(actor, query.idDealer!);
    const events = (await Promise.all(streams.map((s) => this.store.readStream(s)))).flat().map(upcastStored).filter(isAdministrative);
    events.sort((a, b) => b.position - a.position);
    const items = events.slice(query.offset, query.offset + query.limit).map((e) => this.entryOf(e));
    return { items, total: events.length, limit: query.limit, offset: query.offset };
  }

  private userStreams(actor: Actor, idUser: string): string[] {
    const user = this.accounts.user(idUser);
    if (!user) throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found');
    assertInScope(actor, user.data.idMarket);
    return [streamId.user(idUser)];
  }

  private async dealerStreams(actor: Actor, idDealer: string): Promise<string[]> {
    assertInScope(actor, (await this.dealers.info(idDealer)).idMarket);
    // A user of the dealer moved to a market the caller does not manage is not theirs to read (403021 by idUser).
    const users = this.accounts.usersOfDealer(idDealer).filter((u) => adminMarkets(actor).includes(u.data.idMarket));
    return [streamId.dealer(idDealer), ...users.map((u) => streamId.user(u.data.idUser))];
  }

  private entryOf(event: StoredEvent): AuditEntry {
    const { by, at, ...details } = event.data;
    const actor = typeof by === 'string' ? this.accounts.user(by) : null;
    const when = typeof at === 'number' && Number.isFinite(at) ? new Date(at) : event.recordedAt;
    return {
      position: event.position, streamId: event.streamId, type: event.type,
      by: typeof by === 'string' ? by : null, byUsername: actor ? actor.data.username : null,
      at: when.toISOString(), details,
    };
  }
}

/** An administrative change: its body names who did it. */
function isAdministrative(event: StoredEvent): boolean {
  return typeof event.data?.by === 'string';
}
