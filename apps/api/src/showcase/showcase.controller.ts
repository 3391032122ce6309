import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { UseGuards } from '@nestjs/common';
import { AnswersClosed, ShowcaseOpenGuard } from './access/showcase-open.guard.js';
import { showcaseClosedTo } from '../platform/engine/sales-access.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CreateShowcaseRequest, FeedbackRequest, Id, PageQuery, PreemptRequest, ShowcaseQuery, ShowcasePageQuery, type ShowcaseEnabled, UserShowcaseQuery,
  type UserShowcasePage, VehicleIdsQuery, VehicleIdsRequest, VehicleSearchPageQuery,
} from '@auction/contracts';
import { DomainError, ERROR_CODES, SHOWCASE_MANAGER_ROLES, type ErrorCodeName } from '@auction/domain';
import { CurrentActor, Roles } from '../identity/auth.guard.js';
import { GiveFeedbackCommand } from '../auctions/commands/feedback.handler.js';
import {
  AcceptShowcaseRegulationCommand, CreateShowcaseCommand, PreemptVehicleCommand, ShowcaseVehiclesCommand, WithdrawFromShowcaseCommand,
  type CreatedShowcase, type ShowcaseOutcome, type VehicleOperation,
} from './showcase.handlers.js';
import type { Actor } from '../identity/actor.js';
import { Consistency } from '../platform/engine/consistency.js';
import { ShowcaseQueries } from './showcase-queries.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/engine/tokens.js';
import { KeyedSerial } from '../platform/engine/keyed-serial.js';
import { CommandRunner } from '../platform/http/command-runner.js';
import { idempotencyKeyOf, parse } from '../platform/http/validation.js';

const managers = [...SHOWCASE_MANAGER_ROLES];

/** Query of `GET sold/{id}`: one page (the contracts' `PageQuery`: 1-100, default 50) in the order asked. */
const SoldQuery = PageQuery.extend({
  sortField: z.enum(['price', 'soldAt', 'licensePlate']).default('soldAt'),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('desc').transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});

/**
 * Showcase calls of `/api/v1/secure/showcase`: exhibitors list vehicles at a fixed price, dealers buy them.
 *
 * - A vehicle is sold once: of concurrent buys of one vehicle exactly one succeeds, the others get 409010
 *   (VEHICLE_SOLD). Buying again what one bought answers ok and changes nothing.
 * - Booking (`PATCH book-myLot`) holds every vehicle of the caller's my lot (except those the caller bought) for
 *   `BOOKING_HOLD_SECONDS` (default 1800): while the hold lasts only that dealer can buy the vehicle. Only a
 *   vehicle in one's my lot can be booked (409016). A vehicle another dealer holds is not booked (409011). A
 *   booking cannot be renewed: a dealer books a given vehicle once (409014), so nobody holds a vehicle forever;
 *   booking again during one's own hold changes nothing. An empty my lot is 409015.
 * - Pre-emption (`PATCH preempt-vehicle`) is a short exclusive hold of one vehicle nobody else holds
 *   (`PREEMPTION_HOLD_SECONDS`, default 300) to buy it at once, without adding it to one's my lot; once per
 *   dealer and vehicle (409013); refused while another dealer holds the vehicle (409011).
 * - A hold ends at its `holdUntil`, when the holder buys the vehicle, or when the holder removes the vehicle
 *   from their my lot. Meanwhile other dealers can neither buy, book nor pre-empt it (409011).
 * - Caps per dealer: a my lot holds at most `MY_LOT_MAX_VEHICLES` vehicles (default 20; bought ones not counted),
 *   further ones get 409018 (MY_LOT_FULL); a dealer holds at most `SHOWCASE_HOLDS_MAX` vehicles at once (default 10,
 *   bookings and pre-emptions together), further ones get 409019 (BOOKING_LIMIT_REACHED). A dealer's my-lot, booking
 *   and pre-emption calls run one at a time, so two calls at once cannot both pass a cap.
 * - Calls on several vehicles run one command per vehicle and answer 200 with an outcome per vehicle
 *   (`ok`, or `errorCode` and `errorMsg`); when every vehicle failed, the first error is the answer.
 */
@Controller('api/v1/secure/showcase')
@UseGuards(ShowcaseOpenGuard)
export class ShowcaseController {
  /** Per dealer: its capped calls run one at a time. */
  private readonly perDealer = new KeyedSerial();

  constructor(
    private readonly runner: CommandRunner, private readonly queries: ShowcaseQueries, private readonly consistency: Consistency,
    private readonly index: LiveReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Roles(...managers)
  create(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<CreatedShowcase> {
    return this.runner.run(actor, new CreateShowcaseCommand(actor, parse(CreateShowcaseRequest, body), idempotencyKeyOf(headers), randomUUID()));
  }

  /** Takes one vehicle out of its showcase: a loaded one back to stock, a typed-in one withdrawn (`WithdrawFromShowcase`). */
  @Delete('vehicle/:idVehicle')
  @Roles(...managers)
  withdraw(@CurrentActor() actor: Actor, @Param('idVehicle') id: string, @Headers() headers: Record<string, unknown>): Promise<ShowcaseOutcome> {
    const idVehicle = parse(Id, id, 'idVehicle');
    return this.runner.run<ShowcaseOutcome>(actor, new WithdrawFromShowcaseCommand(actor, idVehicle, idempotencyKeyOf(headers), randomUUID()));
  }

  /** The caller's own showcase vehicles (available, held, sold), newest listing first: the exhibitor's showcase management. */
  @Get('mine')
  @Roles(...managers)
  async mine(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.owned(actor, page);
  }

  @Get()
  async catalogue(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { idMarket, ...page } = parse(ShowcasePageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.catalogue(actor, idMarket, page);
  }

  /** The web's full showcase (`showcase-full`, spec 02): the catalogue of `idMarket` (or every market), one page at a time. */
  @Get('showcase-full')
  full(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.catalogue(actor, query);
  }

  /** Whether the showcase has vehicles the caller may see (of `idMarket`, or of every market): the client shows its tab then. */
  @Get('showcase-enabled')
  @AnswersClosed()
  async enabled(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ShowcaseEnabled> {
    const { idMarket } = parse(ShowcaseQuery, query, 'query');
    if (showcaseClosedTo(this.index, actor.idUser)) return { enabled: false };
    await this.consistency.caughtUp(actor.idUser);
    const page = await this.queries.catalogue(actor, idMarket, { limit: 1, offset: 0 });
    return { enabled: page.total > 0 };
  }

  @Get('search-vehicles')
  async search(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { limit, offset, ...filters } = parse(VehicleSearchPageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.search(actor, filters, { limit, offset });
  }

  @Post('add-to-myLot')
  @Roles('BUYER')
  @HttpCode(200)
  addToMyLot(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const { idVehicles } = parse(VehicleIdsRequest, body);
    return this.perDealer.run(actor.idUser, async () => {
      await this.consistency.caughtUp(actor.idUser);
      const inLot = new Set(await this.queries.myLotToBook(actor));
      return this.capped(actor, 'add-to-my-lot', idVehicles, inLot, this.config.myLotMaxVehicles - inLot.size, 'MY_LOT_FULL', headers);
    });
  }

  @Delete('remove-from-myLot')
  @Roles('BUYER')
  removeFromMyLot(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown> | undefined, @Headers() headers: Record<string, unknown>) {
    // The spec's clients send `idVehicles[]`; `idVehicles=a,b` and a repeated `idVehicles` work too.
    const idVehicles = query?.['idVehicles'] ?? query?.['idVehicles[]'];
    return this.onVehicles(actor, 'remove-from-my-lot', parse(VehicleIdsQuery, { idVehicles }, 'query').idVehicles, headers);
  }

  @Get('myLot')
  @Roles('BUYER')
  async myLot(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.myLot(actor, page);
  }

  @Patch('book-myLot')
  @Roles('BUYER')
  bookMyLot(@CurrentActor() actor: Actor, @Headers() headers: Record<string, unknown>) {
    return this.perDealer.run(actor.idUser, async () => {
      await this.consistency.caughtUp(actor.idUser);
      const idVehicles = await this.queries.myLotToBook(actor);
      if (idVehicles.length === 0) throw new DomainError('MY_LOT_EMPTY', 'your lot has no vehicle to book');
      const held = new Set(await this.queries.heldByViewer(actor));
      return this.capped(actor, 'book', idVehicles, held, this.config.showcaseHoldsMax - held.size, 'BOOKING_LIMIT_REACHED', headers);
    });
  }

  @Put('buy')
  @Roles('BUYER')
  buy(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.onVehicles(actor, 'buy', parse(VehicleIdsRequest, body).idVehicles, headers);
  }

  @Patch('preempt-vehicle')
  @Roles('BUYER')
  preempt(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<ShowcaseOutcome> {
    const { idVehicle } = parse(PreemptRequest, body);
    return this.perDealer.run(actor.idUser, async () => {
      await this.consistency.caughtUp(actor.idUser);
      const held = await this.queries.heldByViewer(actor);
      if (!held.includes(idVehicle) && held.length >= this.config.showcaseHoldsMax) {
        throw new DomainError('BOOKING_LIMIT_REACHED', `you already hold ${held.length} vehicles, the most one dealer may hold`);
      }
      return this.runner.run<ShowcaseOutcome>(actor, new PreemptVehicleCommand(actor, idVehicle, idempotencyKeyOf(headers), randomUUID()));
    });
  }

  @Patch('accept-regulation')
  @Roles('BUYER')
  @HttpCode(204)
  async acceptRegulation(@CurrentActor() actor: Actor): Promise<void> {
    await this.runner.run(actor, new AcceptShowcaseRegulationCommand(actor, randomUUID()));
  }

  @Get('accepted-regulation')
  @Roles('BUYER')
  async acceptedRegulation(@CurrentActor() actor: Actor) {
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.acceptedRegulation(actor);
  }

  @Get('sold/:id')
  @Roles(...managers)
  async sold(@CurrentActor() actor: Actor, @Param('id') id: string, @Query() query: unknown) {
    const idShowcase = parse(Id, id, 'idShowcase');
    const page = parse(SoldQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.sold(actor, idShowcase, page);
  }

  /**
   * The staff view of one dealer user's showcase activity (`user-showcase`): its my lot, holds and purchases, as the
   * caller may see them (ShowcaseQueries.userShowcase); one page in the order asked.
   */
  @Get('user-showcase')
  @Roles('ADMIN', 'CUSTOMER_CENTER', 'EXHIBITOR')
  async userShowcase(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<UserShowcasePage> {
    const parsed = parse(UserShowcaseQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.userShowcase(actor, parsed);
  }

  @Post('feedback/:id')
  @Roles('BUYER')
  async feedback(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const idVehicle = parse(Id, id, 'idVehicle');
    const request = parse(FeedbackRequest, body);
    await this.consistency.caughtUp(actor.idUser);
    if (!(await this.queries.boughtByCaller(actor, idVehicle))) {
      throw new DomainError('BUYER_NOT_ELIGIBLE', 'only the dealer who bought this vehicle can rate the purchase');
    }
    const sale = (await this.queries.saleOf(idVehicle)) ?? { idOwner: null, idMarket: null, provenance: null, idTemplate: null };
    return this.runner.run(actor, new GiveFeedbackCommand(actor, { kind: 'SHOWCASE', idVehicle, sale }, request.rating, request.idAuctioneer ?? null));
  }

  /**
   * Runs the operation on the vehicles already counted (`counted`) and on at most `room` others, in the order asked;
   * the rest get `refusal`. When none may run, `refusal` is the answer.
   */
  private async capped(
    actor: Actor, operation: VehicleOperation, idVehicles: readonly string[], counted: ReadonlySet<string>, room: number,
    refusal: ErrorCodeName, headers: Record<string, unknown>,
  ): Promise<ShowcaseOutcome[]> {
    const allowed = idVehicles.filter((id) => counted.has(id) || room-- > 0);
    const message = refusal === 'MY_LOT_FULL' ? 'your lot is full' : 'you hold the most vehicles one dealer may hold';
    if (allowed.length === 0) throw new DomainError(refusal, message);
    const ran = new Map((await this.onVehicles(actor, operation, allowed, headers)).map((o) => [o.idVehicle, o]));
    return idVehicles.map((idVehicle) => ran.get(idVehicle) ?? { idVehicle, ok: false, errorCode: ERROR_CODES[refusal], errorMsg: message });
  }

  private onVehicles(actor: Actor, operation: VehicleOperation, idVehicles: readonly string[], headers: Record<string, unknown>) {
    return this.runner.run<ShowcaseOutcome[]>(actor, new ShowcaseVehiclesCommand(actor, operation, idVehicles, idempotencyKeyOf(headers), randomUUID()));
  }
}
