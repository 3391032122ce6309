import { Body, Controller, Get, Header, Put, Query } from '@nestjs/common';
import {
  AdminDealerSearchQuery, AdminDealerToggle, DealerAuctioneerQuery, type AdminDealerChanged, type AdminDealerPage, type DealerPickerPage,
} from '@auction/contracts';
import type { DealerCapability } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { DealerChanges } from '../dealers/dealer-changes.service.js';
import { DealerQueries } from '../dealers/dealer-queries.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

/**
 * Partner dealers (spec 02 §7): the auctioneer and exhibitor lists with the dealer filters, the auctioneer picker of a
 * market, and the capability switches (ADMIN), each of which grants or takes the matching role of the dealer's
 * reference user.
 */
@Controller('api/v1/admin')
export class PartnerDealersController {
  constructor(private readonly queries: DealerQueries, private readonly changes: DealerChanges) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('auctioneer')
  auctioneers(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerPage> {
    return this.queries.search(actor, parse(AdminDealerSearchQuery, query, 'query'), { capability: 'auctioneer' });
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('exhibitor')
  exhibitors(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerPage> {
    return this.queries.search(actor, parse(AdminDealerSearchQuery, query, 'query'), { capability: 'exhibitor' });
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer-auctioneer')
  auctioneersOfMarket(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<DealerPickerPage> {
    return this.queries.auctioneersOf(actor, parse(DealerAuctioneerQuery, query, 'query'));
  }

  @Roles('ADMIN')
  @Put('enable-auctioneer')
  enableAuctioneer(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    return this.toggle(actor, body, 'auctioneer');
  }

  @Roles('ADMIN')
  @Put('enable-exhibitor')
  enableExhibitor(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    return this.toggle(actor, body, 'exhibitor');
  }

  @Roles('ADMIN')
  @Put('enable-multi-auctioneer')
  enableMultiAuctioneer(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    return this.toggle(actor, body, 'multiAuctioneer');
  }

  private toggle(actor: Actor, body: unknown, capability: DealerCapability): Promise<AdminDealerChanged> {
    const { idDealer, flgEnabled } = parse(AdminDealerToggle, body);
    return this.changes.setCapability(actor, idDealer, capability, flgEnabled);
  }
}
