import { Id } from '@auction/contracts';
import type { RouterContext } from '../../routes/__root.js';

/** The params of a page of one lot of an auction (`…/$idAuction/$idLot`), each checked as an id. */
export const auctionLotParams = {
  parse: (p: Record<string, string>) => ({ idAuction: Id.parse(p['idAuction']), idLot: Id.parse(p['idLot']) }),
  stringify: (p: { idAuction: string; idLot: string }) => p,
};

/** The loader of such a page: the auction with that lot only (in an auction of 2,000 lots it may be on any page). */
export function loadAuctionLot({ context, params }: { context: RouterContext; params: { idAuction: string; idLot: string } }) {
  return context.services.api.auctionFull(params.idAuction, {}, { idLot: params.idLot });
}
