import { API_ERROR_CODES } from '@auction/contracts';
import {
  assertNever, isTemplateListed, mayManageTemplate, sellThroughRefusal, sellingOpenTo, showcaseShut, streamId, templateOpenTo, type AuctionState, type Market, type Role,
} from '@auction/domain';
import { AccessError } from './access-error.js';
import { indexKnowsAuction, type SalesLookup } from './sales-lookup.js';
import type { LiveReadModel } from './live-read-model.js';

/** Who asks: the guard's actor, or a live connection's user. */
export interface SalesViewer {
  readonly idUser: string;
  readonly roles: readonly Role[];
  readonly idDealer: string | null;
  readonly adminEnabledMarket?: readonly Market[];
}

/**
 * Who sees what (ROLES.md), the one check every path of an auction passes: the guard's resource scope (every HTTP
 * route naming an idAuction or an idLot: detail, lots, offers, observations, reports, exports), the socket.io live
 * channel and the MQTT broker (subscriptions and each message forwarded). True when the auction is unknown to this
 * instance's index (its own 404 follows, the same answer) or the viewer may see it by the domain's `sellingOpenTo`.
 * The paths that decide on an auction the index may not know yet ask {@link SalesLookup} for its state instead and
 * decide with {@link auctionStateVisibleTo}.
 */
export function auctionVisibleTo(model: LiveReadModel, viewer: SalesViewer, idAuction: string): boolean {
  return auctionStateVisibleTo(model, viewer, model.auctions.get(streamId.auction(idAuction)));
}

/**
 * Whether `viewer` sees the auction a call names, decided on its state from {@link SalesLookup} (the index, or the log
 * for an auction the index does not know yet): the one check of the guard, the socket.io subscription and the MQTT
 * subscription. An auction that does not exist is `missingSeen` (true: its own 404 follows; false: refused as a hidden
 * one). A refusal of a hidden auction the index knows reads nothing, so it is about a millisecond quicker than one of a
 * missing auction (read from the log): making it read too would let anyone keep a read of a hidden auction in flight,
 * which that auction's own dealers' offers would then wait for.
 */
export async function auctionSeenNow(
  model: LiveReadModel, sales: SalesLookup, viewer: SalesViewer, idAuction: string, missingSeen: boolean,
): Promise<boolean> {
  const auction = await sales.auction(idAuction);
  if (!auction) return missingSeen;
  return auctionStateVisibleTo(model, viewer, auction);
}

/** {@link auctionVisibleTo} of an auction's state (from the index or the log): true for none (its own 404 follows). */
export function auctionStateVisibleTo(model: LiveReadModel, viewer: SalesViewer, auction: AuctionState | undefined): boolean {
  if (!auction || auction.status === 'NONE') return true;
  return saleVisibleTo(model, viewer, auction.data);
}

/**
 * Who sees one sale (an auction, a showcase listing): its owner and template (none: the default channel, open to all)
 * asked of the domain's `sellingOpenTo` with the template's current state.
 */
export function saleVisibleTo(model: LiveReadModel, viewer: SalesViewer, sale: { readonly idOwner: string; readonly idTemplate?: string | null }): boolean {
  if (!sale.idTemplate) return true;
  return sellingOpenTo(
    { idUser: viewer.idUser, roles: viewer.roles, idDealer: viewer.idDealer, markets: viewer.adminEnabledMarket ?? [] },
    { idOwner: sale.idOwner, idTemplate: sale.idTemplate }, model.templates.get(streamId.template(sale.idTemplate)),
  );
}

/**
 * True when the back-office shut the showcase to the user (the domain's `showcaseShut`): the one check of both the
 * showcase's door (`ShowcaseOpenGuard`, 403440) and who sees a showcase's vehicles ({@link showcaseVisibleTo}).
 */
export function showcaseClosedTo(model: LiveReadModel, idUser: string): boolean {
  return showcaseShut(model.users.get(streamId.user(idUser)));
}

/**
 * {@link auctionVisibleTo} for a showcase (by the channel its listings were sold through): an unknown showcase is
 * visible (its 404 follows); none is to a user the showcase is shut to (its vehicles' detail, files and lists too).
 */
export function showcaseVisibleTo(model: LiveReadModel, viewer: SalesViewer, idShowcase: string): boolean {
  if (showcaseClosedTo(model, viewer.idUser)) return false;
  const channel = model.showcaseChannels.get(idShowcase);
  return !channel || saleVisibleTo(model, viewer, channel);
}

/** Who a user known by id only is (a live connection's): an unknown or inactive user is nobody, who sees no auction of a template. */
export function salesViewerOf(model: LiveReadModel, idUser: string): SalesViewer {
  const user = model.users.get(streamId.user(idUser));
  if (user?.status !== 'ACTIVE') return { idUser, roles: [], idDealer: null };
  return { idUser, roles: user.data.roles, idDealer: user.data.idDealer, adminEnabledMarket: user.data.adminEnabledMarket };
}

/**
 * For the MQTT broker's forwarding, message by message (synchronous, on the index): a message of an auction the index
 * does not know is not forwarded (it could be one of a template the user may not see; the live publisher and the
 * Mosquitto bridge hold each message until the index has applied its event, so a known auction's never waits here).
 */
export function auctionFollowableBy(model: LiveReadModel, idUser: string, idAuction: string): boolean {
  return indexKnowsAuction(model, idAuction) && auctionVisibleTo(model, salesViewerOf(model, idUser), idAuction);
}

/**
 * The lists' side of {@link auctionVisibleTo}: the templates whose auctions the viewer's lists show (besides the default
 * channel's and its own auctions, which the list query adds); null for ADMIN and CUSTOMER_CENTER (every auction). A
 * viewer without a dealer is read from the index by id.
 */
export function templatesVisibleTo(model: LiveReadModel, viewer: { idUser: string; roles: readonly string[]; idDealer?: string | null }): readonly string[] | null {
  if (viewer.roles.includes('ADMIN') || viewer.roles.includes('CUSTOMER_CENTER')) return null;
  let idDealer = viewer.idDealer;
  if (idDealer === undefined) {
    const user = model.users.get(streamId.user(viewer.idUser));
    idDealer = user?.status === 'ACTIVE' ? user.data.idDealer : null;
  }
  const templateViewer = { roles: viewer.roles, idDealer: idDealer ?? null, markets: [] as Market[] };
  const ids: string[] = [];
  for (const template of model.templates.values()) {
    if (!isTemplateListed(template)) continue;
    if (templateOpenTo(template, idDealer) || mayManageTemplate(templateViewer, template.data)) ids.push(template.data.idTemplate);
  }
  return ids;
}

/**
 * The sellers' side of the rule: an auction (created or edited) or a showcase sold through `idTemplate` of market
 * `idMarket` must name a template the viewer may sell through (the domain's `sellThroughRefusal`): unknown, deleted or
 * another partner's is 404300 (as if it did not exist), disabled 409300, of another market 422300.
 */
export function assertMaySellThrough(model: LiveReadModel, viewer: SalesViewer, idTemplate: string, idMarket: string): void {
  const refusal = sellThroughRefusal(
    { roles: viewer.roles, idDealer: viewer.idDealer, markets: viewer.adminEnabledMarket ?? [] }, model.templates.get(streamId.template(idTemplate)), idMarket,
  );
  switch (refusal) {
    case null: return;
    case 'UNKNOWN': throw new AccessError(404, API_ERROR_CODES.TEMPLATE_NOT_FOUND, 'template not found');
    case 'DISABLED': throw new AccessError(409, API_ERROR_CODES.TEMPLATE_STATE_CONFLICT, 'the template is disabled: nothing can be sold through it');
    case 'OTHER_MARKET': throw new AccessError(422, API_ERROR_CODES.TEMPLATE_OTHER_MARKET, `the template sells in another market than ${idMarket}`);
    default: return assertNever(refusal);
  }
}
