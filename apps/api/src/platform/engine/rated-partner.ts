import { isTemplateListed, streamId, type AuctionState, type KnownTemplate } from '@auction/domain';
import type { LiveReadModel } from './live-read-model.js';

/**
 * Which partner (template) a rating counts for, decided when it is given and written in the feedback event:
 * - a purchase in an auction: the auction's template (its `idTemplate`, the channel it sold through); an auction of
 *   the default channel (no template) counts for no partner;
 * - a showcase purchase: the template the showcase sold through (`POST /showcase` with idTemplate); a showcase of the
 *   default channel: the template of the vehicle's provenance in the showcase's market (a template is the channel of a
 *   provenance: spec 02 "Template ... provenance"). When several templates of that market share the provenance, the one
 *   the request names in `idAuctioneer`, else none.
 * The spec's `idAuctioneer` may name the sale's owner (the auctioneer, the exhibitor) or its partner (idTemplate);
 * anything else is 422013.
 */
export interface RatedPartner {
  /** The template the rating counts for, or null. */
  readonly idTemplate: string | null;
  /** Whether `idAuctioneer` (when given) names the sale's owner or its partner. */
  readonly auctioneerMatches: boolean;
}

/** The partner of a purchase in an auction. */
export function partnerOfAuction(model: LiveReadModel, idAuction: string, idAuctioneer: string | undefined): RatedPartner {
  const auction: AuctionState | undefined = model.auctions.get(streamId.auction(idAuction));
  const known = auction && auction.status !== 'NONE' ? auction.data : null;
  const idTemplate = known?.idTemplate ?? null;
  const auctioneerMatches = idAuctioneer === undefined || (known !== null && (idAuctioneer === known.idOwner || idAuctioneer === idTemplate));
  return { idTemplate, auctioneerMatches };
}

/** Where a showcase vehicle was sold: its showcase's owner and market, and the vehicle's provenance (null: typed in). */
export interface ShowcaseSale {
  readonly idOwner: string | null;
  readonly idMarket: string | null;
  readonly provenance: string | null;
  /** The template the showcase sold through, when it named one. */
  readonly idTemplate?: string | null;
}

/** The partner of a showcase purchase (see {@link RatedPartner}). */
export function partnerOfShowcase(model: LiveReadModel, sale: ShowcaseSale, idAuctioneer: string | undefined): RatedPartner {
  if (sale.idTemplate) {
    return { idTemplate: sale.idTemplate, auctioneerMatches: idAuctioneer === undefined || idAuctioneer === sale.idOwner || idAuctioneer === sale.idTemplate };
  }
  const candidates: KnownTemplate[] = [];
  if (sale.provenance !== null && sale.idMarket !== null) {
    for (const t of model.templates.values()) {
      if (isTemplateListed(t) && t.data.idMarket === sale.idMarket && t.data.provenance === sale.provenance) candidates.push(t);
    }
  }
  const named = idAuctioneer === undefined ? undefined : candidates.find((t) => t.data.idTemplate === idAuctioneer);
  const idTemplate = named?.data.idTemplate ?? (candidates.length === 1 ? candidates[0]!.data.idTemplate : null);
  const auctioneerMatches = idAuctioneer === undefined || idAuctioneer === sale.idOwner || named !== undefined;
  return { idTemplate, auctioneerMatches };
}
