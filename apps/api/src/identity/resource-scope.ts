import { Inject, Injectable, SetMetadata } from '@nestjs/common';
import { DomainError, MARKETS, streamId, type Market } from '@auction/domain';
import { auctionSeenNow } from '../platform/engine/sales-access.js';
import { SalesLookup, hasIdShape } from '../platform/engine/sales-lookup.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { BACK_OFFICE_ROLES, hasRole, type Actor } from './actor.js';
import { adminMarkets, assertInScope } from './admin-scope.js';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { DealerDirectory } from './registration/dealer-directory.service.js';

/** What a request may name that belongs to a market. */
export type ScopedKind = 'dealer' | 'user' | 'file' | 'seller' | 'template' | 'topCms' | 'auction' | 'lot';

/** {@link ResourceScope}'s answers besides a market: the caller's own target, or one that names nothing. */
const OWN = Symbol('own');
const UNKNOWN = Symbol('unknown');
const SELLING_MARKETS = MARKETS.filter((m) => m !== 'OTHER');

/**
 * The names under which a request (path parameter, query parameter or top-level body field) names a dealer, a user or
 * a stored file: the API's one vocabulary for them. A request schema that names one under another name fails the
 * route-scope test (resource-scope.unit.spec.ts), so the guard can never miss it.
 */
export const SCOPED_NAMES: Readonly<Record<string, ScopedKind>> = {
  idDealer: 'dealer', dealerId: 'dealer', idUser: 'user', idUsers: 'user', userID: 'user', idUserDealer: 'user', idFile: 'file', idSeller: 'seller',
  idDealers: 'dealer', idTemplate: 'template',
};

/**
 * A stream id (`user-<id>`, `dealer-<id>`, `auction-<id>`, `lot-<id>`: the engineers' event view) names its user,
 * dealer, auction or lot as surely as `idUser` does: the stream holds the same personal and business data (a lot's
 * offers name the dealers who bid) the scoped routes guard.
 */
const STREAM_OF = /^(user|dealer|auction|lot)-([A-Za-z0-9_-]+)$/;

const ANY_MARKET_KEY = 'auth:any-market';
const ROUTE_NAMES_KEY = 'auth:scoped-names';

/**
 * Names a route's own parameters the guard's market scope reads besides {@link SCOPED_NAMES}: for a name too
 * generic to mean one kind everywhere (`DELETE /admin/top-cms?id=`: the spec's `id` is a top banner there only).
 */
export const ScopedNames = (names: Readonly<Record<string, ScopedKind>>) => SetMetadata(ROUTE_NAMES_KEY, names);

/** The metadata key of {@link ScopedNames}, for the guard. */
export const ROUTE_SCOPED_NAMES = ROUTE_NAMES_KEY;

/**
 * Exempts a route from the market scope of the back-office: its `idUser`/`idDealer` is not a target the staff act on
 * (none today; the route-scope test lists every route that carries it, so an exemption is a reviewed decision).
 */
export const AnyMarket = () => SetMetadata(ANY_MARKET_KEY, true);

/** The metadata key of {@link AnyMarket}, for the guard and the route-scope test. */
export const ANY_MARKET = ANY_MARKET_KEY;

const EVERY_MARKET_KEY = 'auth:every-market';

/**
 * A back-office tool whose answers hold the dealers and users of every market (the global event log, caught mail):
 * only a caller who manages every market may use it (403021, from the guard; issue 24 item 3: a German
 * administrator read the recovery mail of Italian dealers).
 */
export const EveryMarket = () => SetMetadata(EVERY_MARKET_KEY, true);

/** The metadata key of {@link EveryMarket}, for the guard. */
export const EVERY_MARKET = EVERY_MARKET_KEY;

/** One dealer, user or file a request names. */
export interface NamedResource { readonly kind: ScopedKind; readonly id: string }

/**
 * Every dealer, user or file the request names, by the names of {@link SCOPED_NAMES} (or as a `user-`/`dealer-`
 * `streamId`), in its path, query and body.
 */
export function namedResources(
  request: { params?: unknown; query?: unknown; body?: unknown }, routeNames: Readonly<Record<string, ScopedKind>> = {},
): NamedResource[] {
  const found: NamedResource[] = [];
  const names = { ...SCOPED_NAMES, ...routeNames };
  for (const source of [request.params, request.query, request.body]) {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [name, kind] of Object.entries(names)) {
      const value = (source as Record<string, unknown>)[name];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id === 'string' && id.trim()) found.push({ kind, id: id.trim() });
      }
    }
    const stream = STREAM_OF.exec(String((source as Record<string, unknown>).streamId ?? '').trim());
    if (stream) found.push({ kind: stream[1] as ScopedKind, id: stream[2]! });
  }
  return found;
}

/**
 * The ownership rule of the back-office (spec 01 §3) in the one place every route passes: the access guard hands it
 * each request of an ADMIN or CUSTOMER_CENTER user, and every dealer, user or file the request names must be of a
 * market the caller manages (403021), whatever the route and whoever wrote its handler. The caller's own user and
 * dealer are always theirs; an unknown target passes here, for the handler to answer its 404.
 */
@Injectable()
export class ResourceScope {
  constructor(
    private readonly readModel: LiveReadModel,
    private readonly dealers: DealerDirectory,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly sales: SalesLookup,
  ) {}

  /**
   * Throws 403021 when the request names a dealer, user, file, seller, template, auction or lot outside the markets of a
   * back-office caller; and, for every caller, answers an auction or a lot of a template the caller is not enabled for
   * as an unknown one (404). A refusal never tells whether the target exists (the ownership matrix,
   * ownership-matrix.ts): a caller who does not manage every selling market gets 403021 for an unknown target too,
   * as for one of another market; one who does gets the handler's 404.
   */
  async check(
    actor: Actor, request: { params?: unknown; query?: unknown; body?: unknown }, routeNames: Readonly<Record<string, ScopedKind>> = {},
  ): Promise<void> {
    if (hasRole(actor, BACK_OFFICE_ROLES)) {
      const targets = [...namedResources(request, routeNames), ...this.namedSales(request)];
      for (const named of targets) {
        const market = await this.marketOf(actor, named);
        if (market === OWN) continue;
        if (market === UNKNOWN) {
          if (!SELLING_MARKETS.every((m) => adminMarkets(actor).includes(m))) assertInScope(actor, undefined);
          continue;
        }
        assertInScope(actor, market);
      }
    }
    await this.checkSales(actor, request);
  }

  /**
   * The auctions a request names (`idAuction`, `idAuctions`, or through an `idLot`): the staff act on the auctions of
   * their markets only (their offers name the dealers who bid; issue 24 item 3).
   */
  private namedSales(request: { params?: unknown; query?: unknown; body?: unknown }): NamedResource[] {
    const found: NamedResource[] = [];
    for (const source of [request.params, request.query, request.body]) {
      if (source === null || typeof source !== 'object' || Array.isArray(source)) continue;
      const { idAuction, idAuctions, idLot } = source as Record<string, unknown>;
      for (const id of [idAuction, ...(Array.isArray(idAuctions) ? idAuctions : [idAuctions])]) {
        if (typeof id === 'string' && id.trim()) found.push({ kind: 'auction', id: id.trim() });
      }
      if (typeof idLot === 'string' && idLot.trim()) found.push({ kind: 'lot', id: idLot.trim() });
    }
    return found;
  }

  /**
   * Who sees what (ROLES.md): an auction (by `idAuction`) or a lot (by `idLot`, through its auction) of a template the
   * caller is not enabled for is refused exactly as an unknown one is (AUCTION_NOT_FOUND, LOT_NOT_FOUND), on every
   * route that names it (detail, lots, offers, observations, reports, exports). The rule is the domain's `sellingOpenTo`.
   * Outside the back office an auction or lot the index does not know (caught up first: it does not exist) is refused
   * here too, the same way and before the request's fields are read, so that no answer (a 400 for a bad field, a
   * message) tells a hidden auction from one that does not exist. The back office's staff, who see every auction,
   * get the handlers' answers (or 403021 from their market scope).
   */
  private async checkSales(actor: Actor, request: { params?: unknown; query?: unknown; body?: unknown }): Promise<void> {
    const staff = hasRole(actor, BACK_OFFICE_ROLES);
    const sources = [request.params, request.query, request.body]
      .filter((source): source is Record<string, unknown> => source !== null && typeof source === 'object' && !Array.isArray(source));
    const named = sources.map((source) => source['idAuction']).find((id): id is string => typeof id === 'string')?.trim();
    for (const { idAuction, idLot } of sources) {
      if (typeof idAuction === 'string' && !(await this.maySeeAuction(actor, idAuction.trim(), staff))) {
        throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
      }
      if (typeof idLot === 'string' && !(await this.maySeeLot(actor, idLot.trim(), staff))) {
        // As an unknown lot: named with an auction that does not exist, the auction is what is not found; with one the
        // caller sees (auction/{visible}/.../{hidden lot}), the lot is not found in it (else the answer would tell
        // that the hidden auction, whose id starts the lot's, exists).
        const auction = named === undefined ? undefined : await this.sales.auction(named);
        if (named !== undefined && (!auction || auction.status === 'DELETED')) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
        throw new DomainError('LOT_NOT_FOUND', 'lot not found');
      }
    }
  }

  /**
   * True when the caller may see the auction (of the index, or read from the log when the index does not know it yet).
   * One that does not exist is seen by the back office's staff (the handler answers) and by nobody else (refused as a
   * hidden one), but for a name of no id's shape, left to the request's validation (no auction has such a name).
   */
  private maySeeAuction(actor: Actor, idAuction: string, staff: boolean): Promise<boolean> {
    return auctionSeenNow(this.readModel, this.sales, actor, idAuction, staff || !hasIdShape(idAuction));
  }

  /** {@link maySeeAuction} of a lot's auction; a lot that does not exist as an auction that does not. */
  private async maySeeLot(actor: Actor, idLot: string, staff: boolean): Promise<boolean> {
    const lot = await this.sales.lot(idLot);
    if (!lot || lot.status === 'NONE') return staff || !hasIdShape(idLot);
    return this.maySeeAuction(actor, lot.data.definition.idAuction, staff);
  }

  /** The target's market (null: none, counted as OTHER), OWN when it is the caller's own, UNKNOWN when it names nothing. */
  private async marketOf(actor: Actor, { kind, id }: NamedResource): Promise<Market | null | typeof OWN | typeof UNKNOWN> {
    switch (kind) {
      case 'dealer':
        return id === actor.idDealer ? OWN : this.dealers.recordedMarketOf(id) ?? UNKNOWN;
      case 'user': {
        if (id === actor.idUser) return OWN;
        const user = this.readModel.users.get(streamId.user(id));
        return user?.status === 'ACTIVE' ? user.data.idMarket ?? null : UNKNOWN;
      }
      case 'seller': {
        // A seller is of its market (issue 23 item 3).
        const seller = this.readModel.sellers.get(streamId.seller(id));
        return seller && seller.status !== 'NONE' ? seller.data.idMarket : UNKNOWN;
      }
      case 'template': {
        const template = this.readModel.templates.get(streamId.template(id));
        return template && template.status !== 'NONE' ? template.data.idMarket : UNKNOWN;
      }
      case 'topCms': {
        // A top banner is of its market (issue 23 item 6).
        const banner = this.readModel.topCms.get(streamId.topCms(id));
        return banner && banner.status !== 'NONE' ? banner.data.idMarket : UNKNOWN;
      }
      case 'auction': {
        const auction = await this.sales.auction(id);
        return auction && auction.status !== 'NONE' ? (auction.data.idMarket as Market) : UNKNOWN;
      }
      case 'lot': {
        const lot = await this.sales.lot(id);
        return lot && lot.status !== 'NONE' ? this.marketOf(actor, { kind: 'auction', id: lot.data.definition.idAuction }) : UNKNOWN;
      }
      case 'file': {
        const meta = await this.blobs.meta(id);
        if (!meta) return UNKNOWN;
        const [ownerKind, owner] = [meta.owner.slice(0, meta.owner.indexOf(':')), meta.owner.slice(meta.owner.indexOf(':') + 1)];
        if (meta.owner === `user:${actor.idUser}` || meta.owner === `dealer:${actor.idDealer}`) return OWN;
        if (ownerKind === 'dealer') return this.dealers.recordedMarketOf(owner) ?? 'OTHER';
        const user = this.readModel.users.get(streamId.user(owner));
        return user?.status === 'ACTIVE' ? user.data.idMarket ?? null : 'OTHER';
      }
    }
  }
}
