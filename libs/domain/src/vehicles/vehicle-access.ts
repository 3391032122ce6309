import type { Market } from '../shared/statuses.js';
import type { VehicleHolderRole, VehicleStatus } from './vehicle/vehicle-details.js';

/**
 * A provenance: a source of vehicles (a leasing book, a rental fleet) of one market, supplied by one dealer. Its
 * loaders load the vehicles; who sees and changes a vehicle follows from its provenance ({@link vehicleScopeOf}).
 */
export interface Provenance {
  readonly code: string;
  readonly name: string;
  readonly idMarket: Market;
  /** The dealer whose LOADER users load its vehicles and whose AUCTIONEER users sell them. */
  readonly idDealer: string;
}

/** Who asks: the API's actor fits this shape. */
export interface VehicleViewer {
  readonly idUser: string;
  readonly roles: readonly string[];
  readonly idDealer: string | null;
  readonly adminEnabledMarket?: readonly Market[];
}

/** What the rule needs to know of one vehicle. */
export interface VehicleFacts {
  readonly provenance: string;
  readonly status: VehicleStatus;
  readonly published: boolean;
  readonly holderRole: VehicleHolderRole;
  readonly holderUserId: string;
  readonly soldUserId: string | null;
  /** Where it is placed for sale (an auction, a showcase): the sale's channel decides which dealers see it there. */
  readonly idAuction?: string | null;
  readonly idShowcase?: string | null;
}

/**
 * The vehicles one user may see, as lists filter them (the same sets, in SQL): every vehicle of `provenances`, those
 * it holds as a multi-auctioneer (`heldBy`), and, when `placed`, published vehicles in an auction or showcase (and those it bought).
 */
export interface VehicleScope {
  readonly provenances: readonly string[];
  readonly heldBy: string | null;
  readonly placed: boolean;
}

const STAFF = ['ADMIN', 'CUSTOMER_CENTER'];
const DEALER_SIDE = ['LOADER', 'AUCTIONEER', 'EXHIBITOR'];

/**
 * The one rule of who sees which vehicle.
 * - ADMIN and CUSTOMER_CENTER: every vehicle of the provenances of their `adminEnabledMarket`.
 * - LOADER, AUCTIONEER and EXHIBITOR: every vehicle of their own dealer's provenances.
 * - MULTI_AUCTIONEER: the vehicles it holds (sent to it), while it has the role.
 * - Everyone logged in (a dealer, a BUYER): published vehicles in an auction or a showcase, and those it bought.
 *   (Auctions and showcases are not yet narrowed by templates: any logged-in user may see them.)
 */
export function vehicleScopeOf(viewer: VehicleViewer, provenances: readonly Provenance[]): VehicleScope {
  const staff = viewer.roles.some((r) => STAFF.includes(r));
  const dealerSide = viewer.idDealer !== null && viewer.roles.some((r) => DEALER_SIDE.includes(r));
  const markets = viewer.adminEnabledMarket ?? [];
  const seen = provenances.filter((p) => (staff && markets.includes(p.idMarket)) || (dealerSide && p.idDealer === viewer.idDealer));
  // Only a multi-auctioneer sees through holding: loaders and superiors see through their dealer's provenances, so a
  // user moved to another dealer or stripped of its role no longer sees what it once loaded or was sent.
  const heldBy = viewer.roles.includes('MULTI_AUCTIONEER') ? viewer.idUser : null;
  return { provenances: seen.map((p) => p.code), heldBy, placed: true };
}

/** True when the scope shows the vehicle ({@link vehicleScopeOf}). */
export function scopeShows(scope: VehicleScope, v: VehicleFacts, idUser: string): boolean {
  if (scope.provenances.includes(v.provenance)) return true;
  if (scope.heldBy !== null && v.holderRole === 'MULTI_AUCTIONEER' && v.holderUserId === scope.heldBy && v.status === 'STOCK') return true;
  if (!scope.placed) return false;
  return (v.published && (v.status === 'IN_AUCTION' || v.status === 'LISTED')) || (v.status === 'SOLD' && v.soldUserId === idUser);
}

/** What may be done to a vehicle in stock; `auction`: put it in an auction lot (create or edit an auction with it). */
export type VehicleChange = 'edit' | 'files' | 'publish' | 'sendToSup' | 'sendToMultiAuctioneer' | 'sendBack' | 'showcase' | 'auction';

/**
 * The one rule of who changes which vehicle (the decider then says whether its state allows it).
 * - ADMIN (in its markets, as it sees them): every change.
 * - The vehicle's holder changes it (data, files, publication): a LOADER of the provenance's dealer while loaders
 *   hold it (any loader of that dealer: they share their provenances' work), else the very user holding it.
 * - Hand-over: a loader of the dealer sends it to its superior (`sendToSup`); the superior holding it sends it to a
 *   multi-auctioneer or back; the multi-auctioneer holding it sends it back.
 * - Showcase (`showcase`: put in and withdraw from a showcase): an EXHIBITOR of the provenance's dealer, whoever holds
 *   the vehicle in stock (the exhibitor sells the dealer's stock at a fixed price).
 * - Into an auction (`auction`, the vehicles `vehicle-for-auction` lists): an AUCTIONEER of the provenance's dealer
 *   (it sells that dealer's vehicles, whoever holds them), or the MULTI_AUCTIONEER holding it. A loader never does.
 * CUSTOMER_CENTER sees and does not change. A vehicle the caller does not see is never changeable.
 */
export function mayChangeVehicle(viewer: VehicleViewer, provenance: Provenance | undefined, v: VehicleFacts, change: VehicleChange): boolean {
  if (viewer.roles.includes('ADMIN') && provenance && (viewer.adminEnabledMarket ?? []).includes(provenance.idMarket)) return true;
  const loaderOfDealer = viewer.roles.includes('LOADER') && provenance !== undefined && viewer.idDealer === provenance.idDealer;
  if (change === 'showcase') return viewer.roles.includes('EXHIBITOR') && provenance !== undefined && viewer.idDealer === provenance.idDealer;
  const holds = v.holderUserId === viewer.idUser;
  if (change === 'auction') {
    const auctioneerOfDealer = viewer.roles.includes('AUCTIONEER') && provenance !== undefined && viewer.idDealer === provenance.idDealer;
    return auctioneerOfDealer || (holds && v.holderRole === 'MULTI_AUCTIONEER' && viewer.roles.includes('MULTI_AUCTIONEER'));
  }
  switch (v.holderRole) {
    case 'LOADER':
      return loaderOfDealer && change !== 'sendToMultiAuctioneer' && change !== 'sendBack';
    case 'SUPERIOR':
      return holds && viewer.roles.includes('AUCTIONEER') && change !== 'sendToSup';
    case 'MULTI_AUCTIONEER':
      return holds && viewer.roles.includes('MULTI_AUCTIONEER') && change !== 'sendToSup' && change !== 'sendToMultiAuctioneer';
    default:
      return false;
  }
}

/** What the hand-over rule needs to know of a user vehicles may be handed to. */
export interface HandOverCandidate {
  readonly roles: readonly string[];
  readonly idDealer: string | null;
  readonly flgEnabled: boolean;
}

/**
 * Who may take vehicles handed over: for `sendToSup` an enabled AUCTIONEER of the provenance's dealer (the superior of
 * its loaders); for `sendToMultiAuctioneer` an enabled MULTI_AUCTIONEER (of any dealer). The one rule of the hand-over
 * commands and of the list of users a hand-over dialog offers.
 */
export function takesHandOver(user: HandOverCandidate, change: 'sendToSup' | 'sendToMultiAuctioneer', provenance: Provenance | undefined): boolean {
  if (!user.flgEnabled) return false;
  return change === 'sendToSup'
    ? user.roles.includes('AUCTIONEER') && provenance !== undefined && user.idDealer === provenance.idDealer
    : user.roles.includes('MULTI_AUCTIONEER');
}

/**
 * Where a vehicle may be sold: in an auction or a showcase of its provenance's market only (a provenance is a source
 * of one market). An auction or a showcase of another market never takes it, whoever asks: an auctioneer whose dealer
 * supplies two markets, or an admin of both.
 */
export function sellsInMarket(provenance: Provenance | undefined, idMarket: string): boolean {
  return provenance !== undefined && provenance.idMarket === idMarket;
}
