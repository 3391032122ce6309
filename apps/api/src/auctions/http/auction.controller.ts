import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AuctionFullQuery, AuctionLotsQuery, AuctionMessageRequest, AuctionManagementPageQuery, CreateAuctionRequest, EditAuctionRequest, FeedbackRequest, Id, NotAwardRequest, ObserveQuery,
  OffersReportQuery, PageQuery, PlaceOfferRequest, PurchasePageQuery, ResizeTimeRequest, RunningAuctionsQuery,
} from '@auction/contracts';
import { AUCTION_MANAGER_ROLES, DomainError } from '@auction/domain';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { AwardCommand, type AwardOperation } from '../commands/award.handlers.js';
import { CreateAuctionCommand } from '../commands/create-auction.handler.js';
import { DeleteAuctionCommand, EditAuctionCommand, ResizeTimeCommand, WithdrawLotCommand } from '../commands/manage-auction.handlers.js';
import { ObserveLotCommand, PlaceOfferCommand, type PlaceOfferOutcome } from '../commands/place-offer.handler.js';
import { AcceptRegulationCommand } from '../commands/run-auction.handlers.js';
import { TransitionScheduler } from '../scheduler/transition-scheduler.js';
import { GiveFeedbackCommand } from '../commands/feedback.handler.js';
import { SetAuctionMessageCommand } from '../commands/auction-message.handler.js';
import type { Actor } from '../../identity/actor.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { AuctionQueries } from '../read/auction-queries.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import { attachmentDisposition, csvStream, xlsxStream } from '../../platform/http/report-file.js';
import { ReportFileQuery, awardedOffers, exportLanguage, offersExporter } from './offers-export.js';
import { AuthService } from '../../identity/auth.service.js';
import { Metrics } from '../../platform/metrics/metrics.js';
import { idempotencyKeyOf, parse } from '../../platform/http/validation.js';
import { arrivalOf } from '../../platform/http/arrival-time.js';
import { ClaimInTurn, admissionOf } from '../../platform/idempotency/claim-in-turn.js';
import { inTurnOf } from '../scheduler/offers-in-flight.js';

const managers = [...AUCTION_MANAGER_ROLES];

/** Auction, offer and award calls of `/api/v1/secure`. */
@Controller('api/v1/secure')
export class AuctionController {
  constructor(
    private readonly runner: CommandRunner, private readonly queries: AuctionQueries,
    private readonly consistency: Consistency, private readonly metrics: Metrics, private readonly auth: AuthService,
    private readonly scheduler: TransitionScheduler,
  ) {}

  @Post('auction')
  @Roles(...managers)
  create(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.runner.run(actor, new CreateAuctionCommand(actor, parse(CreateAuctionRequest, body), idempotencyKeyOf(headers), randomUUID()));
  }

  @Put('auction')
  @Roles(...managers)
  edit(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.runner.run(actor, new EditAuctionCommand(actor, parse(EditAuctionRequest, body), randomUUID()));
  }

  @Get('auction/observed')
  @Roles('BUYER')
  async observed(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.observed(actor, page);
  }

  @Get('auction/:idAuction')
  async get(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const page = parse(AuctionLotsQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.auctionPage(actor, idAuction, false, page);
  }

  /** The auction with one page of its lots and the caller's own state on them (an auction of 2,000 lots: 100 at a time). */
  @Get('auctionFull')
  async full(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { idAuction, ...page } = parse(AuctionFullQuery.extend(AuctionLotsQuery.shape), query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.auctionPage(actor, idAuction, true, page);
  }

  @Get('running-auctions')
  async running(@CurrentActor() actor: Actor, @Query() query: unknown) {
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.running(actor, parse(RunningAuctionsQuery, query, 'query'));
  }

  @Get('running-auctions/search')
  runningSearch(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.running(actor, query);
  }

  /** One page of the caller's own auctions (ADMIN: all), newest start first, for the management screen. */
  @Get('auction-management')
  @Roles(...managers)
  async managed(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const filters = parse(AuctionManagementPageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.managed(actor, filters);
  }

  @Patch('auction/:idAuction/accept-regulation')
  @Roles('BUYER')
  @HttpCode(204)
  async acceptRegulation(@CurrentActor() actor: Actor, @Param('idAuction') id: string): Promise<void> {
    await this.runner.run(actor, new AcceptRegulationCommand(actor, parse(Id, id, 'idAuction'), randomUUID()));
  }

  @Get('auction/:idAuction/accepted-regulation')
  @Roles('BUYER')
  async acceptedRegulation(@CurrentActor() actor: Actor, @Param('idAuction') id: string) {
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.acceptedRegulation(actor, parse(Id, id, 'idAuction'));
  }

  @Post('auction/:idAuction/offer/:idLot')
  @Roles('BUYER')
  @ClaimInTurn()
  async offer(
    @CurrentActor() actor: Actor, @Param('idAuction') idAuction: string, @Param('idLot') idLot: string,
    @Body() body: unknown, @Headers() headers: Record<string, unknown>, @Req() request: FastifyRequest,
  ) {
    const { offer, clickAndBuy } = parse(PlaceOfferRequest, body);
    const command = new PlaceOfferCommand(
      actor, parse(Id, idAuction, 'idAuction'), parse(Id, idLot, 'idLot'), offer, clickAndBuy, idempotencyKeyOf(headers), randomUUID(),
      arrivalOf(request), admissionOf(request), inTurnOf(request),
    );
    try {
      const { closedByBuyNow, ...answer } = await this.runner.run<PlaceOfferOutcome['reply']>(actor, command);
      this.metrics.offers.inc({ outcome: 'accepted', code: '' });
      if (closedByBuyNow) this.scheduler.follow(idAuction);
      return answer;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.metrics.offers.inc({ outcome: 'refused', code: typeof code === 'number' ? String(code) : 'other' });
      throw error;
    }
  }

  @Post('auction/:idAuction/observe/:idLot')
  @Roles('BUYER')
  @HttpCode(204)
  async observe(@CurrentActor() actor: Actor, @Param('idAuction') idAuction: string, @Param('idLot') idLot: string, @Query() query: unknown): Promise<void> {
    const { endObservation } = parse(ObserveQuery, query, 'query');
    await this.runner.run(actor, new ObserveLotCommand(actor, parse(Id, idAuction, 'idAuction'), parse(Id, idLot, 'idLot'), endObservation, randomUUID()));
  }

  @Patch('auction/:idAuction/resize-time')
  @Roles(...managers)
  resize(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    return this.runner.run(actor, new ResizeTimeCommand(actor, parse(Id, id, 'idAuction'), parse(ResizeTimeRequest, body).endDate, randomUUID()));
  }

  /** The auction's own message to dealers, shown before they accept its regulation (blank clears it). */
  @Patch('auction/:idAuction/auction-message')
  @Roles(...managers)
  auctionMessage(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const { message } = parse(AuctionMessageRequest, body);
    return this.runner.run(actor, new SetAuctionMessageCommand(actor, idAuction, message, randomUUID()));
  }

  @Patch('auction/:idAuction/award/:idLot/:idOffer')
  @Roles(...managers)
  async awardOne(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Param('idLot') idLot: string, @Param('idOffer') idOffer: string) {
    const lots = await this.award(actor, id, { kind: 'award-one', idLot: parse(Id, idLot, 'idLot'), idOffer: parse(Id, idOffer, 'idOffer') });
    return lots[0];
  }

  @Patch('auction/:idAuction/award')
  @Roles(...managers)
  awardAll(@CurrentActor() actor: Actor, @Param('idAuction') id: string) {
    return this.award(actor, id, { kind: 'award-all' });
  }

  @Post('auction/:idAuction/not-award')
  @Roles(...managers)
  @HttpCode(200)
  notAward(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    return this.award(actor, id, { kind: 'not-award', idLots: parse(NotAwardRequest, body).idLots });
  }

  @Patch('auction/:idAuction/revert-award/:idLot')
  @Roles(...managers)
  async revert(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Param('idLot') idLot: string) {
    const lots = await this.award(actor, id, { kind: 'revert', idLot: parse(Id, idLot, 'idLot') });
    return lots[0];
  }

  @Delete('auction/:idAuction')
  @Roles(...managers)
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('idAuction') id: string): Promise<void> {
    await this.runner.run(actor, new DeleteAuctionCommand(actor, parse(Id, id, 'idAuction'), randomUUID()));
  }

  /** Withdraws one lot of a scheduled auction; `idVehicle` names its vehicle (`-` or `0`: a lot without one). */
  @Delete('auction/:idAuction/lot-detail/:idLot/:idVehicle')
  @Roles(...managers)
  withdrawLot(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Param('idLot') lot: string, @Param('idVehicle') vehicle: string) {
    return this.runner.run(actor, new WithdrawLotCommand(actor, parse(Id, id, 'idAuction'), parse(Id, lot, 'idLot'), parse(Id, vehicle, 'idVehicle'), randomUUID()));
  }

  @Get('auction/:idAuction/auction-offers-report')
  @Roles(...managers)
  async offersReport(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const { idLot, ...page } = parse(OffersReportQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.offersReport(actor, idAuction, page, idLot);
  }

  @Get('auction/:idAuction/create-report')
  @Roles(...managers)
  async report(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown, @Res() reply: FastifyReply) {
    const { typeExport, lang } = parse(ReportFileQuery, query, 'query');
    const idAuction = parse(Id, id, 'idAuction');
    await this.consistency.caughtUp(actor.idUser);
    const auction = await this.queries.auction(actor, idAuction, false);
    const winners = await this.queries.offerUsernames(idAuction, awardedOffers(auction));
    const language = exportLanguage(lang, this.auth.profile(actor.idUser).preferredLanguage);
    const file = offersExporter(auction, winners, language, typeExport === 'CSV' ? 'text' : 'number');
    // The offers are read and written a batch at a time: a big auction's report is never held whole in memory.
    const batches = this.queries.offersReportBatches(actor, idAuction);
    const first = await batches.next(); // the owner check runs before any byte is sent
    const rows = (async function* () {
      if (!first.done) yield first.value.map(file.rowOf);
      for await (const batch of batches) yield batch.map(file.rowOf);
    })();
    const name = `${file.fileName}.${typeExport.toLowerCase()}`;
    void reply.header('content-disposition', attachmentDisposition(name)).header('content-language', language);
    if (typeExport === 'CSV') return reply.type('text/csv; charset=utf-8').send(Readable.from(csvStream(file.header, rows, file.separator)));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(xlsxStream(file.header, rows, file.sheet));
  }

  @Get('purchases')
  @Roles('BUYER')
  async purchases(@CurrentActor() actor: Actor, @Query() query: unknown) {
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.purchases(actor, parse(PurchasePageQuery, query, 'query'));
  }

  @Post('auction/:idAuction/feedback')
  @Roles('BUYER')
  async feedback(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const request = parse(FeedbackRequest, body);
    await this.consistency.caughtUp(actor.idUser);
    if (!(await this.queries.wonIn(actor, idAuction))) {
      // An unknown auction is not found (AUCTION_NOT_FOUND), as the guard answers for an auction of a template the
      // caller is not enabled for: the refusal must not tell a hidden auction from one that does not exist.
      await this.queries.auctionOwner(idAuction);
      throw new DomainError('BUYER_NOT_ELIGIBLE', 'only a dealer who won in this auction can rate it');
    }
    return this.runner.run(actor, new GiveFeedbackCommand(actor, { kind: 'AUCTION', idAuction }, request.rating, request.idAuctioneer ?? null));
  }

  private async award(actor: Actor, idAuction: string, operation: AwardOperation) {
    return this.runner.run<unknown[]>(actor, new AwardCommand(actor, parse(Id, idAuction, 'idAuction'), operation, randomUUID()));
  }

}
