import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AdminDealerCreate, AdminDealerEdit, AdminDealerIdQuery, AdminDealerSearchQuery, AdminDealerToggle, DEALER_TO_CONFIGURE_CSV_COLUMNS, DealerDacQuery,
  DealerToConfigureQuery, type AdminDealerChanged, type AdminDealerDetail, type AdminDealerPage, type AdminDealerReference, type DealerDacList,
  type DealerToConfigureCount,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { toCsv } from '../../platform/http/report-file.js';
import { scopedMarkets } from '../../identity/admin-scope.js';
import { parse } from '../../platform/http/validation.js';
import { DealerChanges } from './dealer-changes.service.js';
import { DealerQueries } from './dealer-queries.service.js';
import { NO_STORE_HEADER, PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

// Answers carry business names, VAT codes, addresses, e-mails: never kept by a browser or a proxy (NO_STORE_HEADER).

/** The dealers back-office (`/api/v1/admin/dealer*`, spec 02 §7); ADMIN alone deletes. */
@Controller('api/v1/admin')
export class AdminDealersController {
  constructor(private readonly queries: DealerQueries, private readonly changes: DealerChanges) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealers-info/search')
  search(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerPage> {
    return this.queries.search(actor, parse(AdminDealerSearchQuery, query, 'query'));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer')
  get(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerDetail | AdminDealerPage> {
    // idDealer alone: that dealer's card. Any other filter (spec 02 §7 gives this call the search's filters): the page of
    // the dealers matching them, as dealers-info/search answers it; filters were silently ignored before.
    if (onlyIdDealer(query)) return this.queries.detail(actor, parse(AdminDealerIdQuery, query, 'query').idDealer);
    return this.queries.search(actor, parse(AdminDealerSearchQuery, query, 'query'));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Post('dealer')
  @HttpCode(201)
  create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    return this.changes.create(actor, parse(AdminDealerCreate, body));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Put('dealer')
  edit(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    return this.changes.edit(actor, parse(AdminDealerEdit, body));
  }

  @Roles('ADMIN')
  @Delete('dealer')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<void> {
    await this.changes.delete(actor, parse(AdminDealerIdQuery, query, 'query').idDealer);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer/dac')
  dac(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<DealerDacList> {
    return this.queries.dac(actor, parse(DealerDacQuery, query, 'query').vatCode);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer-to-configure')
  toConfigure(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerPage> {
    return this.queries.search(actor, parse(DealerToConfigureQuery, query, 'query'), { status: 'PENDING' });
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('dealer-to-configure/export')
  async export(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { limit: _l, offset: _o, sortField, sortOrder, idMarket, ...filters } = parse(DealerToConfigureQuery, query, 'query');
    const markets = scopedMarkets(actor, idMarket);
    const { items } = await this.queries.rows({ ...filters, markets, status: 'PENDING' }, { limit: null, offset: 0, sortField, sortOrder });
    const csv = toCsv([...DEALER_TO_CONFIGURE_CSV_COLUMNS], items.map((r) => DEALER_TO_CONFIGURE_CSV_COLUMNS.map((c) => r[c] ?? null)));
    void reply.status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="dealers-to-configure.csv"')
      .header('cache-control', PRIVATE_NO_STORE)
      .send(csv);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer-to-configure-count')
  async toConfigureCount(@CurrentActor() actor: Actor): Promise<DealerToConfigureCount> {
    return { count: await this.queries.toConfigureCount(actor) };
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('dealer-reference')
  reference(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDealerReference> {
    return this.queries.reference(actor, parse(AdminDealerIdQuery, query, 'query').idDealer);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Put('enable-dealer')
  enable(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminDealerChanged> {
    const { idDealer, flgEnabled } = parse(AdminDealerToggle, body);
    return this.changes.setEnabled(actor, idDealer, flgEnabled);
  }
}

/** True when a query names one dealer and nothing else (`?idDealer=…`). */
function onlyIdDealer(query: unknown): boolean {
  return typeof query === 'object' && query !== null && Object.keys(query).length === 1 && 'idDealer' in query;
}
