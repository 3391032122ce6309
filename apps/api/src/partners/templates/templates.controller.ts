import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AdminMultiAuctioneerTemplateQuery, EXPORT_BUYERS_CSV_COLUMNS, MultiAuctioneerTemplateLink, EnabledTemplateQuery, ExportBuyersQuery, MarketTemplateChange, MarketTemplateQuery, MultiAuctioneerTemplateQuery, MultiAuctioneerTemplatesQuery, TemplateCreate, TemplateEdit, TemplateIdQuery, TemplateInfoQuery,
  TemplateListQuery, TemplatePathParams, TemplateToggle, UserBuyerTemplateChange, UserBuyerTemplateQuery, UsersBuyerTemplateChange, UsersBuyerTemplateQuery,
  type TemplateBuyerPage, type TemplatePage, type TemplateView, type UserBuyerTemplate,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { csvStream } from '../../platform/http/report-file.js';
import { parse } from '../../platform/http/validation.js';
import { Templates } from './templates.service.js';
import { NO_STORE_HEADER, PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

const MANAGERS = ['ADMIN', 'AUCTIONEER', 'MULTI_AUCTIONEER'] as const;

/** The templates of the secure area (`/api/v1/secure/template*`, spec 02 "Template service"). */
@Controller('api/v1/secure')
export class TemplatesController {
  constructor(private readonly templates: Templates) {}

  @Roles(...MANAGERS)
  @Post('template')
  @HttpCode(201)
  create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    return this.templates.create(actor, parse(TemplateCreate, body));
  }

  @Roles(...MANAGERS)
  @Put('template')
  edit(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    return this.templates.edit(actor, parse(TemplateEdit, body));
  }

  @Roles(...MANAGERS)
  @Delete('template')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<void> {
    await this.templates.delete(actor, parse(TemplateIdQuery, query, 'query').id);
  }

  @Header(...NO_STORE_HEADER)
  @Get('template')
  list(@CurrentActor() actor: Actor, @Query() query: unknown): TemplatePage {
    return this.templates.list(actor, parse(TemplateListQuery, query, 'query'));
  }

  @Header(...NO_STORE_HEADER)
  @Get('template/:idTemplate')
  one(@CurrentActor() actor: Actor, @Param() params: unknown): TemplateView {
    return this.templates.get(actor, parse(TemplatePathParams, params, 'path').idTemplate);
  }

  @Header(...NO_STORE_HEADER)
  @Get('enabled-template')
  enabled(@CurrentActor() actor: Actor, @Query() query: unknown): TemplateView[] {
    return this.templates.enabled(actor, parse(EnabledTemplateQuery, query, 'query').ids);
  }

  @Get('template-info')
  info(@Query() query: unknown): TemplateView[] {
    return this.templates.ofMarket(parse(TemplateInfoQuery, query, 'query').market);
  }

  @Header(...NO_STORE_HEADER)
  @Get('multi-auctioneer-template')
  ofProvenance(@CurrentActor() actor: Actor, @Query() query: unknown): TemplatePage {
    const { provenance } = parse(MultiAuctioneerTemplateQuery, query, 'query');
    return this.templates.list(actor, parse(TemplateListQuery, { provenance, limit: '100' }, 'query'));
  }

  @Header(...NO_STORE_HEADER)
  @Get('multi-auctioneer-templates')
  ofDealer(@CurrentActor() actor: Actor, @Query() query: unknown): TemplatePage {
    const { idDealer } = parse(MultiAuctioneerTemplatesQuery, query, 'query');
    return this.templates.list(actor, parse(TemplateListQuery, { idDealer, limit: '100' }, 'query'));
  }
}

/** The templates of the back-office (`/api/v1/admin/*template*`, spec 02 §7). */
@Controller('api/v1/admin')
export class AdminTemplatesController {
  constructor(private readonly templates: Templates) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('template')
  list(@CurrentActor() actor: Actor, @Query() query: unknown): TemplatePage {
    return this.templates.list(actor, parse(TemplateListQuery, query, 'query'));
  }

  @Roles('ADMIN')
  @Put('enable-template')
  enable(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    const { idTemplate, flgEnabled } = parse(TemplateToggle, body);
    return this.templates.setEnabled(actor, idTemplate, flgEnabled);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('user-buyer-template')
  userTemplates(@CurrentActor() actor: Actor, @Query() query: unknown): UserBuyerTemplate {
    return this.templates.ofUser(actor, parse(UserBuyerTemplateQuery, query, 'query').idUser);
  }

  @Roles('ADMIN')
  @Put('user-buyer-template')
  async setUserTemplate(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<UserBuyerTemplate> {
    const { idUser, idTemplate, flgEnabled } = parse(UserBuyerTemplateChange, body);
    await this.templates.setBuyers(actor, idTemplate, [this.templates.dealerOfUser(idUser)], flgEnabled);
    return this.templates.ofUser(actor, idUser);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('users-buyer-template')
  buyers(@CurrentActor() actor: Actor, @Query() query: unknown): TemplateBuyerPage {
    const { idTemplate, ...page } = parse(UsersBuyerTemplateQuery, query, 'query');
    return this.templates.buyers(actor, idTemplate, page);
  }

  @Roles('ADMIN')
  @Post('users-buyer-template')
  @HttpCode(200)
  addBuyers(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    const { idTemplate, idDealers, flgEnabled } = parse(UsersBuyerTemplateChange, body);
    return this.templates.setBuyers(actor, idTemplate, idDealers, flgEnabled);
  }

  @Roles('ADMIN')
  @Put('users-buyer-template')
  setBuyers(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    const { idTemplate, idDealers, flgEnabled } = parse(UsersBuyerTemplateChange, body);
    return this.templates.setBuyers(actor, idTemplate, idDealers, flgEnabled);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('market-template')
  marketTemplates(@CurrentActor() actor: Actor, @Query() query: unknown) {
    const { market, idDealer } = parse(MarketTemplateQuery, query, 'query');
    return this.templates.ofMarket4Dealer(actor, market, idDealer);
  }

  @Roles('ADMIN')
  @Put('market-template')
  async setMarketTemplates(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { market, idDealer, flgEnabled } = parse(MarketTemplateChange, body);
    await this.templates.setMarket(actor, market, idDealer, flgEnabled);
    return this.templates.ofMarket4Dealer(actor, market, idDealer);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('export-buyers')
  exportBuyers(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply) {
    const filter = parse(ExportBuyersQuery, query, 'query');
    return reply.header('cache-control', PRIVATE_NO_STORE).header('Content-Disposition', 'attachment; filename="buyers.csv"')
      .type('text/csv; charset=utf-8').send(Readable.from(csvStream(EXPORT_BUYERS_CSV_COLUMNS, this.templates.buyerRows(actor, filter))));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('multi-auctioneer-template')
  multiAuctioneerTemplates(@CurrentActor() actor: Actor, @Query() query: unknown): TemplateView[] {
    return this.templates.ofMultiAuctioneer(actor, parse(AdminMultiAuctioneerTemplateQuery, query, 'query').idDealer);
  }

  @Roles('ADMIN')
  @Post('multi-auctioneer-template')
  @HttpCode(200)
  linkMultiAuctioneer(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TemplateView> {
    const { idDealer, idTemplate } = parse(MultiAuctioneerTemplateLink, body);
    return this.templates.linkMultiAuctioneer(actor, idTemplate, idDealer, true);
  }

  @Roles('ADMIN')
  @Delete('multi-auctioneer-template')
  @HttpCode(204)
  async unlinkMultiAuctioneer(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<void> {
    const { idDealer, idTemplate } = parse(MultiAuctioneerTemplateLink, query, 'query');
    await this.templates.linkMultiAuctioneer(actor, idTemplate, idDealer, false);
  }
}
