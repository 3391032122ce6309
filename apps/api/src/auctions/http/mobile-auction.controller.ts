import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES, MobileOfferQuery } from '@auction/contracts';
import { CurrentActor, NotForReadOnly, Roles, TokenOnly } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { parse } from '../../platform/http/validation.js';
import { ClaimInTurn } from '../../platform/idempotency/claim-in-turn.js';
import { AuctionController } from './auction.controller.js';
import { LotLookupsController } from './lot-lookups.controller.js';

/** Headers only a browser sends: a page's request (`Origin`, `Sec-Fetch-Site`, `Sec-Fetch-Dest`). */
const BROWSER_HEADERS = ['origin', 'sec-fetch-site', 'sec-fetch-dest'] as const;

/**
 * The offer sent as a GET changes state: a browser page must never be able to send it (a link, a form, an image, a
 * page's fetch). The token header already keeps a plain link out; this refuses any request a browser marks as its
 * own. `Sec-Fetch-Mode: cors` alone is not a browser's (a browser's CORS request carries `Origin` and
 * `Sec-Fetch-Site`): it is what Node's and Deno's fetch send on every request.
 */
function refuseBrowser(request: FastifyRequest): void {
  const mode = request.headers['sec-fetch-mode'];
  if (BROWSER_HEADERS.some((h) => request.headers[h] !== undefined) || (mode !== undefined && mode !== 'cors')) {
    throw new AccessError(403, API_ERROR_CODES.MOBILE_CALL_FROM_BROWSER, 'the offer sent as a GET is the mobile app\'s: a browser page cannot send it');
  }
}

/**
 * The mobile app's auction calls (`/api/v1/mobile`, spec 02 "Mobile"): the `token` header only (a session cookie is
 * not read), each the web call of the same name run by the same handler (`AuctionController`, `LotLookupsController`
 * through `ModuleRef`, the one instance Nest made), so no rule is written twice. Roles are the web call's.
 */
@Controller('api/v1/mobile')
@TokenOnly()
export class MobileAuctionController implements OnModuleInit {
  private web!: AuctionController;
  private lookups!: LotLookupsController;

  constructor(private readonly modules: ModuleRef) {}

  onModuleInit(): void {
    this.web = this.modules.get(AuctionController, { strict: true });
    this.lookups = this.modules.get(LotLookupsController, { strict: true });
  }

  @Get('auctionFull')
  full(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.full(actor, query);
  }

  @Get('auctionFull/:idAuction/search')
  search(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    return this.lookups.search(actor, id, query);
  }

  @Get('auction/running')
  running(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.running(actor, query);
  }

  @Get('auction/observed')
  @Roles('BUYER')
  observed(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.observed(actor, query);
  }

  @Post('auction/observed')
  @Roles('BUYER')
  @HttpCode(200)
  observedSearch(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.lookups.observedSearch(actor, body);
  }

  @Get('auction/:idAuction/observed')
  @Roles('BUYER')
  observedIn(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    return this.lookups.observedIn(actor, id, query);
  }

  @Post('auction/:idAuction/observed')
  @Roles('BUYER')
  @HttpCode(200)
  observeLots(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    return this.lookups.observeLots(actor, id, body);
  }

  @Post('auction/:idAuction/observe/:idLot')
  @Roles('BUYER')
  @HttpCode(204)
  observe(@CurrentActor() actor: Actor, @Param('idAuction') idAuction: string, @Param('idLot') idLot: string, @Query() query: unknown): Promise<void> {
    return this.web.observe(actor, idAuction, idLot, query);
  }

  @Get('auction/:idAuction/accepted-regulation')
  @Roles('BUYER')
  acceptedRegulation(@CurrentActor() actor: Actor, @Param('idAuction') id: string) {
    return this.web.acceptedRegulation(actor, id);
  }

  @Patch('auction/:idAuction/accept-regulation')
  @Roles('BUYER')
  @HttpCode(204)
  acceptRegulation(@CurrentActor() actor: Actor, @Param('idAuction') id: string): Promise<void> {
    return this.web.acceptRegulation(actor, id);
  }

  /**
   * The offer as the spec's app sends it: a GET with the amount in the query. It is the web offer (same command, same
   * rules: arrival time, money, Idempotency-Key claimed in turn), refused to a read-only user as any change, to a
   * browser page (403220), never cached (every /mobile answer is `private, no-store`).
   */
  @Get('auction/:idAuction/offer/:idLot')
  @Roles('BUYER')
  @NotForReadOnly()
  @ClaimInTurn()
  offer(
    @CurrentActor() actor: Actor, @Param('idAuction') idAuction: string, @Param('idLot') idLot: string,
    @Query() query: unknown, @Headers() headers: Record<string, unknown>, @Req() request: FastifyRequest,
  ) {
    refuseBrowser(request);
    const { offer, clickAndBuy } = parse(MobileOfferQuery, query, 'query');
    return this.web.offer(actor, idAuction, idLot, { offer, clickAndBuy }, headers, request);
  }

  @Get('auction/:idAuction/base')
  base(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    return this.lookups.base(actor, id, query);
  }

  @Post('auction/:idAuction/feedback')
  @Roles('BUYER')
  feedback(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown) {
    return this.web.feedback(actor, id, body);
  }

  @Get('random-vehicle')
  randomVehicle(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.lookups.randomVehicle(actor, query);
  }

  @Get('purchases')
  @Roles('BUYER')
  purchases(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.purchases(actor, query);
  }
}
