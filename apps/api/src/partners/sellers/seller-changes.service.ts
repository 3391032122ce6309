import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES, type AssociateSellerDealer, type ReferenceSellerDealer, type SellerConfigBody, type SellerCreate, type SellerEdit, type SellerView } from '@auction/contracts';
import {
  activeSeller, changedFields, decideSeller, decideSellerConfig, decideSellerReference, streamId,
  type SellerCommand, type SellerConfigState, type SellerReferenceState, type SellerState,
} from '@auction/domain';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { PERSONAL_CHANGE_KEY, PersonalChanges } from '../../identity/accounts/personal-changes.js';
import type { Actor } from '../../identity/actor.js';
import { assertInScope } from '../../identity/admin-scope.js';
import { DealerDirectory } from '../../identity/registration/dealer-directory.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { Decision, StreamView, StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import { SellerIndex } from './seller-index.js';
import { SellerQueries } from './seller-queries.service.js';

/** The seller's fields kept beside the log (personal-data store, kind SELLER). */
const PERSONAL_FIELDS = ['name', 'surname', 'email', 'phone'] as const;

/**
 * The sellers' changes (spec 02 §7): create, edit, delete, a market's configuration and a dealer's reference seller.
 * Each is one `writer.execute` deciding with the domain's deciders on the states at write time, with the audit stamp
 * `{by, at}` in every event; names and contacts go to the personal-data store, events carry ids, codes and the NAMES
 * of the personal fields changed. Each answer waits until this instance's index has the write.
 */
@Injectable()
export class SellerChanges {
  constructor(
    private readonly index: SellerIndex,
    private readonly queries: SellerQueries,
    private readonly accounts: AccountsService,
    private readonly dealers: DealerDirectory,
    private readonly personal: PersonalChanges,
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `POST /admin/seller`: a seller of a market the caller manages (403021 otherwise). */
  async create(actor: Actor, body: SellerCreate): Promise<SellerView> {
    assertInScope(actor, body.idMarket);
    const idSeller = randomUUID();
    await this.accounts.personalData.merge('SELLER', idSeller, personalOf(body));
    try {
      await this.run(actor, [streamId.seller(idSeller)], (view, now) => [{
        streamId: streamId.seller(idSeller),
        events: decideSeller({ type: 'CreateSeller', data: { idSeller, idMarket: body.idMarket, areas: body.areas, carSold: body.carSold }, by: actor.idUser, now },
          view.state<SellerState>(streamId.seller(idSeller))),
      }]);
    } catch (error) {
      await this.accounts.personalData.erase('SELLER', idSeller).catch(() => undefined);
      throw error;
    }
    return this.queries.view(idSeller);
  }

  /** `PUT /admin/seller`: the fields sent change (the market stays); 404370 for an unknown or deleted seller. */
  async edit(actor: Actor, body: SellerEdit): Promise<SellerView> {
    activeSeller(this.index.sellerState(body.idSeller));
    const current: Record<string, string | null | undefined> = (await this.accounts.personalData.get('SELLER', body.idSeller)) ?? {};
    // A blank field clears it (null); a field not on file counts as null.
    const changes = changedFields(PERSONAL_FIELDS, body, current, { normalize: (v) => (v === '' ? null : v), same: (next, now) => next === (now ?? null) }) ?? {};
    const sid = streamId.seller(body.idSeller);
    await this.personal.apply('SELLER', body.idSeller, changes, (token) => this.run(actor, [sid], (view, now) => [{
      streamId: sid,
      events: decideSeller({
        type: 'EditSeller', idSeller: body.idSeller, codes: { areas: body.areas, carSold: body.carSold }, personalFields: Object.keys(changes), by: actor.idUser, now,
      }, view.state<SellerState>(sid)),
    }], token));
    return this.queries.view(body.idSeller);
  }

  /** `DELETE /admin/seller`: refused (409370) while dealers have it as their reference seller. */
  async delete(actor: Actor, idSeller: string): Promise<void> {
    const sid = streamId.seller(idSeller);
    await this.run(actor, [sid], (view, now) => {
      const command: SellerCommand = { type: 'DeleteSeller', idSeller, referencedBy: this.index.dealersOfSeller(idSeller).length, by: actor.idUser, now };
      return [{ streamId: sid, events: decideSeller(command, view.state<SellerState>(sid)) }];
    });
  }

  /** `POST /admin/seller-config`: a market's configuration (403021 for a market the caller does not manage). */
  async setConfig(actor: Actor, body: SellerConfigBody): Promise<SellerConfigBody> {
    assertInScope(actor, body.idMarket);
    const sid = streamId.sellerConfig(body.idMarket);
    await this.run(actor, [sid], (view, now) => [{
      streamId: sid, events: decideSellerConfig({ type: 'SetSellerConfig', config: body, by: actor.idUser, now }, view.state<SellerConfigState>(sid)),
    }]);
    return this.index.config(body.idMarket);
  }

  /**
   * `POST /admin/associate-seller-dealer`: the dealer's reference seller (null: none), decided on the seller's state at
   * write time (deleted meanwhile: 404370; of another market: 422370). Unknown dealer: 404040.
   */
  async associate(actor: Actor, body: AssociateSellerDealer): Promise<ReferenceSellerDealer> {
    const dealerMarket = this.dealers.marketOf(body.idDealer);
    if (!dealerMarket) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    const ref = streamId.sellerReference(body.idDealer);
    const seller = body.idSeller ? streamId.seller(body.idSeller) : null;
    await this.run(actor, seller ? [ref, seller] : [ref], (view, now) => [{
      streamId: ref,
      events: decideSellerReference({
        type: 'AssociateSellerDealer', idDealer: body.idDealer, dealerMarket, idSeller: body.idSeller,
        seller: seller ? view.state<SellerState>(seller) : { status: 'NONE' }, by: actor.idUser, now,
      }, view.state<SellerReferenceState>(ref)),
    }]);
    return this.queries.reference(actor, body.idDealer);
  }

  private async run(actor: Actor, streams: string[], decide: (view: StreamView, now: number) => Decision[], personalChange?: string): Promise<void> {
    const outcome = await this.writer.execute({
      streams,
      actor,
      metadata: { userId: actor.idUser, ...(personalChange ? { [PERSONAL_CHANGE_KEY]: personalChange } : {}) },
      decide: (view) => decide(view, this.clock.now()),
      reply: () => undefined,
    });
    await this.model.waitFor(outcome.position);
  }
}

/** The personal fields of a create (blank ones left out). */
function personalOf(body: SellerCreate): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of PERSONAL_FIELDS) out[key] = body[key] ? body[key] : null;
  return out;
}
