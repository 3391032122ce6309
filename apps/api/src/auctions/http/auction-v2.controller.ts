import { Controller, Get, Param, Query } from '@nestjs/common';
import { AuctionSortedLotsQuery, Id } from '@auction/contracts';
import { CurrentActor } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { parse } from '../../platform/http/validation.js';
import { AuctionQueries } from '../read/auction-queries.js';

/** The auction calls of `/api/v2/secure` (spec 02): the same queries as v1, with the lots sorted by the server. */
@Controller('api/v2/secure')
export class AuctionV2Controller {
  constructor(private readonly queries: AuctionQueries, private readonly consistency: Consistency) {}

  /** An auction with one page of its lots sorted on `sortField` in `sortOrder`, ties by lot number (v1's answer, sorted). */
  @Get('auction/:idAuction')
  async get(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Query() query: unknown) {
    const idAuction = parse(Id, id, 'idAuction');
    const page = parse(AuctionSortedLotsQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.auctionPage(actor, idAuction, false, page);
  }
}
