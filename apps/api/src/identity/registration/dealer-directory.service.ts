import { Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type DealerInfo, type ReferenceDealer } from '@auction/contracts';
import { streamId, type Market } from '@auction/domain';
import { AccountsService } from '../accounts/accounts.service.js';
import { hasRole, type Actor } from '../actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';

/** Who may read any dealer's reference data, and every field of it. */
const BACK_OFFICE = ['ADMIN', 'CUSTOMER_CENTER'] as const;

/**
 * What the portal says about a dealer to others: its public card (the invitation page) and its legal reference
 * (its own users and the back office). A dealer is known by its `dealer-` stream (not DELETED) or, for a dealer that
 * predates its stream, by users of it; its names come from the personal-data store.
 */
@Injectable()
export class DealerDirectory {
  constructor(private readonly readModel: LiveReadModel, private readonly accounts: AccountsService) {}

  /** Spec 01 §3 "Dealer info"; 404040 when unknown. */
  async info(idDealer: string): Promise<DealerInfo> {
    const idMarket = this.marketOf(idDealer);
    if (!idMarket) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    const personal = await this.accounts.personalData.get('DEALER', idDealer);
    return { idDealer, businessName: personal?.businessName ?? null, idMarket };
  }

  /**
   * The dealer's reference (legal representative), for the dealer's own users and the back office (403002 for
   * anyone else, before saying whether the dealer exists). The fiscal code and birth date go only to the back
   * office and to the reference person: the dealer's other users need a name and an address, not identifiers.
   */
  async reference(actor: Actor, idDealer: string): Promise<ReferenceDealer> {
    const backOffice = hasRole(actor, BACK_OFFICE);
    if (!backOffice && actor.idDealer !== idDealer) throw AccessError.notOwner();
    if (!this.marketOf(idDealer)) throw new AccessError(404, API_ERROR_CODES.DEALER_NOT_FOUND, 'unknown dealer');
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    const idReferenceUser = dealer && dealer.status !== 'NONE' ? dealer.data.idReferenceUser : null;
    const p = (await this.accounts.personalData.get('DEALER', idDealer)) ?? {};
    // Where the form hides the reference e-mail (DE), the reference user's address (the dealer's e-mail) stands for it.
    const referenceEmail = p.referenceEmail ?? (idReferenceUser ? (await this.accounts.personalOf(idReferenceUser)).email ?? null : null);
    const full = backOffice || (idReferenceUser !== null && actor.idUser === idReferenceUser);
    return {
      idDealer, idReferenceUser,
      referenceName: p.referenceName ?? null, referenceSurname: p.referenceSurname ?? null, referenceEmail,
      referenceFiscalCode: full ? (p.referenceFiscalCode ?? null) : null, referenceBirthDate: full ? (p.referenceBirthDate ?? null) : null,
      referenceFCA: p.referenceFCA ?? null,
    };
  }

  /**
   * Whether users may join the dealer: it is ENABLED (one registered before dealers had a stream counts as enabled).
   * A registration waiting for approval, or a disabled or deleted dealer, takes no new user.
   */
  acceptsUsers(idDealer: string): boolean {
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    return !dealer || dealer.status === 'NONE' || dealer.status === 'ENABLED';
  }

  /**
   * The dealer's market, or null when the dealer is unknown or was deleted by the back-office (its history stays, the
   * portal no longer speaks of it). Dealers without a stream (none since the demo's got theirs) are known by their users.
   */
  marketOf(idDealer: string): Market | null {
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    if (dealer?.status === 'DELETED') return null;
    return this.recordedMarketOf(idDealer);
  }

  /**
   * The market a dealer was recorded in, a deleted dealer's included (the back-office's market scope still covers its
   * history: events, files); null when no dealer or user of that id is known.
   */
  recordedMarketOf(idDealer: string): Market | null {
    const dealer = this.readModel.dealers.get(streamId.dealer(idDealer));
    if (dealer && dealer.status !== 'NONE') return dealer.data.idMarket;
    return this.accounts.usersOfDealer(idDealer)[0]?.data.idMarket ?? null;
  }
}
