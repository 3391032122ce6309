import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CreateShowcaseRequest, FeedbackRequest, Id, PreemptRequest, ShowcaseQuery, VehicleIdsQuery, VehicleIdsRequest, VehicleSearchQuery,
} from '@auction/contracts';
import { DomainError, SHOWCASE_MANAGER_ROLES } from '@auction/domain';
import { CurrentActor, Roles } from '../auth/auth.guard.js';
import { GiveFeedbackCommand } from '../commands/feedback.handler.js';
import {
  AcceptShowcaseRegulationCommand, CreateShowcaseCommand, PreemptVehicleCommand, ShowcaseVehiclesCommand,
  type CreatedShowcase, type ShowcaseOutcome, type VehicleOperation,
} from '../commands/showcase.handlers.js';
import type { Actor } from '../engine/actor.js';
import { Consistency } from '../engine/consistency.js';
import { ShowcaseQueries } from '../read/showcase-queries.js';
import { CommandRunner } from './command-runner.js';
import { idempotencyKeyOf, parse } from './validation.js';

const managers = [...SHOWCASE_MANAGER_ROLES];

/** Query of `GET sold/{id}` (the contracts have none yet). */
const SoldQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
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
 * - Calls on several vehicles run one command per vehicle and answer 200 with an outcome per vehicle
 *   (`ok`, or `errorCode` and `errorMsg`); when every vehicle failed, the first error is the answer.
 */
@Controller('api/v1/secure/showcase')
export class ShowcaseController {
  constructor(private readonly runner: CommandRunner, private readonly queries: ShowcaseQueries, private readonly consistency: Consistency) {}

  @Post()
  @Roles(...managers)
  create(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<CreatedShowcase> {
    return this.runner.run(actor, new CreateShowcaseCommand(actor, parse(CreateShowcaseRequest, body), idempotencyKeyOf(headers), randomUUID()));
  }

  @Get()
  async catalogue(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { idMarket } = parse(ShowcaseQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.catalogue(actor, idMarket);
  }

  @Get('search-vehicles')
  async search(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const filters = parse(VehicleSearchQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.search(actor, filters);
  }

  @Post('add-to-myLot')
  @Roles('BUYER')
  @HttpCode(200)
  addToMyLot(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.onVehicles(actor, 'add-to-my-lot', parse(VehicleIdsRequest, body).idVehicles, headers);
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
  async myLot(@CurrentActor() actor: Actor) {
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.myLot(actor);
  }

  @Patch('book-myLot')
  @Roles('BUYER')
  async bookMyLot(@CurrentActor() actor: Actor, @Headers() headers: Record<string, unknown>) {
    await this.consistency.caughtUp(actor.idUser);
    const idVehicles = await this.queries.myLotToBook(actor);
    if (idVehicles.length === 0) throw new DomainError('MY_LOT_EMPTY', 'your lot has no vehicle to book');
    return this.onVehicles(actor, 'book', idVehicles, headers);
  }

  @Put('buy')
  @Roles('BUYER')
  buy(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.onVehicles(actor, 'buy', parse(VehicleIdsRequest, body).idVehicles, headers);
  }

  @Patch('preempt-vehicle')
  @Roles('BUYER')
  preempt(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<ShowcaseOutcome> {
    return this.runner.run(actor, new PreemptVehicleCommand(actor, parse(PreemptRequest, body).idVehicle, idempotencyKeyOf(headers), randomUUID()));
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

  @Post('feedback/:id')
  @Roles('BUYER')
  async feedback(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const idVehicle = parse(Id, id, 'idVehicle');
    const request = parse(FeedbackRequest, body);
    await this.consistency.caughtUp(actor.idUser);
    if (!(await this.queries.boughtByCaller(actor, idVehicle))) {
      throw new DomainError('BUYER_NOT_ELIGIBLE', 'only the dealer who bought this vehicle can rate the purchase');
    }
    return this.runner.run(actor, new GiveFeedbackCommand(actor, 'SHOWCASE', idVehicle, request.rating, request.idAuctioneer ?? null));
  }

  private onVehicles(actor: Actor, operation: VehicleOperation, idVehicles: readonly string[], headers: Record<string, unknown>) {
    return this.runner.run<ShowcaseOutcome[]>(actor, new ShowcaseVehiclesCommand(actor, operation, idVehicles, idempotencyKeyOf(headers), randomUUID()));
  }
}
