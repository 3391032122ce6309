import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  AdminTopCmsQuery, TopCmsCreate, TopCmsEdit, TopCmsIdQuery, TopCmsImageQuery, type TopCmsPage, type TopCmsView, type UploadedTopCmsImage,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { MULTIPART_ROUTE, discardMultipart } from '../../identity/registration/multipart.js';
import { ScopedNames } from '../../identity/resource-scope.js';
import { parse } from '../../platform/http/validation.js';
import { BannerImageStore } from './banner-image-store.service.js';
import { TopCmsChanges } from './top-cms-changes.service.js';
import { TopCmsQueries } from './top-cms-queries.service.js';

/** Who manages the home's top banners (spec 02 §1: administrators and customer-centre staff), in their markets. */
export const TOP_CMS_ROLES = ['ADMIN', 'CUSTOMER_CENTER'] as const;

/**
 * The top banners' back office (`/api/v1/admin/top-cms`, spec 02 §7). The market scope of a banner named by `id` is the
 * access guard's (`@ScopedNames`, resource-scope.ts: 403021); of `mkt`, `scopedMarkets` and `assertInScope`.
 */
@Controller('api/v1/admin')
export class AdminTopCmsController {
  constructor(private readonly queries: TopCmsQueries, private readonly changes: TopCmsChanges, private readonly images: BannerImageStore) {}

  @Roles(...TOP_CMS_ROLES)
  @Get('top-cms')
  list(@CurrentActor() actor: Actor, @Query() query: unknown): TopCmsPage {
    return this.queries.page(actor, parse(AdminTopCmsQuery, query, 'query'));
  }

  @Roles(...TOP_CMS_ROLES)
  @Post('top-cms')
  @HttpCode(201)
  create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TopCmsView> {
    return this.changes.create(actor, parse(TopCmsCreate, body));
  }

  @Roles(...TOP_CMS_ROLES)
  @ScopedNames({ id: 'topCms' })
  @Put('top-cms')
  edit(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<TopCmsView> {
    return this.changes.edit(actor, parse(TopCmsEdit, body));
  }

  @Roles(...TOP_CMS_ROLES)
  @ScopedNames({ id: 'topCms' })
  @Delete('top-cms')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<void> {
    await this.changes.delete(actor, parse(TopCmsIdQuery, query, 'query').id);
  }

  @Roles(...TOP_CMS_ROLES)
  @Post('top-cms/image')
  @HttpCode(201)
  @RouteConfig(MULTIPART_ROUTE)
  upload(@CurrentActor() actor: Actor, @Query() query: unknown, @Body() body: unknown): Promise<UploadedTopCmsImage> {
    let slot;
    try {
      slot = parse(TopCmsImageQuery, query, 'query').slot;
    } catch (error) {
      discardMultipart(body);
      throw error;
    }
    return this.images.upload(actor, body, slot);
  }
}
