import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { randomInt, randomUUID } from 'node:crypto';
import {
  AuctionFullQuery, AuctionIdsQuery, AuctionLotSearchQuery, AuctionLotsQuery, Id, LotBaseQuery, ObserveLotsRequest, ObservedSearchRequest,
  PageQuery, RandomVehicleQuery, type LotBase, type LotDetail, type Page, type RandomVehicle,
} from '@auction/contracts';
import { API_ERROR_CODES } from '@auction/contracts';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { ObserveLotCommand } from '../commands/place-offer.handler.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { LOT_VEHICLES, type LotVehicles } from '../../platform/engine/lot-vehicles.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import { parse } from '../../platform/http/validation.js';
import { AuctionQueries } from '../read/auction-queries.js';

/** Resolution of the random pick of `random-vehicle` (a whole number below it, scaled to [0, 1)). */
const PICK_RANGE = 1_000_000;

/** A query's list of ids, sent as `name[]=a&name[]=b` (the spec's clients), `name=a,b` or a repeated `name`. */
function idsOf(query: unknown, name: string): Record<string, unknown> {
  const q = (query ?? {}) as Record<string, unknown>;
  const { [`${name}[]`]: bracketed, ...rest } = q;
  return { ...rest, [name]: q[name] ?? bracketed };
}

/**
 * The auction reads of `/api/v1/secure` the mobile app mirrors (spec 02 "Secure auctions"): auctions by ids, an
 * auction's lots searched, without the caller's offers, the lots' prices, a random running lot, observed lots of one
 * auction and observing several lots at once. Every rule is the read model's or the observe command's.
 */
@Controller('api/v1/secure')
export class LotLookupsController {
  constructor(
    private readonly runner: CommandRunner, private readonly queries: AuctionQueries, private readonly consistency: Consistency,
    @Inject(LOT_VEHICLES) private readonly vehicles: LotVehicles,
  ) {}

  @Get('auction')
  async byIds(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { ids, ...page } = parse(AuctionIdsQuery, idsOf(query, 'ids'), 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.byIds(actor, ids, page);
  }

  @Get('auctionFull/:idAuction/search')
  async search(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const { limit, offset, ...filters } = parse(AuctionLotSearchQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.auctionPage(actor, idAuction, true, { limit, offset }, filters);
  }

  /** As auctionFull, without the caller's own offers and observations on the lots. */
  @Get('auctionFullNoOffer')
  async fullNoOffer(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { idAuction, ...page } = parse(AuctionFullQuery.extend(AuctionLotsQuery.shape), query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.auctionPage(actor, idAuction, false, page);
  }

  @Get('auction/:idAuction/base')
  async base(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown): Promise<Page<LotBase>> {
    const idAuction = parse(Id, id, 'idAuction');
    const { idLot, limit, offset } = parse(LotBaseQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    const page = await this.queries.auctionPage(actor, idAuction, false, { limit, offset, ...(idLot ? { idLot } : {}) });
    const items = page.lots.map((l) => ({
      idLot: l.idLot, lotNumber: l.lotNumber, basePrice: l.basePrice, minIncrement: l.minIncrement, buyNowPrice: l.buyNowPrice,
      bestOffer: l.bestOffer, nextMinimumOffer: l.nextMinimumOffer,
    }));
    return { items, total: page.lotsPage.total, limit, offset };
  }

  /**
   * One lot of an auction as the caller may see it (the reserve only to its owner and staff, as every lot view), with its
   * vehicle's sheet, photos and documents when the caller may see the vehicle (the vehicles' rule, through `LOT_VEHICLES`).
   */
  @Get('auction/:idAuction/lot-detail/:idLot')
  async lotDetail(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Param('idLot') lot: string): Promise<LotDetail> {
    const idAuction = parse(Id, id, 'idAuction');
    const idLot = parse(Id, lot, 'idLot');
    await this.consistency.caughtUp(actor.idUser);
    const page = await this.queries.auctionPage(actor, idAuction, true, { limit: 1, offset: 0, idLot });
    const shown = page.lots[0]!;
    const vehicle = shown.idVehicle ? await this.vehicles.detail(actor, shown.idVehicle) : null;
    return { idAuction, auctionName: page.auctionName, lot: shown, vehicle: vehicle?.vehicle ?? null, idPhotos: vehicle?.idPhotos ?? [], idDocuments: vehicle?.idDocuments ?? [] };
  }

  @Get('random-vehicle')
  async randomVehicle(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<RandomVehicle> {
    const { idAuctions } = parse(RandomVehicleQuery, idsOf(query, 'idAuctions'), 'query');
    await this.consistency.caughtUp(actor.idUser);
    const lot = await this.queries.randomRunningLot(actor, idAuctions, randomInt(PICK_RANGE) / PICK_RANGE);
    if (!lot) throw new AccessError(404, API_ERROR_CODES.NO_RUNNING_LOT, 'none of these auctions has a running lot');
    return lot;
  }

  @Get('auction/:idAuction/observed')
  @Roles('BUYER')
  async observedIn(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    await this.queries.auctionOwner(idAuction); // an unknown auction is 404, not an empty page
    return this.queries.observed(actor, page, [idAuction]);
  }

  /** Observes (or stops observing) several lots of one auction, one observe command each, in the order given. */
  @Post('auction/:idAuction/observed')
  @Roles('BUYER')
  @HttpCode(200)
  async observeLots(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const { idLots, endObservation } = parse(ObserveLotsRequest, body);
    for (const idLot of idLots) await this.runner.run(actor, new ObserveLotCommand(actor, idAuction, idLot, endObservation, randomUUID()));
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.observed(actor, { limit: 100, offset: 0 }, [idAuction]);
  }

  /** The observed lots of some auctions (none named: all), the list of auctions in a body as the app sends it. */
  @Post('auction/observed')
  @Roles('BUYER')
  @HttpCode(200)
  async observedSearch(@CurrentActor() actor: Actor, @Body() body: unknown) {
    // No body reads as {} (every auction, the first page); a body that is there, null included, must be the object.
    const { idAuctions, ...page } = parse(ObservedSearchRequest, body === undefined ? {} : body);
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.observed(actor, page, idAuctions);
  }
}
