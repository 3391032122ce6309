import { Controller, Get, Param, Query } from '@nestjs/common';
import { Id, PageQuery } from '@auction/contracts';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { DealerQueries } from '../read/dealer-queries.js';
import { parse } from '../../platform/http/validation.js';

/**
 * The dealer's own views of `/api/v1/secure` (issue 11 item 23): a lot's bid history without other dealers' names,
 * the dealer's bids and wins, and the scheduled auctions with their start.
 */
@Controller('api/v1/secure')
export class DealerController {
  constructor(private readonly queries: DealerQueries, private readonly consistency: Consistency) {}

  @Get('auction/:idAuction/lot/:idLot/bids')
  @Roles('BUYER')
  async bids(@CurrentActor() actor: Actor, @Param('idAuction') idAuction: string, @Param('idLot') idLot: string, @Query() query: unknown) {
    const ids = [parse(Id, idAuction, 'idAuction'), parse(Id, idLot, 'idLot')] as const;
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.bidHistory(actor, ...ids, page);
  }

  @Get('my-bids')
  @Roles('BUYER')
  async myBids(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.myBids(actor, page);
  }

  @Get('scheduled-auctions')
  async scheduled(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const page = parse(PageQuery, query, 'query');
    await this.consistency.caughtUp(actor.idUser);
    return this.queries.scheduled(actor, page);
  }
}
