import { Module } from '@nestjs/common';
import { AdminTopCmsController } from './admin-top-cms.controller.js';
import { BannerImageStore } from './banner-image-store.service.js';
import { OpenPortalController } from './open-portal.controller.js';
import { PortalInfoService } from './portal-info.service.js';
import { TopCmsChanges } from './top-cms-changes.service.js';
import { TopCmsQueries } from './top-cms-queries.service.js';

/** Controllers of the public portal's content (partners context). */
export const TOP_CMS_CONTROLLERS = [AdminTopCmsController, OpenPortalController];

/** The public portal's content: top banners, their images, public images and the portal information (issue 23 item 6). */
@Module({ controllers: TOP_CMS_CONTROLLERS, providers: [TopCmsQueries, TopCmsChanges, BannerImageStore, PortalInfoService], exports: [TopCmsQueries] })
export class TopCmsModule {}
